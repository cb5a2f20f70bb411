import { and, count, eq, gt } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  validatePassword,
  type PasswordChangeRequest,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
} from '@app/shared/contracts';
import { passwordResetUrl } from '../../accounts/links';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { deleteUserSessions, type Authenticated } from '../../accounts/sessions';
import {
  createOneTimeToken,
  decodeUid,
  findOneTimeToken,
  hashToken,
  randomToken,
  revokeOneTimeTokens,
  spendOneTimeToken,
} from '../../accounts/tokens';
import { findUserByEmail, findUserById } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { oneTimeTokens, users, type User } from '../../db/schema';
import { fieldError, ValidationError } from '../../http/errors';
import { passwordChangedMail, passwordResetMail } from '../../mail/templates';

/** At most this many reset mails per account and hour; further requests get the same answer, no mail. */
export const MAX_RESET_MAILS_PER_HOUR = 5;

/**
 * Mails a reset link to an active account with a usable password (as Django's PasswordResetForm).
 * The caller answers the same in every case; the mail goes out in the background so the time the
 * request takes does not tell either.
 */
export async function requestPasswordReset(ctx: AppContext, input: PasswordResetRequest, meta: { ip: string }): Promise<void> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, input.email);
  if (user === undefined || !user.isActive || user.passwordHash === null) {
    hashToken(randomToken()); // the same small work as for a real account
    return;
  }
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'password_reset'), gt(oneTimeTokens.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= MAX_RESET_MAILS_PER_HOUR) return;

  const token = await ctx.db.transaction(async (tx) => {
    const created = await createOneTimeToken(tx, user.id, 'password_reset', now);
    await writeAudit(tx, { event: 'account.password_reset_requested', at: now, actor: null, userId: user.id, data: { ip: meta.ip } });
    return created;
  });
  ctx.mailer.sendInBackground(
    passwordResetMail({
      to: user.email,
      lastName: user.lastName,
      firstName: user.firstName,
      url: passwordResetUrl(ctx.publicUrl(), user.id, token),
    }),
  );
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
 * Sets the new password of a reset link: the token works once, within one hour. A bad link is
 * reported on `uid` or `token` (the link is not spent when only the password is refused). Every
 * session of the account ends, and the account's other reset links stop working.
 */
export async function confirmPasswordReset(ctx: AppContext, input: PasswordResetConfirmRequest, meta: { ip: string }): Promise<void> {
  const now = ctx.now();
  const userId = decodeUid(input.uid);
  const user = userId === undefined ? undefined : await findUserById(ctx.db, userId);
  if (user === undefined || !user.isActive) throw fieldError('uid', ACCOUNT_MESSAGES.invalidLink);
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
 * the new one must follow the rules (400 on new_password2). Their other sessions end; this one stays.
 * Once committed, a notice goes to the account's address (whoever did not do it is told what to do).
 */
export async function changePassword(
  ctx: AppContext,
  auth: Authenticated,
  input: PasswordChangeRequest,
  meta: { ip: string },
): Promise<void> {
  const now = ctx.now();
  const { user, session } = auth;
  if (!(await verifyPassword(user.passwordHash, input.old_password)))
    throw fieldError('old_password', ACCOUNT_MESSAGES.oldPasswordIncorrect);
  checkNewPassword(input.new_password1, user);
  await ctx.db.transaction(async (tx) => {
    await storePassword(tx, user, input.new_password1, now);
    await deleteUserSessions(tx, user.id, session.id);
    await writeAudit(tx, { event: 'account.password_changed', at: now, userId: user.id, data: { ip: meta.ip } });
  });
  ctx.mailer.sendInBackground(passwordChangedMail({ to: user.email, lastName: user.lastName, firstName: user.firstName, at: now }));
}
