import { eq } from 'drizzle-orm';
import { type Entry } from '@app/contracts';
import { CLAIM_STATUS } from '@app/contracts/domain';
import type { AppContext } from '../../context';
import { entries, type User } from '../../db/schema';
import { entryCancelledMail } from '../../mail/templates';
import { getEntry } from './service';
import {
  entryLink,
  lockEntry,
  claimsOf,
  moveOrConflict,
  claimMoves,
  applyClaimMoves,
  auditClaims,
  person,
  writeEntryAudit,
} from './life-support';

// POST /api/entries/{id}/cancel/
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/entries/{id}/cancel/`: while under review, inadequate or reviewed (the table's
 * `cancel`), the entry is archived with `cancelled_at`; the claims still open (under review,
 * inadequate, can buy) are cancelled with `cancelled_at`, the others keep their status. Mail: the
 * entry was cancelled.
 */
export async function cancelEntry(ctx: AppContext, user: User, id: number): Promise<Entry> {
  const now = ctx.now();
  const entry = await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, user, id);
    const next = moveOrConflict(entry, 'cancel');
    const moves = claimMoves('cancel', await claimsOf(tx, entry.id));
    await tx.update(entries).set({ status: next, cancelledAt: now, updatedAt: now }).where(eq(entries.id, entry.id));
    await applyClaimMoves(
      tx,
      moves.filter((move) => move.after === CLAIM_STATUS.cancel),
      now,
      { cancelledAt: now },
    );
    await writeEntryAudit(
      tx,
      'entry.cancelled',
      { at: now, user, entry },
      {
        before: { status: entry.status, cancelled_at: null, claims: auditClaims(moves, 'before') },
        after: { status: next, cancelled_at: now.toISOString(), claims: auditClaims(moves, 'after') },
      },
    );
    return entry;
  });

  ctx.mailer.sendInBackground(entryCancelledMail({ ...person(user), at: now, code: entry.code, url: entryLink(ctx, entry.id) }));
  return getEntry(ctx, user, entry.id);
}

// ---------------------------------------------------------------------------------------------
