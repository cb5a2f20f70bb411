import { and, eq, gt, isNull } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type AccountSummary, type LoginRequest } from '@app/contracts';
import { activationUrl } from '../../accounts/links';
import { verifyPassword } from '../../accounts/passwords';
import { createSession, deleteSession, type NewSession } from '../../accounts/sessions';
import { createOneTimeToken } from '../../accounts/tokens';
import { findUserByEmail } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { oneTimeTokens, users, type User } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { activationMail } from '../../mail/templates';
import { clientKey } from '../../http/client-ip';
import { applicantThrottleAudit } from './throttle-audit';
import { dropLoginAttempt, markLoginSucceeded, normalizeEmail, reserveLoginAttempt } from './throttle';

export interface ClientInfo {
  readonly ip: string;
  readonly userAgent?: string | undefined;
  /** The session the request came with (ended by a new login: no session fixation). */
  readonly currentSessionId?: string | undefined;
}

export interface LoggedIn {
  readonly account: AccountSummary;
  readonly created: NewSession;
}

/**
 * Logs in: throttling first (429), then the password (401 with the same detail for an unknown
 * address and a wrong password; an unknown address is checked against a dummy hash so both take
 * as long), then activation (401 with its own detail, only once the password is right). On success
 * a new session replaces the request's old one and last_login is set.
 */
export async function login(ctx: AppContext, input: LoginRequest, client: ClientInfo): Promise<LoggedIn> {
  const now = ctx.now();
  const email = normalizeEmail(input.email);
  // Counted before the password is checked (and under a lock): parallel guesses cannot overtake the limit.
  const { retryAfter, attemptId } = await reserveLoginAttempt(ctx.db, { email, ip: clientKey(client.ip), now });
  if (attemptId === undefined) {
    // One audit row when the throttling begins, not one per refused attempt.
    if (applicantThrottleAudit.shouldAudit(`${email}\n${client.ip}`, now, retryAfter)) {
      await writeAudit(ctx.db, {
        event: 'account.login_failed',
        at: now,
        actor: null,
        data: { email, ip: client.ip, reason: 'throttled' },
      });
    }
    throw new ApiError(429, { detail: ACCOUNT_MESSAGES.loginThrottled }, { 'Retry-After': String(retryAfter) });
  }

  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (user === undefined || !passwordOk) {
    await writeAudit(ctx.db, {
      event: 'account.login_failed',
      at: now,
      actor: null,
      userId: user?.id ?? null,
      data: { email, ip: client.ip, reason: user === undefined ? 'unknown_email' : 'wrong_password' },
    });
    throw new ApiError(401, { detail: ACCOUNT_MESSAGES.invalidCredentials });
  }
  if (!user.isActive) {
    await dropLoginAttempt(ctx.db, attemptId);
    const resent = await resendActivationIfExpired(ctx, user, now);
    await writeAudit(ctx.db, {
      event: 'account.login_failed',
      at: now,
      actor: null,
      userId: user.id,
      data: { email, ip: client.ip, reason: 'inactive', activation_mail_resent: resent },
    });
    throw new ApiError(401, { detail: ACCOUNT_MESSAGES.inactiveAccount });
  }

  const created = await ctx.db.transaction(async (tx) => {
    if (client.currentSessionId !== undefined) await deleteSession(tx, client.currentSessionId);
    const session = await createSession(tx, {
      userId: user.id,
      persistent: input.persistLoginState,
      now,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await tx.update(users).set({ lastLogin: now }).where(eq(users.id, user.id));
    await markLoginSucceeded(tx, attemptId);
    await writeAudit(tx, {
      event: 'account.logged_in',
      at: now,
      userId: user.id,
      data: { ip: client.ip, persistent: input.persistLoginState },
    });
    return session;
  });
  return { account: summary(user), created };
}

/**
 * The owner of a never-activated account (the password proves it) whose activation links have
 * all expired gets a new one, so that an old registration is not a dead end. The mail goes to the
 * registered address only, and at most once per link lifetime (while a link is valid, none is sent).
 */
async function resendActivationIfExpired(ctx: AppContext, user: User, now: Date): Promise<boolean> {
  const [valid] = await ctx.db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        eq(oneTimeTokens.purpose, 'activation'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (valid !== undefined) return false;
  const token = await createOneTimeToken(ctx.db, user.id, 'activation', now);
  ctx.mailer.sendInBackground(
    activationMail({
      to: user.email,
      lastName: user.lastName,
      firstName: user.firstName,
      url: activationUrl(ctx.publicUrl(), user.id, token),
    }),
  );
  return true;
}

export const summary = (user: User): AccountSummary => ({ id: user.id, email: user.email, corporate_division: user.corporateDivision });

/** Writes the logout to the audit log (the session itself is ended by the caller). */
export async function recordLogout(ctx: AppContext, user: User, ip: string): Promise<void> {
  await writeAudit(ctx.db, { event: 'account.logged_out', at: ctx.now(), userId: user.id, data: { ip } });
}
