import { and, asc, eq } from 'drizzle-orm';
import { ENTRY_LIFE_MESSAGES } from '@app/contracts';
import {
  claimStatusAfterEntryAction,
  entryStatusLabel,
  nextEntryStatus,
  type ClaimStatus,
  type EntryAction,
  type EntryStatus,
} from '@app/contracts/domain';
import { writeAudit, type AuditEntry } from '../../audit';
import type { AppContext, Db } from '../../context';
import { claims, entries, type ClaimRow, type EntryRow, type User } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const entryLink = (ctx: AppContext, entryId: number): string => `${ctx.publicUrl()}/entry/detail/${entryId}`;

/** The applicant's entry, locked until the transaction ends; 404 for anyone else's and unknown ids. */
export async function lockEntry(tx: Tx, user: User, id: number): Promise<EntryRow> {
  const [row] = await tx
    .select()
    .from(entries)
    .where(and(eq(entries.id, id), eq(entries.userId, user.id)))
    .for('update');
  if (row === undefined) throw notFound();
  return row;
}

export const claimsOf = (tx: Tx, entryId: number): Promise<ClaimRow[]> =>
  tx.select().from(claims).where(eq(claims.entryId, entryId)).orderBy(asc(claims.position));

/** The entry's status after `action`, or 409 naming the current status and the action. */
export function moveOrConflict(row: EntryRow, action: EntryAction & keyof typeof ENTRY_LIFE_MESSAGES.actions): EntryStatus {
  const next = nextEntryStatus(row.status as EntryStatus, action);
  if (next === null) throw notAllowed(row, action);
  return next;
}

export const notAllowed = (row: EntryRow, action: keyof typeof ENTRY_LIFE_MESSAGES.actions): ApiError =>
  new ApiError(409, {
    detail: ENTRY_LIFE_MESSAGES.notAllowed(entryStatusLabel(row.status) ?? '', ENTRY_LIFE_MESSAGES.actions[action]),
  });

interface ClaimMove {
  readonly id: number;
  readonly code: string;
  readonly before: number;
  readonly after: ClaimStatus;
}

/** Each claim's status after the entry's `action` (the claims the move does not concern keep theirs). */
export const claimMoves = (action: EntryAction, rows: readonly ClaimRow[]): ClaimMove[] =>
  rows.map((row) => ({
    id: row.id,
    code: row.code,
    before: row.status,
    after: claimStatusAfterEntryAction(action, row.status as ClaimStatus),
  }));

/** Writes the claims whose status changes (with `extra` columns, e.g. `cancelledAt`). */
export async function applyClaimMoves(tx: Tx, moves: readonly ClaimMove[], now: Date, extra: Partial<ClaimRow> = {}): Promise<void> {
  for (const move of moves) {
    if (move.after === move.before) continue;
    await tx
      .update(claims)
      .set({ ...extra, status: move.after, updatedAt: now })
      .where(eq(claims.id, move.id));
  }
}

export const auditClaims = (moves: readonly ClaimMove[], side: 'before' | 'after') =>
  moves.map((move) => ({ id: move.id, code: move.code, status: side === 'before' ? move.before : move.after }));

export const person = (user: User) => ({ to: user.email, lastName: user.lastName, firstName: user.firstName });

// ---------------------------------------------------------------------------------------------

/** The audit row of the applicant's move, by the applicant, about the entry (its code first in `data`). */
export const writeEntryAudit = (
  tx: Tx,
  event: AuditEntry['event'],
  { at, user, entry }: { at: Date; user: User; entry: EntryRow },
  data: Record<string, unknown>,
): Promise<void> =>
  writeAudit(tx, { event, at, userId: user.id, subjectType: 'entry', subjectId: String(entry.id), data: { code: entry.code, ...data } });
