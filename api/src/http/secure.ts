import type { FastifyRequest } from 'fastify';

/**
 * True when the request reached us over HTTPS: TLS on our own socket, or X-Forwarded-Proto https
 * from a proxy we trust (TRUST_PROXY; Fastify ignores the header otherwise).
 */
export const isSecureRequest = (request: FastifyRequest): boolean => request.protocol === 'https';

/**
 * Cookies go out with Secure when PUBLIC_URL is https (decided by configuration: behind a TLS proxy
 * that is not trusted the request looks like plain http) or when the request itself is https.
 */
export const secureCookies = (request: FastifyRequest): boolean => request.httpsSite === true || isSecureRequest(request);

/** The last `protocol://host` seen and its origin: every request of a site names the same one. */
let lastRaw = '';
let lastOrigin = '';

/** The request's own origin, as a browser names it in Origin (`https://host`, default port left out). */
export function requestOrigin(request: FastifyRequest): string {
  const raw = `${request.protocol}://${request.host}`;
  if (raw !== lastRaw) {
    let origin: string;
    try {
      origin = new URL(raw).origin;
    } catch {
      origin = raw;
    }
    lastRaw = raw;
    lastOrigin = origin;
  }
  return lastOrigin;
}
