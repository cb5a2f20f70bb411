import { and, desc, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../../context';
import type { AppDrizzle } from '../../db/database';
import { loginAttempts } from '../../db/schema';
import { lockKeys } from '../../http/rate-limit';

/**
 * Failed-login throttling, stored in `login_attempts` so that every API process counts the same:
 *
 * - per address (lower-cased, whether or not it has an account): 5 failures within 15 minutes;
 *   a successful login for the address starts its count again;
 * - per client IP address (X-Forwarded-For only with TRUST_PROXY): 20 failures within 15 minutes.
 *
 * Once a limit is reached further attempts are refused with 429 (without checking the password,
 * and without counting) until the oldest failure in the window is 15 minutes old.
 *
 * The check and the count are one step (reserveLoginAttempt): under advisory locks on the address
 * and the client, an attempt is recorded as a failure before the password is checked, and turned
 * into a success afterwards if it was one. So parallel guesses cannot all pass one window: no more
 * than the limit ever reach argon2.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 20,
} as const;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Seconds until another attempt is allowed, or 0 when it is allowed now. */
export async function loginRetryAfter(db: Db, input: { email: string; ip: string; now: Date }): Promise<number> {
  const { now } = input;
  const windowStart = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const email = normalizeEmail(input.email);

  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.attemptedAt, windowStart)));
  const since = lastSuccess?.at ?? windowStart;

  // The limit-th most recent failure: once it leaves the window, an attempt is allowed again.
  const retryAfter = async (key: 'email' | 'ip', value: string, after: Date, limit: number): Promise<number> => {
    const recent = await db
      .select({ at: loginAttempts.attemptedAt })
      .from(loginAttempts)
      .where(and(eq(loginAttempts[key], value), eq(loginAttempts.succeeded, false), gt(loginAttempts.attemptedAt, after)))
      .orderBy(desc(loginAttempts.attemptedAt))
      .limit(limit);
    const freedBy = recent[limit - 1];
    if (freedBy === undefined) return 0;
    return Math.max(1, Math.ceil((freedBy.at.getTime() + LOGIN_THROTTLE.windowMs - now.getTime()) / 1000));
  };

  const byEmail = await retryAfter('email', email, since, LOGIN_THROTTLE.maxFailuresPerEmail);
  const byIp = await retryAfter('ip', input.ip, windowStart, LOGIN_THROTTLE.maxFailuresPerIp);
  return Math.max(byEmail, byIp);
}

/**
 * Checks the limits and, if the attempt is allowed, records it as a failure, atomically (under
 * advisory locks on the address and the client, shared by every API process). Returns the
 * attempt's row id, or the seconds to wait (nothing recorded).
 */
export async function reserveLoginAttempt(
  db: AppDrizzle,
  input: { email: string; ip: string; now: Date },
): Promise<{ retryAfter: number; attemptId?: undefined } | { retryAfter: 0; attemptId: number }> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    await lockKeys(tx, [`login:email:${email}`, `login:ip:${input.ip}`]);
    const retryAfter = await loginRetryAfter(tx, { ...input, email });
    if (retryAfter > 0) return { retryAfter };
    const [row] = await tx
      .insert(loginAttempts)
      .values({ email, ip: input.ip, attemptedAt: input.now, succeeded: false })
      .returning({ id: loginAttempts.id });
    return { retryAfter: 0, attemptId: row!.id };
  });
}

/** The reserved attempt was a success: the address's count starts again. */
export async function markLoginSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
}

/** The reserved attempt does not count (the right password of an account not yet activated). */
export async function dropLoginAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}
