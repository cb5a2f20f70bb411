import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../context';
import { sessions, users, type Session, type User } from '../db/schema';
import { hashToken, randomToken } from './tokens';

/**
 * Server-side sessions (table `sessions`; the `sessionid` cookie holds a random token whose
 * SHA-256 is the row's id).
 *
 * - "Keep me logged in" (persistLoginState): the cookie and the row last 14 days from login
 *   (Django's SESSION_COOKIE_AGE), whatever happens in between.
 * - Otherwise the cookie ends with the browser, and the row expires after 12 hours without a
 *   request (sliding; at most 14 days in all), since a browser may stay open for weeks.
 * - Logging out deletes the row; a password change ends the other sessions, a reset all of them.
 */
export const PERSISTENT_SESSION_MS = 14 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at (and a browser session's expiry) is written at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface NewSession {
  readonly token: string;
  readonly session: Session;
}

export async function createSession(
  db: Db,
  input: { userId: number; persistent: boolean; now: Date; ip?: string | undefined; userAgent?: string | undefined },
): Promise<NewSession> {
  const token = randomToken();
  const { now } = input;
  const lifetime = input.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_IDLE_MS;
  const [session] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: input.userId,
      persistent: input.persistent,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetime),
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .returning();
  if (session === undefined) throw new Error('the session was not stored');
  return { token, session };
}

export interface Authenticated {
  readonly session: Session;
  readonly user: User;
}

/** The live session of a cookie token and its (active) user, or null. Slides a browser session. */
export async function findSession(db: Db, token: string, now: Date): Promise<Authenticated | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, now), eq(users.isActive, true)));
  if (row === undefined) return null;
  let { session } = row;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    const cap = session.createdAt.getTime() + PERSISTENT_SESSION_MS;
    const expiresAt = session.persistent ? session.expiresAt : new Date(Math.min(now.getTime() + BROWSER_SESSION_IDLE_MS, cap));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
    session = { ...session, lastSeenAt: now, expiresAt };
  }
  return { session, user: row.user };
}

/** Ends one session (logout). True when there was one. */
export async function deleteSession(db: Db, sessionId: string): Promise<boolean> {
  const deleted = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the user, except `keepSessionId` when given. */
export async function deleteUserSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  const mine = eq(sessions.userId, userId);
  await db.delete(sessions).where(keepSessionId === undefined ? mine : and(mine, ne(sessions.id, keepSessionId)));
}
