import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_DIRS } from '@app/contracts/remotes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { secureCookies } from '../../http/secure';
import { authenticateStaff } from '../../http/staff-session';

/**
 * A staff member's preview (issue 26): any published version of any remote pinned for their own
 * browser, so a team checks its build on the real site before a canary. The pins travel in their own
 * cookie, bound to the staff session that made them (its row id): honoured only with that live staff
 * session, so they end at logout (the cookie is cleared too) and nobody else's browser can carry
 * them. The shell shows a banner while any pin is active; the field telemetry of a pinned version
 * is tagged as a preview and kept out of the canary's numbers.
 */
export const PREVIEW_COOKIE = 'staff_preview';
export const HOST_PREVIEW_COOKIE = `__Host-${PREVIEW_COOKIE}`;

/** A version as `pnpm release` names them (scripts/lib.mjs isReleaseVersion: `<semver>-<hash>`, or a plain build id). */
const VERSION = /^[0-9A-Za-z.+-]{1,64}$/;

export type Previews = Readonly<Record<string, string>>;

const cookieName = (request: FastifyRequest): string => (request.httpsSite === true ? HOST_PREVIEW_COOKIE : PREVIEW_COOKIE);

/** Whether the request carries a preview cookie at all (before any session lookup). */
export const hasPreviewCookie = (request: FastifyRequest): boolean => {
  const value = request.cookies?.[cookieName(request)];
  return value !== undefined && value !== '';
};

/** What binds a cookie to its staff session: a hash of the session's row id (itself a hash of the token). */
const bindingOf = (sessionId: string): string => createHash('sha256').update(`preview\0${sessionId}`).digest('base64url').slice(0, 22);

/** The cookie's value: the session binding and the pins, as base64url JSON. */
export function encodePreviews(sessionId: string, pins: Previews): string {
  return Buffer.from(JSON.stringify({ s: bindingOf(sessionId), p: pins }), 'utf8').toString('base64url');
}

/** The pins of a cookie value made for `sessionId`; {} for any other session, or a value that is not ours. */
export function decodePreviews(value: string | undefined, sessionId: string): Previews {
  if (value === undefined || value === '') return {};
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { s?: unknown; p?: unknown };
    if (parsed.s !== bindingOf(sessionId) || typeof parsed.p !== 'object' || parsed.p === null) return {};
    const pins: Record<string, string> = {};
    for (const [remote, version] of Object.entries(parsed.p)) {
      if (Object.hasOwn(REMOTE_DIRS, remote) && typeof version === 'string' && VERSION.test(version)) pins[remote] = version;
    }
    return pins;
  } catch {
    return {};
  }
}

/** The manifest of a published version, as deployment.json names it (scripts/release-state.mjs manifestUrl). */
export const previewManifest = (remote: string, version: string): string =>
  `/remotes/${REMOTE_DIRS[remote as keyof typeof REMOTE_DIRS]}/${version}/mf-manifest.json`;

/** Whether `version` of `remote` is published in the site (its folder holds an mf-manifest.json). */
export function isPublished(siteDir: string, remote: string, version: string): boolean {
  if (!Object.hasOwn(REMOTE_DIRS, remote) || !VERSION.test(version)) return false;
  return fs.existsSync(path.join(siteDir, previewManifest(remote, version)));
}

/** The pins honoured for this request: those of its live staff session's cookie, else none. */
export async function previewsOf(ctx: AppContext, request: FastifyRequest): Promise<Previews> {
  if (!hasPreviewCookie(request)) return {};
  const staff = await authenticateStaff(ctx, request);
  if (staff === null) return {};
  return decodePreviews(request.cookies[cookieName(request)], staff.session.id);
}

const cookieOptions = (ctx: AppContext, request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) || ctx.publicUrl().startsWith('https:') }) as const;

/** Writes the pins for the request's staff session (no Max-Age: it ends with the browser, or at logout). */
export function setPreviews(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, sessionId: string, pins: Previews): void {
  if (Object.keys(pins).length === 0) {
    clearPreviews(ctx, request, reply);
    return;
  }
  reply.setCookie(cookieName(request), encodePreviews(sessionId, pins), cookieOptions(ctx, request));
}

export function clearPreviews(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), cookieOptions(ctx, request));
}
