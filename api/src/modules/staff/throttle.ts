import { and, desc, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../../context';
import type { AppDrizzle } from '../../db/database';
import { staffLoginAttempts } from '../../db/schema';
import { lockKeys } from '../../http/rate-limit';
import { LOGIN_THROTTLE, normalizeEmail } from '../auth/throttle';

/**
 * Failed staff logins, throttled as the applicants' (modules/auth/throttle.ts, the same limits)
 * but counted in their own table `staff_login_attempts`, so that neither side's failures lock the
 * other out. In PostgreSQL, so every API process counts the same:
 *
 * - per address: 5 failures within 15 minutes (a wrong password, a wrong or replayed code, a
 *   disabled account all count); a successful login starts the count again;
 * - per client IP: 20 failures within 15 minutes.
 *
 * Beyond a limit, 429 with Retry-After, without checking anything and without counting. As for
 * the applicants, check and count are one step under advisory locks (reserveStaffLoginAttempt):
 * the attempt is recorded as a failure before anything is checked, and marked a success after.
 */
export const STAFF_LOGIN_THROTTLE = LOGIN_THROTTLE;

/** Seconds until another attempt is allowed, or 0 when it is allowed now. */
export async function staffLoginRetryAfter(db: Db, input: { email: string; ip: string; now: Date }): Promise<number> {
  const { now } = input;
  const windowStart = new Date(now.getTime() - STAFF_LOGIN_THROTTLE.windowMs);
  const email = normalizeEmail(input.email);

  const [lastSuccess] = await db
    .select({ at: max(staffLoginAttempts.attemptedAt) })
    .from(staffLoginAttempts)
    .where(
      and(eq(staffLoginAttempts.email, email), eq(staffLoginAttempts.succeeded, true), gt(staffLoginAttempts.attemptedAt, windowStart)),
    );
  const since = lastSuccess?.at ?? windowStart;

  // The limit-th most recent failure: once it leaves the window, an attempt is allowed again.
  const retryAfter = async (key: 'email' | 'ip', value: string, after: Date, limit: number): Promise<number> => {
    const recent = await db
      .select({ at: staffLoginAttempts.attemptedAt })
      .from(staffLoginAttempts)
      .where(and(eq(staffLoginAttempts[key], value), eq(staffLoginAttempts.succeeded, false), gt(staffLoginAttempts.attemptedAt, after)))
      .orderBy(desc(staffLoginAttempts.attemptedAt))
      .limit(limit);
    const freedBy = recent[limit - 1];
    if (freedBy === undefined) return 0;
    return Math.max(1, Math.ceil((freedBy.at.getTime() + STAFF_LOGIN_THROTTLE.windowMs - now.getTime()) / 1000));
  };

  const byEmail = await retryAfter('email', email, since, STAFF_LOGIN_THROTTLE.maxFailuresPerEmail);
  const byIp = await retryAfter('ip', input.ip, windowStart, STAFF_LOGIN_THROTTLE.maxFailuresPerIp);
  return Math.max(byEmail, byIp);
}

/** Checks the limits and records the attempt as a failure, atomically; its row id, or the seconds to wait. */
export async function reserveStaffLoginAttempt(
  db: AppDrizzle,
  input: { email: string; ip: string; now: Date },
): Promise<{ retryAfter: number; attemptId?: undefined } | { retryAfter: 0; attemptId: number }> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    await lockKeys(tx, [`staff-login:email:${email}`, `staff-login:ip:${input.ip}`]);
    const retryAfter = await staffLoginRetryAfter(tx, { ...input, email });
    if (retryAfter > 0) return { retryAfter };
    const [row] = await tx
      .insert(staffLoginAttempts)
      .values({ email, ip: input.ip, attemptedAt: input.now, succeeded: false })
      .returning({ id: staffLoginAttempts.id });
    return { retryAfter: 0, attemptId: row!.id };
  });
}

/** The reserved attempt was a success: the address's count starts again. */
export async function markStaffLoginSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.update(staffLoginAttempts).set({ succeeded: true }).where(eq(staffLoginAttempts.id, attemptId));
}
