import { staffLoginAttempts } from '../../db/schema';
import { LOGIN_THROTTLE, loginThrottle } from '../auth/throttle';

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

const staffLogins = loginThrottle(staffLoginAttempts, 'staff-login');

export const reserveStaffLoginAttempt = staffLogins.reserve;
export const markStaffLoginSucceeded = staffLogins.markSucceeded;
