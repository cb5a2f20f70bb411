import { CSRF_COOKIE_NAME, HOST_CSRF_COOKIE_NAME } from '@app/contracts/domain';
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError } from './errors';
import { isSecureRequest, requestOrigin, secureCookies } from './secure';

/**
 * CSRF protection the way Django does it (cookie-based, "double submit"), because the client
 * follows Django's conventions (spec §7: every call echoes the `csrftoken` cookie in X-CSRFToken):
 *
 * - `POST /api/me/` issues the `csrftoken` cookie: 32 letters and digits, readable by scripts,
 *   SameSite=Lax, Secure over HTTPS, one year (Django's CSRF_COOKIE_AGE). Login rotates it. When
 *   PUBLIC_URL is https it is named `__Host-csrftoken` (Secure, Path=/, no Domain): a sibling host
 *   or a plain-http page could otherwise plant a cookie and header pair of its own choosing. The
 *   client reads whichever name is set (shared/src/api-client/read-cookie.ts).
 * - Every unsafe request (POST, PUT, PATCH, DELETE) to a route of the API must send the header
 *   `X-CSRFToken` equal to the cookie (compared in constant time). Before that, an `Origin`
 *   header, when present, must be the request's own origin or a trusted one (PUBLIC_URL); without
 *   Origin, a `Referer` must be same-origin too — required over HTTPS, checked when present
 *   over HTTP (Django requires it only over HTTPS).
 * - A failure is 403 `{"detail": "CSRF Failed: <Django's reason>"}`; the client recognises "CSRF".
 *
 * Exemption, `csrf: 'bootstrap'` (only `POST /api/me/`): while the browser has no csrftoken
 * cookie yet, the call that hands one out cannot carry it, so it passes without a token (the
 * origin checks still apply). It changes nothing and its answer cannot be read cross-site (no
 * CORS), so a forged call gains nothing. Once the cookie exists, /api/me/ is checked like any
 * other call, so a client whose token went stale learns it there too.
 *
 * Exemption BY DESIGN, `csrf: 'none'` on an unsafe method (route config `exempt`): only
 * `POST /api/telemetry/` (issue 26), the shell's field telemetry. `navigator.sendBeacon` cannot
 * send the X-CSRFToken header, and a batch changes nothing anyone owns (it adds to anonymous
 * counts); a forged one is bounded like any other beacon: body size, schema, a per-client rate and
 * the server's scrubbing (modules/telemetry/routes.ts). csrf.test.ts lists it apart.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required' (the default for every API route), 'bootstrap' (see above) or 'exempt'. */
    csrf?: 'required' | 'bootstrap' | 'exempt';
  }
}

export const CSRF_COOKIE = CSRF_COOKIE_NAME;
export const HOST_CSRF_COOKIE = HOST_CSRF_COOKIE_NAME;

/** The csrf cookie's name for this request's site (by configuration, as the session cookie's). */
export const csrfCookieName = (request: FastifyRequest): string => (request.httpsSite === true ? HOST_CSRF_COOKIE : CSRF_COOKIE);
export const CSRF_HEADER = 'x-csrftoken';
/** Django's CSRF_COOKIE_AGE: 52 weeks. */
export const CSRF_COOKIE_MAX_AGE_SECONDS = 31_449_600;

const TOKEN_LENGTH = 32;
const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Django's reasons (django/middleware/csrf.py), prefixed as DRF does. */
export const CSRF_REASONS = {
  noCookie: 'CSRF cookie not set.',
  cookieLength: 'CSRF cookie has incorrect length.',
  cookieChars: 'CSRF cookie has invalid characters.',
  missing: 'CSRF token missing.',
  incorrect: 'CSRF token incorrect.',
  badOrigin: (origin: string) => `Origin checking failed - ${origin} does not match any trusted origins.`,
  noReferer: 'Referer checking failed - no Referer.',
  malformedReferer: 'Referer checking failed - Referer is malformed.',
  insecureReferer: 'Referer checking failed - Referer is insecure while host is secure.',
  badReferer: (referer: string) => `Referer checking failed - ${referer} does not match any trusted origins.`,
} as const;

export const csrfFailure = (reason: string): ApiError => new ApiError(403, { detail: `CSRF Failed: ${reason}` });

/** A new token: 32 characters of [a-zA-Z0-9], uniformly random. */
export function newCsrfToken(): string {
  let token = '';
  for (let i = 0; i < TOKEN_LENGTH; i++) token += TOKEN_CHARS[randomInt(TOKEN_CHARS.length)];
  return token;
}

function tokenProblem(token: string): string | undefined {
  if (token.length !== TOKEN_LENGTH) return CSRF_REASONS.cookieLength;
  if (!/^[a-zA-Z0-9]+$/.test(token)) return CSRF_REASONS.cookieChars;
  return undefined;
}

