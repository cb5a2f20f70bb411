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
 *
 * The staff's logins are throttled the same way in a table of their own (modules/staff/throttle.ts):
 * both are made by `loginThrottle`.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 20,
} as const;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** A table of login attempts: `login_attempts` or `staff_login_attempts` (the same columns). */
type AttemptsTable = typeof loginAttempts;
type AttemptInput = { email: string; ip: string; now: Date };

/**
 * The throttle over one table of attempts. `lockPrefix` names its advisory locks apart from the
 * other table's (`login`, `staff-login`).
 */
export function loginThrottle(table: AttemptsTable, lockPrefix: string) {
  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  async function retryAfter(db: Db, input: AttemptInput): Promise<number> {
    const { now } = input;
    const windowStart = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
    const email = normalizeEmail(input.email);

    const [lastSuccess] = await db
      .select({ at: max(table.attemptedAt) })
      .from(table)
      .where(and(eq(table.email, email), eq(table.succeeded, true), gt(table.attemptedAt, windowStart)));
    const since = lastSuccess?.at ?? windowStart;

    // The limit-th most recent failure: once it leaves the window, an attempt is allowed again.
    const freedAfter = async (key: 'email' | 'ip', value: string, after: Date, limit: number): Promise<number> => {
      const recent = await db
        .select({ at: table.attemptedAt })
        .from(table)
        .where(and(eq(table[key], value), eq(table.succeeded, false), gt(table.attemptedAt, after)))
        .orderBy(desc(table.attemptedAt))
        .limit(limit);
      const freedBy = recent[limit - 1];
      if (freedBy === undefined) return 0;
      return Math.max(1, Math.ceil((freedBy.at.getTime() + LOGIN_THROTTLE.windowMs - now.getTime()) / 1000));
    };

    const byEmail = await freedAfter('email', email, since, LOGIN_THROTTLE.maxFailuresPerEmail);
    const byIp = await freedAfter('ip', input.ip, windowStart, LOGIN_THROTTLE.maxFailuresPerIp);
    return Math.max(byEmail, byIp);
  }

  return {
    retryAfter,
    /**
     * Checks the limits and, if the attempt is allowed, records it as a failure, atomically (under
     * advisory locks on the address and the client, shared by every API process). Returns the
     * attempt's row id, or the seconds to wait (nothing recorded).
     */
    reserve: async (
      db: AppDrizzle,
      input: AttemptInput,
    ): Promise<{ retryAfter: number; attemptId?: undefined } | { retryAfter: 0; attemptId: number }> => {
      const email = normalizeEmail(input.email);
      return db.transaction(async (tx) => {
        await lockKeys(tx, [`${lockPrefix}:email:${email}`, `${lockPrefix}:ip:${input.ip}`]);
        const wait = await retryAfter(tx, { ...input, email });
        if (wait > 0) return { retryAfter: wait };
        const [row] = await tx
          .insert(table)
          .values({ email, ip: input.ip, attemptedAt: input.now, succeeded: false })
          .returning({ id: table.id });
        return { retryAfter: 0, attemptId: row!.id };
      });
    },
    /** The reserved attempt was a success: the address's count starts again. */
    markSucceeded: async (db: Db, attemptId: number): Promise<void> => {
      await db.update(table).set({ succeeded: true }).where(eq(table.id, attemptId));
    },
    /** The reserved attempt does not count (the right password of an account not yet activated). */
    drop: async (db: Db, attemptId: number): Promise<void> => {
      await db.delete(table).where(eq(table.id, attemptId));
    },
  };
}

const applicantLogins = loginThrottle(loginAttempts, 'login');

export const reserveLoginAttempt = applicantLogins.reserve;
export const markLoginSucceeded = applicantLogins.markSucceeded;
export const dropLoginAttempt = applicantLogins.drop;
