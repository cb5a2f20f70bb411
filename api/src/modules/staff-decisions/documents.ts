import { STAFF_DECISION_MESSAGES, type StaffDocumentDecision } from '@app/contracts';
import {
  ENTRY_STATUS,
  REVIEW_STATUS,
  REVIEW_STATUS_LABELS,
  jstDateTime,
  reviewStatusOrDefault,
  isClaimDocumentGroup,
  type DocumentGroup,
} from '@app/contracts/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { auditLog, claims, entries, staffMembers, users, type EntryRow, type InadequateDocumentRecord } from '../../db/schema';
import { ApiError, fieldError } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import { entryNotAllowed, lockClaims, decisionAudit, change } from './locking';

// ---------------------------------------------------------------------------------------------
// Document groups
// ---------------------------------------------------------------------------------------------

const isSameDocument = (item: InadequateDocumentRecord, group: DocumentGroup, claimId: number | null) =>
  item.group === group && item.claim_id === claimId;

/**
 * `POST /api/staff/entries/{id}/documents/` (while under review): one group confirmed (status 3,
 * its item removed from `inadequate_documents`) or inadequate (status 2, its item added or its
 * reason replaced, in place). The entry's groups are mirrored on the applicant's own statuses
 * (`users.withdrawals_detail_status`, `financial_statements_status`), which the next entry reuses.
 */
export async function reviewDocument(ctx: AppContext, staff: StaffPrincipal, id: number, decision: StaffDocumentDecision): Promise<number> {
  return change(ctx, id, async (tx, entry, now) => {
    if (entry.status !== ENTRY_STATUS.under_review) throw entryNotAllowed(entry.status);
    const group = decision.group;
    const claimId = decision.claim_id ?? null;
    const entryClaims = await lockClaims(tx, entry.id);
    const claim = claimId === null ? undefined : entryClaims.find((row) => row.id === claimId);
    if (isClaimDocumentGroup(group) ? claim === undefined : claimId !== null) {
      throw fieldError('claim_id', STAFF_DECISION_MESSAGES.claimMismatch);
    }
    const status = decision.decision === 'confirmed' ? REVIEW_STATUS.confirmed : REVIEW_STATUS.inadequate;
    const reason = decision.decision === 'inadequate' ? (decision.reason ?? '').trim() : null;

    const previous = entry.inadequateDocuments.find((item) => isSameDocument(item, group, claimId));
    let documents: InadequateDocumentRecord[];
    if (reason === null) documents = entry.inadequateDocuments.filter((item) => !isSameDocument(item, group, claimId));
    else if (previous === undefined) documents = [...entry.inadequateDocuments, { group, claim_id: claimId, reason }];
    else documents = entry.inadequateDocuments.map((item) => (item === previous ? { group, claim_id: claimId, reason } : item));

    const before =
      claim !== undefined
        ? group === 'invoice'
          ? claim.invoiceConfirmationStatus
          : claim.additionalDocConfirmationStatus
        : group === 'withdrawals_detail'
          ? entry.accountActivityStatementConfirmationStatus
          : entry.financialStatementConfirmationStatus;
    // Changed since the reviewer's page read it (another reviewer, or the applicant's resubmission).
    if (decision.seen_status !== undefined && decision.seen_status !== before) {
      throw await documentChanged(tx, entry, group, claimId, before);
    }
    if (claim !== undefined) {
      const invoice = group === 'invoice';
      await tx
        .update(claims)
        .set({ ...(invoice ? { invoiceConfirmationStatus: status } : { additionalDocConfirmationStatus: status }), updatedAt: now })
        .where(eq(claims.id, claim.id));
    } else {
      const withdrawals = group === 'withdrawals_detail';
      await tx
        .update(users)
        .set({ ...(withdrawals ? { withdrawalsDetailStatus: status } : { financialStatementsStatus: status }), updatedAt: now })
        .where(eq(users.id, entry.userId));
    }
    await tx
      .update(entries)
      .set({
        ...(group === 'withdrawals_detail' ? { accountActivityStatementConfirmationStatus: status } : {}),
        ...(group === 'financial_statements' ? { financialStatementConfirmationStatus: status } : {}),
        inadequateDocuments: documents,
        updatedAt: now,
      })
      .where(eq(entries.id, entry.id));
    await writeAudit(
      tx,
      decisionAudit(staff, entry, 'entry.document_reviewed', now, {
        group,
        claim_id: claimId,
        decision: decision.decision,
        before: { confirmation_status: before, reason: previous?.reason ?? null },
        after: { confirmation_status: status, reason },
      }),
    );
    return null;
  });
}

/**
 * The 409 of a document decided since the reviewer loaded it: who last decided it and when (the
 * entry's audit rows: the staff member's decision, or the applicant's resubmission), and its status now.
 */
async function documentChanged(tx: Db, entry: EntryRow, group: DocumentGroup, claimId: number | null, now: number): Promise<ApiError> {
  const label = REVIEW_STATUS_LABELS[reviewStatusOrDefault(now)];
  const [last] = await tx
    .select({ actor: auditLog.actor, at: auditLog.occurredAt, event: auditLog.event, data: auditLog.data, name: staffMembers.name })
    .from(auditLog)
    .leftJoin(staffMembers, sql`${auditLog.actor} = 'staff:' || ${staffMembers.id}::text`)
    .where(
      and(
        eq(auditLog.subjectType, 'entry'),
        eq(auditLog.subjectId, String(entry.id)),
        inArray(auditLog.event, ['entry.document_reviewed', 'entry.resubmitted']),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(20)
    .then((rows) =>
      rows.filter((row) => row.event === 'entry.resubmitted' || (row.data.group === group && (row.data.claim_id ?? null) === claimId)),
    );
  if (last === undefined) return new ApiError(409, { detail: STAFF_DECISION_MESSAGES.documentChangedUnknown(label) });
  const who = last.event === 'entry.resubmitted' ? '申込者' : `${last.name ?? 'ほかのスタッフ'}さん`;
  return new ApiError(409, { detail: STAFF_DECISION_MESSAGES.documentChanged(who, jstDateTime(last.at), label) });
}
