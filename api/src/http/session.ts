import type { FastifyReply, FastifyRequest } from 'fastify';
import { deleteSession, findSession, PERSISTENT_SESSION_MS, type Authenticated, type NewSession } from '../accounts/sessions';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { notAuthenticated } from './errors';
import { secureCookies } from './secure';

/** Django's session cookie name. */
export const SESSION_COOKIE = 'sessionid';

/**
 * Its name when PUBLIC_URL is https: the `__Host-` prefix makes the browser accept it only with
 * Secure, Path=/ and no Domain, so no subdomain or plain-http page can set or shadow it.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name for this request's site (by configuration, not by the request). */
export const sessionCookieName = (request: FastifyRequest): string => (request.httpsSite === true ? HOST_SESSION_COOKIE : SESSION_COOKIE);

/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/; Secure and named `__Host-sessionid` when
 * PUBLIC_URL is https (Secure also for a request that came over https). With persistLoginState it
 * has Max-Age (and Expires) of 14 days; without, neither, so it ends with the browser.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, created: NewSession): void {
  const persistent = created.session.persistent;
  reply.setCookie(sessionCookieName(request), created.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
    // The cookie lasts the 14 days; the row may end earlier when unused (accounts/sessions.ts).
    ...(persistent
      ? { maxAge: PERSISTENT_SESSION_MS / 1000, expires: new Date(created.session.createdAt.getTime() + PERSISTENT_SESSION_MS) }
      : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(request), { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) });
}

/** The session cookie's token, if the request has one. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined => request.cookies[sessionCookieName(request)];

const cache = new WeakMap<FastifyRequest, Promise<Authenticated | null>>();

/** The request's session and user (looked up once per request), or null for a visitor. */
export function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Authenticated | null> {
  let found = cache.get(request);
  if (found === undefined) {
    const token = sessionTokenOf(request);
    found = token === undefined || token === '' ? Promise.resolve(null) : findSession(ctx.db, token, ctx.now());
    cache.set(request, found);
  }
  return found;
}

/** The logged-in user's session and user, or 403 認証情報が含まれていません。 */
export async function requireAuth(ctx: AppContext, request: FastifyRequest): Promise<Authenticated> {
  const auth = await authenticate(ctx, request);
  if (auth === null) throw notAuthenticated();
  return auth;
}

export const requireUser = async (ctx: AppContext, request: FastifyRequest): Promise<User> => (await requireAuth(ctx, request)).user;

/** Ends the request's session, if any (logout or a new login). Returns the user it belonged to. */
export async function endSession(ctx: AppContext, request: FastifyRequest): Promise<User | null> {
  const auth = await authenticate(ctx, request);
  if (auth === null) return null;
  await deleteSession(ctx.db, auth.session.id);
  cache.set(request, Promise.resolve(null));
  return auth.user;
}
