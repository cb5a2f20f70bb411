import { lt } from 'drizzle-orm';
import type { Db } from './context';
import { loginAttempts, oneTimeTokens, rateLimitHits, sessions } from './db/schema';
import { RATE_LIMIT_KEEP_MS } from './http/rate-limit';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer matter: expired sessions, mailed-link tokens 30 days past their
 * expiry (kept a while so a reused activation link can still say "already activated"), and login
 * attempts and rate-limit hits older than a day (the longest window is an hour). Any process may run it.
 */
export async function pruneExpired(db: Db, now: Date): Promise<{ sessions: number; tokens: number; loginAttempts: number }> {
  const removedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const removedTokens = await db
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, new Date(now.getTime() - 30 * DAY_MS)))
    .returning({ id: oneTimeTokens.id });
  const removedAttempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: loginAttempts.id });
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)));
  return { sessions: removedSessions.length, tokens: removedTokens.length, loginAttempts: removedAttempts.length };
}
