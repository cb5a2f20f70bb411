import { createHash } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type AccountSession } from '@app/contracts';
import type { Authenticated } from '../../accounts/sessions';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import { NON_FIELD_ERRORS, fieldError, notFound } from '../../http/errors';
import { notifyApplicant, SESSION_ENDED } from '../events/notify';

/**
 * The applicant's sessions as /profile shows them: GET /api/profile/sessions/, DELETE
 * /api/profile/sessions/{id}/ (another of their sessions), POST /api/profile/sessions/logout_all/
 * (all of them, this one included). A session is named by a public id derived from its row key
 * (which is the SHA-256 of the cookie): neither the cookie nor the key leaves the server.
 */
export const publicSessionId = (rowId: string): string =>
  createHash('sha256').update(`account-session:${rowId}`).digest('hex').slice(0, 32);

const UNKNOWN_DEVICE = '不明な端末';

/** The browser and the system of a User-Agent, in the words people use: `Chrome / Android`. */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg(?:e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? 'Safari'
              : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Macintosh|Mac OS X/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser === null && system === null) return UNKNOWN_DEVICE;
  return `${browser ?? '不明なブラウザ'} / ${system ?? '不明なOS'}`;
}

/** The user's live sessions, most recently used first. */
export async function listSessions(ctx: AppContext, auth: Authenticated): Promise<AccountSession[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, auth.user.id), gt(sessions.expiresAt, ctx.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    device: deviceOf(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    persistent: row.persistent,
    current: row.id === auth.session.id,
  }));
}

/** Ends another session of the user (404 for an id that is not theirs; 400 for this one). */
export async function revokeSession(ctx: AppContext, auth: Authenticated, publicId: string, meta: { ip: string }): Promise<void> {
  const rows = await ctx.db
    .select({ id: sessions.id, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, auth.user.id));
  const target = rows.find((row) => publicSessionId(row.id) === publicId);
  if (target === undefined) throw notFound();
  if (target.id === auth.session.id) throw fieldError(NON_FIELD_ERRORS, ACCOUNT_MESSAGES.currentSessionNotRevocable);
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, target.id), eq(sessions.userId, auth.user.id)))
      .returning({ id: sessions.id });
    if (deleted.length === 0) throw notFound();
    await writeAudit(tx, {
      event: 'account.session_revoked',
      at: ctx.now(),
      userId: auth.user.id,
      data: { ip: meta.ip, session: publicId, device: deviceOf(target.userAgent) },
    });
    await notifyApplicant(tx, auth.user.id, SESSION_ENDED);
  });
}

/** Ends every session of the user, this one included. */
export async function logoutEverywhere(ctx: AppContext, auth: Authenticated, meta: { ip: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(sessions).where(eq(sessions.userId, auth.user.id)).returning({ id: sessions.id });
    await writeAudit(tx, {
      event: 'account.logged_out_everywhere',
      at: ctx.now(),
      userId: auth.user.id,
      data: { ip: meta.ip, sessions: deleted.length },
    });
    await notifyApplicant(tx, auth.user.id, SESSION_ENDED);
  });
}
