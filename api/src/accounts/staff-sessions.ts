import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { hashToken, newSessionRow } from './tokens';
import type { Db } from '../context';
import { staffLoginAttempts, staffMembers, staffSessions, type StaffMemberRow, type StaffSessionRow } from '../db/schema';

/**
 * Staff sessions (table `staff_sessions`, cookie `staff_sessionid`), built like the applicants'
 * (accounts/sessions.ts: a random token in the cookie, its SHA-256 as the row's id) but apart from
 * them and shorter: a staff session ends after 30 minutes without a request and 8 hours after the
 * login whatever happens; the cookie itself ends with the browser. A disabled account's sessions
 * stop working at once (and are deleted by the disable command).
 */
export const STAFF_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
/** last_seen_at (and the idle expiry) is written at most this often. */
export const STAFF_SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface NewStaffSession {
  readonly token: string;
  readonly session: StaffSessionRow;
}

export async function createStaffSession(
  db: Db,
  input: { staffMemberId: number; now: Date; ip?: string | undefined; userAgent?: string | undefined },
): Promise<NewStaffSession> {
  const { now } = input;
  const { token, row } = newSessionRow(now, input);
  const [session] = await db
    .insert(staffSessions)
    .values({ ...row, staffMemberId: input.staffMemberId, expiresAt: new Date(now.getTime() + STAFF_SESSION_IDLE_MS) })
    .returning();
  if (session === undefined) throw new Error('the staff session was not stored');
  return { token, session };
}

export interface AuthenticatedStaffSession {
  readonly session: StaffSessionRow;
  readonly member: StaffMemberRow;
}

/** The live session of a cookie token and its (enabled) staff member, or null. Slides the idle expiry. */
export async function findStaffSession(db: Db, token: string, now: Date): Promise<AuthenticatedStaffSession | null> {
  const [row] = await db
    .select({ session: staffSessions, member: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffMemberId))
    .where(and(eq(staffSessions.id, hashToken(token)), gt(staffSessions.expiresAt, now), isNull(staffMembers.disabledAt)));
  if (row === undefined) return null;
  let { session } = row;
  if (now.getTime() - session.lastSeenAt.getTime() >= STAFF_SESSION_TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + STAFF_SESSION_IDLE_MS, session.createdAt.getTime() + STAFF_SESSION_MAX_MS));
    await db.update(staffSessions).set({ lastSeenAt: now, expiresAt }).where(eq(staffSessions.id, session.id));
    session = { ...session, lastSeenAt: now, expiresAt };
  }
  return { session, member: row.member };
}

/** Ends one staff session (logout). True when there was one. */
export async function deleteStaffSession(db: Db, sessionId: string): Promise<boolean> {
  const deleted = await db.delete(staffSessions).where(eq(staffSessions.id, sessionId)).returning({ id: staffSessions.id });
  return deleted.length > 0;
}

/** Ends every session of the staff member (disabled, or a new authenticator), except `keepSessionId`. */
export async function deleteStaffMemberSessions(db: Db, staffMemberId: number, keepSessionId?: string): Promise<number> {
  const mine = eq(staffSessions.staffMemberId, staffMemberId);
  const deleted = await db
    .delete(staffSessions)
    .where(keepSessionId === undefined ? mine : and(mine, ne(staffSessions.id, keepSessionId)))
    .returning({ id: staffSessions.id });
  return deleted.length;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes expired staff sessions and staff login attempts older than a day (the throttle's window
 * is 15 minutes). Run at each staff login: the staff tables stay small without a job of their own.
 */
export async function pruneStaffRows(db: Db, now: Date): Promise<void> {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  await db.delete(staffLoginAttempts).where(lt(staffLoginAttempts.attemptedAt, new Date(now.getTime() - DAY_MS)));
}
