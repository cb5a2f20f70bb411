import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type AccountSummary, type ActivationRequest, type RegisterRequest } from '@app/contracts';
import { hashPassword } from '../../accounts/passwords';
import { activationUrl } from '../../accounts/links';
import { createOneTimeToken, decodeUid, findOneTimeToken, spendOneTimeToken } from '../../accounts/tokens';
import { findUserByEmail, findUserById } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { fieldError } from '../../http/errors';
import { ACCOUNT_RATE_LIMITS, enforceRateLimits, perClient, perKey } from '../../http/rate-limit';
import { activationMail } from '../../mail/templates';
import { normalizeEmail } from '../auth/throttle';
import { isNeverActivatedAndExpired, neverActivatedAndExpired } from './purge';

const emailTaken = () => fieldError('email', ACCOUNT_MESSAGES.emailTaken);

/**
 * Creates the account (inactive until the address is confirmed), a 72-hour activation token and
 * the audit row in one transaction, then — once it has committed, so a slow mail server never
 * holds a database connection or lock — sends the activation mail. When the mail cannot be sent
 * the account is removed again (500, audit `account.registration_withdrawn`), so the person can
 * simply register again; work that rolled back never sends a mail. An address held by a
 * never-activated account whose link has expired is free: that account is replaced (audited
 * `account.registration_replaced`), and the activation mail goes to the address as for any
 * registration, so whoever registers still has to own the mailbox.
 */
export async function register(ctx: AppContext, input: RegisterRequest, meta: { ip: string }): Promise<AccountSummary> {
  // What the registration page refuses (個人事業主 while individuals are unsupported), so does the API.
  if (input.corporate_division === 'individual' && ctx.individualsSupported !== undefined && !(await ctx.individualsSupported())) {
    throw fieldError('corporate_division', ACCOUNT_MESSAGES.individualsUnsupported);
  }
  await enforceRateLimits(ctx, [
    ...perClient(ctx, ACCOUNT_RATE_LIMITS.registerPerClient, meta.ip),
    ...perKey(ACCOUNT_RATE_LIMITS.registerPerAddress, normalizeEmail(input.email)),
  ]);
  const now = ctx.now();
  // An address held by an account nobody activated is free again once its link has expired: the
  // new registration replaces that account (and the password whoever registered it chose).
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing !== undefined && !(await isNeverActivatedAndExpired(ctx.db, existing.id, now))) throw emailTaken();
  const replacing = existing?.id;
  const passwordHash = await hashPassword(input.password);
  let created: { user: typeof users.$inferSelect; token: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      if (replacing !== undefined) {
        const removed = await tx
          .delete(users)
          .where(and(eq(users.id, replacing), neverActivatedAndExpired(now)))
          .returning({ id: users.id });
        if (removed.length === 0) throw emailTaken(); // replaced by a registration at the same moment
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          corporateDivision: input.corporate_division,
          lastName: input.last_name,
          firstName: input.first_name,
          companyName: input.corporate_division === 'corporate' ? input.company_name : '',
          ceresXuid: input.ceres_xuid,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (user === undefined) throw new Error('the user was not stored');
      const token = await createOneTimeToken(tx, user.id, 'activation', now);
      await writeAudit(tx, {
        event: 'account.registered',
        at: now,
        actor: null,
        userId: user.id,
        data: { corporate_division: user.corporateDivision, ip: meta.ip },
      });
      if (replacing !== undefined) {
        await writeAudit(tx, {
          event: 'account.registration_replaced',
          at: now,
          actor: null,
          userId: user.id,
          data: { replaced_user: replacing, ip: meta.ip },
        });
      }
      return { user, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(); // registered at the same moment
    throw error;
  }
  const { user, token } = created;
  try {
    await ctx.mailer.send(
      activationMail({
        to: user.email,
        lastName: user.lastName,
        firstName: user.firstName,
        url: activationUrl(ctx.publicUrl(), user.id, token),
      }),
    );
  } catch (error) {
    // Not activated, never used: removed with its token, so the address is free again.
    await ctx.db.transaction(async (tx) => {
      await tx.delete(users).where(and(eq(users.id, user.id), eq(users.isActive, false)));
      await writeAudit(tx, {
        event: 'account.registration_withdrawn',
        at: ctx.now(),
        actor: null,
        userId: user.id,
        data: { reason: 'activation mail not sent', ip: meta.ip },
      });
    });
    throw error;
  }
  return { id: user.id, email: user.email, corporate_division: user.corporateDivision };
}

/**
 * Confirms the address of the link's account: the token works once, within 72 hours. A link that
 * does not name an account, and an unknown, expired or used token, are all the same error on
 * `token`, so that a guess does not tell which user ids exist (a used token of an already active
 * account, which only its owner has, says so). Rate limited per client and per uid.
 */
export async function activate(ctx: AppContext, input: ActivationRequest, meta: { ip: string }): Promise<void> {
  await enforceRateLimits(ctx, [
    ...perClient(ctx, ACCOUNT_RATE_LIMITS.activationPerClient, meta.ip),
    ...perKey(ACCOUNT_RATE_LIMITS.activationPerAccount, input.uid),
  ]);
  const now = ctx.now();
  const userId = decodeUid(input.uid);
  const user = userId === undefined ? undefined : await findUserById(ctx.db, userId);
  if (user === undefined) throw fieldError('token', ACCOUNT_MESSAGES.invalidLink);
  const found = await findOneTimeToken(ctx.db, user.id, 'activation', input.token, now);
  if (found.status === 'used' && user.isActive) throw fieldError('token', ACCOUNT_MESSAGES.alreadyActivated);
  if (found.status !== 'valid') throw fieldError('token', ACCOUNT_MESSAGES.invalidLink);
  await ctx.db.transaction(async (tx) => {
    if (!(await spendOneTimeToken(tx, found.token.id, now))) throw fieldError('token', ACCOUNT_MESSAGES.invalidLink);
    await tx
      .update(users)
      .set({ isActive: true, activatedAt: user.activatedAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id));
    await writeAudit(tx, { event: 'account.activated', at: now, userId: user.id, actor: null, data: { ip: meta.ip } });
  });
}
