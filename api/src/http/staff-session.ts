import { STAFF_MESSAGES, type StaffRole } from '@app/contracts';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { deleteStaffSession, findStaffSession, type AuthenticatedStaffSession, type NewStaffSession } from '../accounts/staff-sessions';
import { ApiError } from './errors';
import { secureCookies } from './secure';

/**
 * The staff session of a request (the back office), apart from the applicant's (session.ts): its
 * own cookie, its own table (accounts/staff-sessions.ts), its own 403s. Only endpoints whose access
 * is `{ staff: roles }` read this cookie; applicant endpoints read only `sessionid`, so a staff
 * session never acts as an applicant, and an applicant's session never satisfies a staff endpoint.
 */
export const STAFF_SESSION_COOKIE = 'staff_sessionid';
/** Its name when PUBLIC_URL is https, as the applicant's `__Host-sessionid` (session.ts). */
export const HOST_STAFF_SESSION_COOKIE = `__Host-${STAFF_SESSION_COOKIE}`;

/** The staff cookie's name for this request's site (by configuration, not by the request). */
export const staffSessionCookieName = (request: FastifyRequest): string =>
  request.httpsSite === true ? HOST_STAFF_SESSION_COOKIE : STAFF_SESSION_COOKIE;

/** What a staff endpoint's handler receives as `staff`. */
export interface StaffPrincipal {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  /** The session the request came with (its row id). */
  readonly sessionId: string;
}

/** 403 without a (live) staff session. */
export const staffNotAuthenticated = (): ApiError => new ApiError(403, { detail: STAFF_MESSAGES.notAuthenticated });
/** 403 for a staff member whose role the endpoint does not allow. */
export const staffPermissionDenied = (): ApiError => new ApiError(403, { detail: STAFF_MESSAGES.permissionDenied });

/**
 * Secure over HTTPS as the applicant's cookie (the request's protocol, with TRUST_PROXY a proxy's
 * X-Forwarded-Proto), and also whenever PUBLIC_URL is https: staff cookies never travel in clear.
 */
const secure = (ctx: AppContext, request: FastifyRequest): boolean => secureCookies(request) || ctx.publicUrl().startsWith('https:');

/** The staff cookie: HttpOnly, SameSite=Lax, Path=/, no Max-Age (it ends with the browser; the server ends it sooner). */
export function setStaffSessionCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, created: NewStaffSession): void {
  reply.setCookie(staffSessionCookieName(request), created.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(ctx, request),
  });
}

export function clearStaffSessionCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(staffSessionCookieName(request), { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(ctx, request) });
}

const cache = new WeakMap<FastifyRequest, Promise<AuthenticatedStaffSession | null>>();

/** The request's staff session and staff member (looked up once per request), or null. */
export function authenticateStaff(ctx: AppContext, request: FastifyRequest): Promise<AuthenticatedStaffSession | null> {
  let found = cache.get(request);
  if (found === undefined) {
    const token = request.cookies[staffSessionCookieName(request)];
    found = token === undefined || token === '' ? Promise.resolve(null) : findStaffSession(ctx.db, token, ctx.now());
    cache.set(request, found);
  }
  return found;
}

export const toStaffPrincipal = ({ session, member }: AuthenticatedStaffSession): StaffPrincipal => ({
  id: member.id,
  email: member.email,
  name: member.name,
  role: member.role,
  sessionId: session.id,
});

/** The logged-in staff member when their role is one of `roles`; else 403 (no staff session, or the wrong role). */
export async function requireStaff(ctx: AppContext, request: FastifyRequest, roles: readonly StaffRole[]): Promise<StaffPrincipal> {
  const found = await authenticateStaff(ctx, request);
  if (found === null) throw staffNotAuthenticated();
  if (!roles.includes(found.member.role)) throw staffPermissionDenied();
  return toStaffPrincipal(found);
}

/** Route option of staff endpoints: the 403s come before the body is validated (as for applicants). */
export const staffRequired =
  (ctx: AppContext, roles: readonly StaffRole[]): preValidationAsyncHookHandler =>
  async (request) => {
    await requireStaff(ctx, request, roles);
  };

/** Ends the request's staff session, if any (logout, or a new staff login). Returns whose it was. */
export async function endStaffSession(ctx: AppContext, request: FastifyRequest): Promise<AuthenticatedStaffSession | null> {
  const found = await authenticateStaff(ctx, request);
  if (found === null) return null;
  await deleteStaffSession(ctx.db, found.session.id);
  cache.set(request, Promise.resolve(null));
  return found;
}
