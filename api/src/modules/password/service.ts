import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  validatePassword,
  type PasswordChangeRequest,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
} from '@app/contracts';
import { passwordResetUrl } from '../../accounts/links';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { createSession, deleteUserSessions, type Authenticated, type NewSession } from '../../accounts/sessions';
import {
  decodeUid,
  findOneTimeToken,
  hashToken,
  randomToken,
  revokeOneTimeTokens,
  spendOneTimeToken,
  TOKEN_LIFETIME_MS,
} from '../../accounts/tokens';
import { findUserByEmail, findUserById } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { oneTimeTokens, users, type User } from '../../db/schema';
import { fieldError, ValidationError } from '../../http/errors';
import { ACCOUNT_RATE_LIMITS, enforceRateLimits, perClient, perKey, releaseRateLimits } from '../../http/rate-limit';
import { passwordChangedMail, passwordResetMail, registrationPendingMail } from '../../mail/templates';
import { normalizeEmail } from '../auth/throttle';

/**
 * Mails a reset link to an active account with a usable password (as Django's PasswordResetForm).
 * The caller answers the same in every case, and the work is the same too: a token is drawn and
 * hashed and the mail is built for any address (for an unknown one, to nobody); only for a real
 * account is the token stored and the mail sent (in the background, so the time the request takes
 * does not tell either); a never-activated account's address gets a notice instead
 * (noticeRegistrationPending). Rate limited per client and per address, known or not.
 */
export async function requestPasswordReset(ctx: AppContext, input: PasswordResetRequest, meta: { ip: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await enforceRateLimits(ctx, [
    ...perClient(ctx, ACCOUNT_RATE_LIMITS.passwordResetPerClient, meta.ip),
    ...perKey(ACCOUNT_RATE_LIMITS.passwordResetPerAddress, email),
  ]);
  const now = ctx.now();
  const found = await findUserByEmail(ctx.db, email);
  const user = found !== undefined && found.isActive && found.passwordHash !== null ? found : undefined;
  const token = randomToken();
  const tokenHash = hashToken(token);
  const mail = passwordResetMail({
    to: user?.email ?? email,
    lastName: user?.lastName ?? '',
    firstName: user?.firstName ?? '',
    url: passwordResetUrl(ctx.publicUrl(), user?.id ?? 0, token),
  });
  if (user === undefined) {
    if (found !== undefined && !found.isActive && found.activatedAt === null) await noticeRegistrationPending(ctx, found, now, meta);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await tx.insert(oneTimeTokens).values({
      userId: user.id,
      purpose: 'password_reset',
      tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS.password_reset),
    });
    await writeAudit(tx, { event: 'account.password_reset_requested', at: now, actor: null, userId: user.id, data: { ip: meta.ip } });
  });
  ctx.mailer.sendInBackground(mail);
}

/**
 * A reset asked for an address whose account nobody activated: no reset link (a password set that
 * way would activate an account whose names someone else chose, and the mailbox's owner may not be
 * who registered), but a notice to the address saying the registration is pending and from when
 * the address can be registered anew (a new registration then replaces the account: register/).
 * The caller's answer is the same as for every address.
 */
async function noticeRegistrationPending(ctx: AppContext, user: User, now: Date, meta: { ip: string }): Promise<void> {
  const [links] = await ctx.db
    .select({ expiresAt: sql<Date | null>`max(${oneTimeTokens.expiresAt})` })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'activation'), isNull(oneTimeTokens.usedAt)));
  const lastLink = links?.expiresAt == null ? 0 : new Date(links.expiresAt).getTime();
  const freeFrom = new Date(Math.max(user.createdAt.getTime() + TOKEN_LIFETIME_MS.activation, lastLink));
  await writeAudit(ctx.db, {
    event: 'account.password_reset_requested',
    at: now,
    actor: null,
    userId: user.id,
    data: { ip: meta.ip, never_activated: true },
  });
  ctx.mailer.sendInBackground(registrationPendingMail({ to: user.email, freeFrom, now, registerUrl: `${ctx.publicUrl()}/register` }));
}

