import { and, eq, getTableColumns, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../context';
import type { AppDrizzle } from '../db/database';
import { directStatement } from '../db/direct';
import { packed } from '../db/packed';
import { sessions, users, type Session, type User } from '../db/schema';
import { hashToken, newSessionRow } from './tokens';

/**
 * Server-side sessions (table `sessions`; the `sessionid` cookie holds a random token whose
 * SHA-256 is the row's id).
 *
 * - "Keep me logged in" (persistLoginState): the cookie lasts 14 days from login (Django's
 *   SESSION_COOKIE_AGE), and so does the row at most; unused for PERSISTENT_SESSION_IDLE_DAYS (7)
 *   it ends earlier (a phone left in a drawer is not logged in forever).
 * - Otherwise the cookie ends with the browser, and the row expires after BROWSER_SESSION_IDLE_HOURS
 *   (12) without a request (at most 14 days in all), since a browser may stay open for weeks.
 * - Either way expires_at slides with use (written with last_seen_at), capped at 14 days from login.
 * - Logging out deletes the row; a password change ends the other sessions, a reset all of them;
 *   the applicant can end any other session, or all of them (/profile).
 */
export const PERSISTENT_SESSION_MS = 14 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const PERSISTENT_SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How long a session may go unused, by kind. Set once at start from PERSISTENT_SESSION_IDLE_DAYS
 * and BROWSER_SESSION_IDLE_HOURS (configureSessionLimits); neither beyond the 14 days.
 */
export const sessionLimits = { persistentIdleMs: PERSISTENT_SESSION_IDLE_MS, browserIdleMs: BROWSER_SESSION_IDLE_MS };

export function configureSessionLimits(limits: { persistentIdleMs?: number | undefined; browserIdleMs?: number | undefined }): void {
  const capped = (ms: number | undefined, fallback: number) => Math.min(ms ?? fallback, PERSISTENT_SESSION_MS);
  sessionLimits.persistentIdleMs = capped(limits.persistentIdleMs, PERSISTENT_SESSION_IDLE_MS);
  sessionLimits.browserIdleMs = capped(limits.browserIdleMs, BROWSER_SESSION_IDLE_MS);
}

const idleLimitOf = (persistent: boolean): number => (persistent ? sessionLimits.persistentIdleMs : sessionLimits.browserIdleMs);

/** When a session used at `now` expires: its idle limit from now, never past 14 days from login. */
const slidingExpiry = (persistent: boolean, createdAt: Date, now: Date): Date =>
  new Date(Math.min(now.getTime() + idleLimitOf(persistent), createdAt.getTime() + PERSISTENT_SESSION_MS));

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
  const { now } = input;
  const { token, row } = newSessionRow(now, input);
  const [session] = await db
    .insert(sessions)
    .values({ ...row, userId: input.userId, persistent: input.persistent, expiresAt: slidingExpiry(input.persistent, now, now) })
    .returning();
  if (session === undefined) throw new Error('the session was not stored');
  return { token, session };
}

export interface Authenticated {
  readonly session: Session;
  readonly user: User;
}

/**
 * A live session: the token's row, not expired, of an active user. The one condition of every
 * session lookup (findSession, and the narrower one of POST /api/me/ in modules/me/service.ts), on
 * the placeholders `id` (the token's hash) and `now`.
 */
export const LIVE_SESSION = and(
  eq(sessions.id, sql.placeholder('id')),
  gt(sessions.expiresAt, sql.placeholder('now')),
  eq(users.isActive, true),
);

/** The placeholders of LIVE_SESSION for a cookie token. */
export const liveSessionParams = (token: string, now: Date) => ({ id: hashToken(token), now });

/**
 * The session lookup runs on every request of a logged-in user: a named statement run by
 * node-postgres directly (db/direct.ts: its SQL built once per database handle by drizzle; PostgreSQL
 * plans it once per connection), the session and the user each as one json column (db/packed.ts:
 * node-postgres sets up every result column again on every execution, and these are sixty).
 */
const sessionUserStatement = (db: AppDrizzle) =>
  directStatement(db, 'find_session', { session: packed(getTableColumns(sessions)), user: packed(getTableColumns(users)) }, (select) =>
    select.from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(LIVE_SESSION),
  );
const sessionUserStatements = new WeakMap<AppDrizzle, ReturnType<typeof sessionUserStatement>>();

/** Prepares a statement once per database handle. */
export function preparedFor<S>(cache: WeakMap<AppDrizzle, S>, db: AppDrizzle, prepare: (db: AppDrizzle) => S): S {
  let statement = cache.get(db);
  if (statement === undefined) {
    statement = prepare(db);
    cache.set(db, statement);
  }
  return statement;
}

/** What touchSession reads of a session (it writes last_seen_at and expires_at). */
type SessionTimes = Pick<Session, 'id' | 'persistent' | 'createdAt' | 'lastSeenAt'>;

/**
 * A request of the session: last_seen_at (and the sliding expiry) is written when
 * the last write is SESSION_TOUCH_INTERVAL_MS old. Returns the session as it now is.
 */
export async function touchSession<S extends SessionTimes>(db: Db, session: S, now: Date): Promise<S> {
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return session;
  const expiresAt = slidingExpiry(session.persistent, session.createdAt, now);
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
  return { ...session, lastSeenAt: now, expiresAt };
}

/** The live session of a cookie token and its (active) user, or null. Slides a browser session. */
export async function findSession(db: AppDrizzle, token: string, now: Date): Promise<Authenticated | null> {
  const [row] = await preparedFor(sessionUserStatements, db, sessionUserStatement).execute(liveSessionParams(token, now));
  if (row === undefined) return null;
  return { session: await touchSession(db, row.session, now), user: row.user };
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
