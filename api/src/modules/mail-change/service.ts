import { and, asc, eq, gt } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, MAIL_CHANGE_MESSAGES, type MailChangeConfirm, type MailChangeRequest } from '@app/contracts';
import { verifyPassword } from '../../accounts/passwords';
import type { Authenticated } from '../../accounts/sessions';
import { createOneTimeToken, hashToken, revokeOneTimeTokens, spendOneTimeToken } from '../../accounts/tokens';
import { findUserByEmail, findUserById } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { oneTimeTokens, users } from '../../db/schema';
import { ApiError, fieldError, ValidationError, type DrfErrors } from '../../http/errors';
import { lockKeys } from '../../http/rate-limit';
import { mailChangedMail, mailChangeMail } from '../../mail/templates';

/** At most this many mail-change mails per account and hour (each goes to an address the caller chose). */
export const MAX_MAIL_CHANGE_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export const MAIL_CHANGE_THROTTLED = 'メールアドレス変更のお申し込みが多すぎます。しばらく時間をおいてから、もう一度お試しください。';

/** The page the mail links to (mfe-mypage `/profile/mail/change/done`); it posts the token to the confirm endpoint. */
export function mailChangeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/profile/mail/change/done?${new URLSearchParams({ token }).toString()}`;
}

const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Seconds until another request is allowed, or 0 when it is allowed now (counted from the mails sent). */
async function retryAfter(db: Db, userId: number, now: Date): Promise<number> {
  const recent = await db
    .select({ at: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'mail_change'),
        gt(oneTimeTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(asc(oneTimeTokens.createdAt));
  if (recent.length < MAX_MAIL_CHANGE_REQUESTS_PER_HOUR) return 0;
  // The oldest of the hour frees a place once it is an hour old.
  const oldest = recent[recent.length - MAX_MAIL_CHANGE_REQUESTS_PER_HOUR]!.at;
  return Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
}

/**
 * A logged-in person asks to log in with another address: the current password must be right, the
 * address must be new and not another account's (case-insensitively). A single-use link, valid 24
 * hours, is mailed to the NEW address (proving it is theirs); the address changes only when it is
 * opened. A new request makes the earlier links stop working. At most
 * `MAX_MAIL_CHANGE_REQUESTS_PER_HOUR` mails per hour (429 with Retry-After, checked first).
 */
export async function requestMailChange(
  ctx: AppContext,
  auth: Authenticated,
  input: MailChangeRequest,
  meta: { ip: string },
): Promise<void> {
  const now = ctx.now();
  const { user } = auth;
  const throttled = (wait: number) => new ApiError(429, { detail: MAIL_CHANGE_THROTTLED }, { 'Retry-After': String(wait) });
  const wait = await retryAfter(ctx.db, user.id, now);
  if (wait > 0) throw throttled(wait);

  const email = input.email; // trimmed by the contract
  const errors: DrfErrors = {};
  if (sameAddress(email, user.email)) errors.email = [MAIL_CHANGE_MESSAGES.sameAddress];
  else if ((await findUserByEmail(ctx.db, email)) !== undefined) errors.email = [MAIL_CHANGE_MESSAGES.taken];
  if (!(await verifyPassword(user.passwordHash, input.password))) errors.password = [MAIL_CHANGE_MESSAGES.passwordIncorrect];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const token = await ctx.db.transaction(async (tx) => {
    // The count above is stale once parallel requests of this account commit: counted again here,
    // under a lock per account (every API process takes part), before this request's token is made.
    await lockKeys(tx, [`mail-change:${user.id}`]);
    const waitNow = await retryAfter(tx, user.id, now);
    if (waitNow > 0) throw throttled(waitNow);
    await revokeOneTimeTokens(tx, user.id, 'mail_change', now);
    const created = await createOneTimeToken(tx, user.id, 'mail_change', now);
    await tx
      .update(oneTimeTokens)
      .set({ data: { email } })
      .where(eq(oneTimeTokens.tokenHash, hashToken(created)));
    await writeAudit(tx, { event: 'account.mail_change_requested', at: now, userId: user.id, data: { to: email, ip: meta.ip } });
    return created;
  });
  ctx.mailer.sendInBackground(
    mailChangeMail({ to: email, lastName: user.lastName, firstName: user.firstName, url: mailChangeUrl(ctx.publicUrl(), token) }),
  );
}

const invalidLink = () => fieldError('token', ACCOUNT_MESSAGES.invalidLink);
const taken = () => fieldError('email', MAIL_CHANGE_MESSAGES.taken);

/**
 * The link of the mail was opened (possibly in a browser that is not logged in): the token names the
 * account and the new address. Unknown, used or expired → 400 on `token`; the address taken by
 * another account in the meantime → 400 on `email` (the link stays usable until it expires).
 * Otherwise the address changes, the token is spent, the account's other pending mail-change and
 * password-reset links stop working (they went to, or were asked for, the old address), and the
 * OLD address gets a notice. Sessions are kept: the address is not a secret and the password did
 * not change (whoever did not ask for it is told by the notice to change the password, which ends
 * the other sessions).
 */
export async function confirmMailChange(ctx: AppContext, input: MailChangeConfirm, meta: { ip: string }): Promise<void> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(input.token)), eq(oneTimeTokens.purpose, 'mail_change')));
  if (row === undefined || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime()) throw invalidLink();
  const email = row.data?.email;
  const user = await findUserById(ctx.db, row.userId);
  if (email === undefined || user === undefined || !user.isActive) throw invalidLink();
  const holder = await findUserByEmail(ctx.db, email);
  if (holder !== undefined && holder.id !== user.id) throw taken();

  const oldEmail = user.email;
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await spendOneTimeToken(tx, row.id, now))) throw invalidLink();
      await tx.update(users).set({ email, updatedAt: now }).where(eq(users.id, user.id));
      await revokeOneTimeTokens(tx, user.id, 'mail_change', now);
      await revokeOneTimeTokens(tx, user.id, 'password_reset', now);
      await writeAudit(tx, {
        event: 'account.mail_changed',
        at: now,
        actor: null,
        userId: user.id,
        data: { from: oldEmail, to: email, ip: meta.ip },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(); // taken at the same moment
    throw error;
  }
  ctx.mailer.sendInBackground(
    mailChangedMail({ to: oldEmail, lastName: user.lastName, firstName: user.firstName, newEmail: email, at: now }),
  );
}
