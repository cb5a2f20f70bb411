import { CHANGE_KINDS, type ChangeNotice } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../context';

/**
 * The PostgreSQL channel of the live-status notices (issue 22). Every API process listens on it with
 * one connection (hub.ts) and hands each notice to its own streams of that applicant.
 */
export const NOTICE_CHANNEL = 'applicant_events';

/** What travels on the channel: the applicant's id and either a change notice or "check your session". */
export type ChannelMessage = { readonly u: number; readonly notice: ChangeNotice } | { readonly u: number; readonly session: true };

/** Sessions of this applicant ended (logout, another device revoked): their streams check theirs at once. */
export const SESSION_ENDED = 'session' as const;

/**
 * Tells the applicant's open pages that something of theirs changed: `NOTIFY` inside the caller's
 * transaction, so PostgreSQL delivers it at the commit and never for a rolled-back change (outside a
 * transaction: at once). One line at each place a staff member or operator changes an applicant's
 * data: `await notifyApplicant(tx, userId, { kind: 'entry', id })`.
 */
export async function notifyApplicant(db: Db, userId: number, notice: ChangeNotice | typeof SESSION_ENDED): Promise<void> {
  const message: ChannelMessage = notice === SESSION_ENDED ? { u: userId, session: true } : { u: userId, notice };
  await db.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(message)})`);
}

/** A channel payload as sent by notifyApplicant, or null for anything else. */
export function parseChannelMessage(payload: string | undefined): ChannelMessage | null {
  if (payload === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { u, notice, session } = value as { u?: unknown; notice?: unknown; session?: unknown };
  if (typeof u !== 'number' || !Number.isInteger(u)) return null;
  if (session === true) return { u, session: true };
  if (typeof notice !== 'object' || notice === null) return null;
  const { kind, id } = notice as { kind?: unknown; id?: unknown };
  if (!CHANGE_KINDS.includes(kind as ChangeNotice['kind']) || typeof id !== 'number' || !Number.isInteger(id)) return null;
  return { u, notice: { kind: kind as ChangeNotice['kind'], id } };
}
