import { STAFF_DECISION_MESSAGES, type StaffEntryAssign } from '@app/contracts';
import { jstDateTime } from '@app/contracts/domain';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { entries, staffMembers } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import { decisionAudit, change } from './locking';

// ---------------------------------------------------------------------------------------------
// 担当: who has taken the entry
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/staff/entries/{id}/assignee/`: takes the entry (`take: true`) or lets it go, when the
 * page's `current_assignee` is still who has it — else 409 naming who has it and since when, so a
 * takeover is always made knowing from whom. Letting go is for whoever has it, or an admin.
 * Audited `entry.assignee_changed` with both names. Any status: staff may own an entry's follow-up
 * after the contract too.
 */
export async function assignEntry(ctx: AppContext, staff: StaffPrincipal, id: number, request: StaffEntryAssign): Promise<number> {
  return change(ctx, id, async (tx, entry, now) => {
    const current = entry.assigneeStaffId;
    const [holder] =
      current === null
        ? []
        : await tx.select({ id: staffMembers.id, name: staffMembers.name }).from(staffMembers).where(eq(staffMembers.id, current));
    if (current !== request.current_assignee) {
      if (holder === undefined || entry.assignedAt === null) {
        throw new ApiError(409, { detail: STAFF_DECISION_MESSAGES.assigneeChanged('ほかのスタッフ', '先ほど') });
      }
      throw new ApiError(409, { detail: STAFF_DECISION_MESSAGES.assigneeChanged(holder.name, jstDateTime(entry.assignedAt)) });
    }
    const next = request.take ? staff.id : null;
    if (!request.take && current !== null && current !== staff.id && staff.role !== 'admin') {
      throw new ApiError(409, { detail: STAFF_DECISION_MESSAGES.notAssignee });
    }
    if (next === current) return null;
    await tx
      .update(entries)
      .set({ assigneeStaffId: next, assignedAt: next === null ? null : now })
      .where(eq(entries.id, entry.id));
    await writeAudit(
      tx,
      decisionAudit(staff, entry, 'entry.assignee_changed', now, {
        before: { staff_id: current, staff_name: holder?.name ?? null },
        after: { staff_id: next, staff_name: next === null ? null : staff.name },
      }),
    );
    return null;
  });
}
