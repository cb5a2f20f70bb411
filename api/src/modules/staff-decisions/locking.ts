import { STAFF_DECISION_MESSAGES } from '@app/contracts';
import { claimStatusLabel, entryStatusLabel, type ClaimStatus, type EntryStatus } from '@app/contracts/domain';
import { asc, eq } from 'drizzle-orm';
import { staffActor, type AuditEntry } from '../../audit';
import type { AppContext, Db } from '../../context';
import { claims, entries, users, type ClaimRow, type EntryRow, type User } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import type { MailMessage } from '../../mail/mailer';
import { notifyApplicant } from '../events/notify';

// ---------------------------------------------------------------------------------------------
// Locking and refusals
// ---------------------------------------------------------------------------------------------

export const conflict = (detail: string): ApiError => new ApiError(409, { detail });
export const entryNotAllowed = (status: number): ApiError =>
  conflict(STAFF_DECISION_MESSAGES.entryNotAllowed(entryStatusLabel(status) ?? ''));
export const claimNotAllowed = (status: number): ApiError =>
  conflict(STAFF_DECISION_MESSAGES.claimNotAllowed(claimStatusLabel(status) ?? ''));

/** The entry's row, locked until the transaction ends; 404 for an unknown id. */
async function lockEntry(tx: Db, id: number): Promise<EntryRow> {
  const [row] = await tx.select().from(entries).where(eq(entries.id, id)).for('update');
  if (row === undefined) throw notFound();
  return row;
}

/** The entry's claims in their order, locked (after the entry: always the same order, no deadlock). */
export const lockClaims = (tx: Db, entryId: number): Promise<ClaimRow[]> =>
  tx.select().from(claims).where(eq(claims.entryId, entryId)).orderBy(asc(claims.position)).for('update');

/** The entry a claim belongs to (an entry id never changes, so it is read before locking); 404 for an unknown claim. */
export async function entryIdOfClaim(db: Db, claimId: number): Promise<number> {
  const [row] = await db.select({ entryId: claims.entryId }).from(claims).where(eq(claims.id, claimId));
  if (row === undefined) throw notFound();
  return row.entryId;
}

/** The entry's status as the domain types it (the column's check keeps it 1..6). */
export const entryStatusOf = (row: EntryRow): EntryStatus => row.status as EntryStatus;
export const claimStatusOf = (row: ClaimRow): ClaimStatus => row.status as ClaimStatus;

/** The entry's applicant, for the mails. */
export async function applicantOf(tx: Db, row: EntryRow): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  if (user === undefined) throw notFound();
  return user;
}

/** The audit row of a decision: by the staff member, about the entry. */
export const decisionAudit = (
  staff: StaffPrincipal,
  entry: EntryRow,
  event: AuditEntry['event'],
  at: Date,
  data: Record<string, unknown>,
): AuditEntry => ({ event, at, actor: staffActor(staff.id), subjectType: 'entry', subjectId: String(entry.id), data });

export const claimStatuses = (rows: readonly ClaimRow[]) => rows.map((row) => ({ id: row.id, code: row.code, status: row.status }));

/**
 * The staff member's change, in one transaction on the locked entry; then its mail (if any).
 * Answers the entry's id for the caller to read the fresh view.
 */
export async function change(
  ctx: AppContext,
  entryId: number,
  work: (tx: Db, entry: EntryRow, now: Date) => Promise<MailMessage | null>,
): Promise<number> {
  const now = ctx.now();
  const mail = await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    const result = await work(tx, entry, now);
    await notifyApplicant(tx, entry.userId, { kind: 'entry', id: entry.id });
    return result;
  });
  if (mail !== null) ctx.mailer.sendInBackground(mail);
  return entryId;
}