/** Django reports the rules a new password breaks on new_password2. */
function checkNewPassword(password: string, user: User): void {
  const problems = validatePassword(password, { email: user.email, first_name: user.firstName, last_name: user.lastName });
  if (problems.length > 0) throw new ValidationError({ new_password2: problems });
}

async function storePassword(db: Db, user: User, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  await revokeOneTimeTokens(db, user.id, 'password_reset', now);
}

/**
 * Sets the new password of a reset link: the token works once, within one hour. A bad link (an
 * unknown uid or a bad token alike) is reported on `token` (the link is not spent when only the password is refused). Every
 * session of the account ends, and the account's other reset links stop working.
 */
export async function confirmPasswordReset(ctx: AppContext, input: PasswordResetConfirmRequest, meta: { ip: string }): Promise<void> {
  await enforceRateLimits(ctx, [
    ...perClient(ctx, ACCOUNT_RATE_LIMITS.resetConfirmPerClient, meta.ip),
    ...perKey(ACCOUNT_RATE_LIMITS.resetConfirmPerAccount, input.uid),
  ]);
  const now = ctx.now();
  const userId = decodeUid(input.uid);
  const user = userId === undefined ? undefined : await findUserById(ctx.db, userId);
  // The same error as a bad token: a guess does not tell which user ids exist.
  if (user === undefined || !user.isActive) throw fieldError('token', ACCOUNT_MESSAGES.invalidLink);
  const found = await findOneTimeToken(ctx.db, user.id, 'password_reset', input.token, now);
  if (found.status !== 'valid') throw fieldError('token', ACCOUNT_MESSAGES.invalidLink);
  checkNewPassword(input.new_password1, user);
  await ctx.db.transaction(async (tx) => {
    if (!(await spendOneTimeToken(tx, found.token.id, now))) throw fieldError('token', ACCOUNT_MESSAGES.invalidLink);
    await storePassword(tx, user, input.new_password1, now);
    await deleteUserSessions(tx, user.id);
    await writeAudit(tx, { event: 'account.password_reset', at: now, actor: null, userId: user.id, data: { ip: meta.ip } });
  });
}

/**
 * A logged-in person changes their password: the current one must be right (400 on old_password),
 * the new one must follow the rules (400 on new_password2). Wrong current passwords are throttled
 * per account (5 in 15 minutes, then 429; counted before the check, so parallel guesses cannot
 * overtake it; a right one is not counted). Every session of the account ends, this one included:
 * the returned new session (same persistence) replaces it, so the person stays logged in under a
 * new session id. Once committed, a notice goes to the account's address.
 */
export async function changePassword(
  ctx: AppContext,
  auth: Authenticated,
  input: PasswordChangeRequest,
  meta: { ip: string; userAgent?: string | undefined },
): Promise<NewSession> {
  const now = ctx.now();
  const { user, session } = auth;
  const reservation = await enforceRateLimits(ctx, perKey(ACCOUNT_RATE_LIMITS.passwordChangePerUser, user.id));
  if (!(await verifyPassword(user.passwordHash, input.old_password)))
    throw fieldError('old_password', ACCOUNT_MESSAGES.oldPasswordIncorrect);
  await releaseRateLimits(ctx.db, reservation);
  checkNewPassword(input.new_password1, user);
  const created = await ctx.db.transaction(async (tx) => {
    await storePassword(tx, user, input.new_password1, now);
    await deleteUserSessions(tx, user.id);
    const renewed = await createSession(tx, {
      userId: user.id,
      persistent: session.persistent,
      now,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await writeAudit(tx, { event: 'account.password_changed', at: now, userId: user.id, data: { ip: meta.ip } });
    return renewed;
  });
  ctx.mailer.sendInBackground(passwordChangedMail({ to: user.email, lastName: user.lastName, firstName: user.firstName, at: now }));
  return created;
}
