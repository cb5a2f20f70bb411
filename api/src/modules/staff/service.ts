import { STAFF_MESSAGES, type StaffLoginRequest, type StaffMember, type StaffSummary } from '@app/contracts';
import { staffThrottleAudit } from '../auth/throttle-audit';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { verifyPassword } from '../../accounts/passwords';
import { drfDateTime } from '../../accounts/users';
import { staffActor, writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { staffMembers, type StaffMemberRow } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { clientKey } from '../../http/client-ip';
import { normalizeEmail } from '../auth/throttle';
import { createStaffSession, deleteStaffSession, pruneStaffRows, type NewStaffSession } from '../../accounts/staff-sessions';
import { markStaffLoginSucceeded, reserveStaffLoginAttempt } from './throttle';
import { verifyTotp } from './totp';
import { decryptTotpSecret, TotpSecretError } from './totp-secret';

/** The audit subject of staff events. */
export const STAFF_SUBJECT = 'staff_member';

export const toStaffSummary = (member: StaffMemberRow): StaffSummary => ({
  id: member.id,
  email: member.email,
  name: member.name,
  role: member.role,
});

export const toStaffMember = (member: StaffMemberRow): StaffMember => ({
  ...toStaffSummary(member),
  created_at: drfDateTime(member.createdAt),
  last_login_at: member.lastLoginAt === null ? null : drfDateTime(member.lastLoginAt),
  disabled_at: member.disabledAt === null ? null : drfDateTime(member.disabledAt),
});

/** The staff account of an address (any case), disabled or not. */
export async function findStaffMemberByEmail(db: Db, email: string): Promise<StaffMemberRow | undefined> {
  const [member] = await db
    .select()
    .from(staffMembers)
    .where(sql`lower(${staffMembers.email}) = ${normalizeEmail(email)}`);
  return member;
}

/** Every staff account, oldest first (what an admin lists: no secret leaves through StaffMember). */
export async function listStaffMembers(db: Db): Promise<StaffMemberRow[]> {
  return db.select().from(staffMembers).orderBy(asc(staffMembers.id));
}

export interface StaffClientInfo {
  readonly ip: string;
  readonly userAgent?: string | undefined;
  /** The staff session the request came with (ended by a new login: no session fixation). */
  readonly currentSessionId?: string | undefined;
}

/** Why a staff login failed, as audited (the answer is one 401 for all). */
export type StaffLoginFailure =
  | 'throttled'
  | 'unknown_email'
  | 'wrong_password'
  | 'wrong_otp'
  | 'otp_replayed'
  | 'disabled'
  /** The stored TOTP secret does not open with this STAFF_TOTP_KEY (the key was changed). */
  | 'totp_unreadable';

export interface StaffLoggedIn {
  readonly staff: StaffSummary;
  readonly created: NewStaffSession;
}

const invalidCredentials = () => new ApiError(401, { detail: STAFF_MESSAGES.invalidCredentials });

/**
 * A staff login: throttling first (429), then the address, the password (an unknown address is
 * checked against a dummy hash, so it takes as long), the TOTP code (its own step or one either
 * side), the account being enabled, and the code's step being later than the last one accepted
 * (a code works once). Any failure is the same 401 and counts for the throttle; the audit log says
 * which it was. On success a new staff session replaces the request's old one.
 */
export async function staffLogin(
  ctx: AppContext,
  input: StaffLoginRequest,
  client: StaffClientInfo,
  totpKey: Buffer,
): Promise<StaffLoggedIn> {
  const now = ctx.now();
  const email = normalizeEmail(input.email);
  await pruneStaffRows(ctx.db, now);

  // Counted (as a failure) before anything is checked, under a lock: parallel guesses cannot overtake the limit.
  const { retryAfter, attemptId } = await reserveStaffLoginAttempt(ctx.db, { email, ip: clientKey(client.ip), now });
  if (attemptId === undefined) {
    // One audit row when the throttling begins, not one per refused attempt.
    if (staffThrottleAudit.shouldAudit(`${email}\n${client.ip}`, now, retryAfter)) {
      await auditFailure(ctx.db, now, undefined, { email, ip: client.ip, reason: 'throttled' });
    }
    throw new ApiError(429, { detail: STAFF_MESSAGES.loginThrottled }, { 'Retry-After': String(retryAfter) });
  }

  const member = await findStaffMemberByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(member?.passwordHash, input.password);
  const fail = async (reason: StaffLoginFailure): Promise<never> => {
    await auditFailure(ctx.db, now, member, { email, ip: client.ip, reason });
    throw invalidCredentials();
  };
  if (member === undefined) return fail('unknown_email');
  if (!passwordOk) return fail('wrong_password');
  let secret: string;
  try {
    secret = decryptTotpSecret(member.totpSecretEncrypted, totpKey);
  } catch (error) {
    if (!(error instanceof TotpSecretError)) throw error;
    return fail('totp_unreadable');
  }
  const counter = verifyTotp(secret, input.otp, now);
  if (counter === null) return fail('wrong_otp');
  if (member.disabledAt !== null) return fail('disabled');

  const created = await ctx.db.transaction(async (tx) => {
    // Claims the code's step: only one request can, and never a step not after the last one.
    const claimed = await tx
      .update(staffMembers)
      .set({ totpLastCounter: counter, lastLoginAt: now })
      .where(
        and(
          eq(staffMembers.id, member.id),
          isNull(staffMembers.disabledAt),
          or(isNull(staffMembers.totpLastCounter), lt(staffMembers.totpLastCounter, counter)),
        ),
      )
      .returning({ id: staffMembers.id });
    if (claimed.length === 0) return null;
    if (client.currentSessionId !== undefined) await deleteStaffSession(tx, client.currentSessionId);
    const session = await createStaffSession(tx, { staffMemberId: member.id, now, ip: client.ip, userAgent: client.userAgent });
    await markStaffLoginSucceeded(tx, attemptId);
    await writeAudit(tx, {
      event: 'staff.logged_in',
      at: now,
      actor: staffActor(member.id),
      subjectType: STAFF_SUBJECT,
      subjectId: String(member.id),
      data: { ip: client.ip },
    });
    return session;
  });
  if (created === null) return fail('otp_replayed');
  return { staff: toStaffSummary(member), created };
}

async function auditFailure(
  db: Db,
  now: Date,
  member: StaffMemberRow | undefined,
  data: { email: string; ip: string; reason: StaffLoginFailure },
): Promise<void> {
  await writeAudit(db, {
    event: 'staff.login_failed',
    at: now,
    actor: null,
    ...(member === undefined ? {} : { subjectType: STAFF_SUBJECT, subjectId: String(member.id) }),
    data,
  });
}

/** Writes the staff logout to the audit log (the session itself is ended by the caller). */
export async function recordStaffLogout(ctx: AppContext, staffMemberId: number, ip: string): Promise<void> {
  await writeAudit(ctx.db, {
    event: 'staff.logged_out',
    at: ctx.now(),
    actor: staffActor(staffMemberId),
    subjectType: STAFF_SUBJECT,
    subjectId: String(staffMemberId),
    data: { ip },
  });
}