let attributes = { second: Number.NaN, secure: false, text: '' };

/**
 * What follows `csrftoken=<token>` in its Set-Cookie line, as the cookie package writes it (Max-Age,
 * Path, Expires, Secure over HTTPS, SameSite=Lax; readable by scripts), kept for the current second:
 * only Expires changes, and only by the second. Written here rather than through reply.setCookie,
 * whose validation and date formatting were ≈ 5 µs of every POST /api/me/ (issue 12).
 */
export function csrfCookieAttributes(now: Date, secure: boolean): string {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== attributes.second || secure !== attributes.secure) {
    const expires = new Date((second + CSRF_COOKIE_MAX_AGE_SECONDS) * 1000).toUTCString();
    const text = `Max-Age=${CSRF_COOKIE_MAX_AGE_SECONDS}; Path=/; Expires=${expires}${secure ? '; Secure' : ''}; SameSite=Lax`;
    attributes = { second, secure, text };
  }
  return attributes.text;
}

/** The csrftoken cookie (a token of [a-zA-Z0-9]: nothing to encode); set once per answer. */
function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string, now: Date): void {
  reply.header('set-cookie', `${csrfCookieName(request)}=${token}; ${csrfCookieAttributes(now, secureCookies(request))}`);
}

/** Sends the csrftoken cookie: the browser's own when it is well-formed (refreshed), else a new one. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, now: Date): string {
  const current = request.cookies[csrfCookieName(request)];
  const token = current !== undefined && tokenProblem(current) === undefined ? current : newCsrfToken();
  setCsrfCookie(request, reply, token, now);
  return token;
}

/** A new csrftoken cookie (at login, as Django's rotate_token). */
export function rotateCsrfToken(request: FastifyRequest, reply: FastifyReply, now: Date): string {
  const token = newCsrfToken();
  setCsrfCookie(request, reply, token, now);
  return token;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function checkOrigin(request: FastifyRequest, trustedOrigins: readonly string[]): void {
  const trusted = (origin: string) => origin === requestOrigin(request) || trustedOrigins.includes(origin);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!trusted(origin)) throw csrfFailure(CSRF_REASONS.badOrigin(origin));
    return;
  }
  const referer = request.headers.referer;
  const secure = isSecureRequest(request);
  if (referer === undefined) {
    if (secure) throw csrfFailure(CSRF_REASONS.noReferer);
    return;
  }
  const refererOrigin = originOf(referer);
  if (refererOrigin === undefined) throw csrfFailure(CSRF_REASONS.malformedReferer);
  if (secure && refererOrigin.startsWith('http:')) throw csrfFailure(CSRF_REASONS.insecureReferer);
  if (!trusted(refererOrigin)) throw csrfFailure(CSRF_REASONS.badReferer(referer));
}

/** The onRequest hook of the API scope (see the comment at the top). */
export function csrfProtection(trustedOrigins: readonly string[]): onRequestHookHandler {
  // A callback hook (not async): no promise per request.
  return (request, _reply, done) => {
    try {
      checkCsrf(request, trustedOrigins);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}

/**
 * A request the site's own page made: it carries X-CSRFToken equal to the csrf cookie (only a
 * script of our origin can read the cookie), or it is a fetch the browser marks same-origin
 * (Sec-Fetch-Site, which no page can set). For a GET whose effect must not be forged from another
 * site, such as the audited staff file view; a link, form or image elsewhere has neither.
 */
export function isOwnPageRequest(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const cookie = request.cookies[csrfCookieName(request)];
  const header = request.headers[CSRF_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  return cookie !== undefined && tokenProblem(cookie) === undefined && token !== undefined && sameToken(token, cookie);
}

function checkCsrf(request: FastifyRequest, trustedOrigins: readonly string[]): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const mode = request.routeOptions.config.csrf ?? 'required';
  if (mode === 'exempt') return;
  checkOrigin(request, trustedOrigins);
  const cookie = request.cookies[csrfCookieName(request)];
  const problem = cookie === undefined ? CSRF_REASONS.noCookie : tokenProblem(cookie);
  // No usable cookie yet: the bootstrap call passes and hands one out.
  if (problem !== undefined && mode === 'bootstrap') return;
  if (problem !== undefined || cookie === undefined) throw csrfFailure(problem ?? CSRF_REASONS.noCookie);
  const header = request.headers[CSRF_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (token === undefined || token === '') throw csrfFailure(CSRF_REASONS.missing);
  if (!sameToken(token, cookie)) throw csrfFailure(CSRF_REASONS.incorrect);
}
