import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Who may read `GET /metrics`:
 *
 * - with METRICS_TOKEN: whoever sends `Authorization: Bearer <METRICS_TOKEN>`, from any address
 *   (compared in constant time); anyone else gets 401 (`WWW-Authenticate: Bearer`), a loopback
 *   client included;
 * - without it: a loopback client (127.0.0.0/8, ::1) that came through no proxy, i.e. the socket's
 *   peer is loopback and the request carries none of X-Forwarded-For, Forwarded, X-Real-IP. A
 *   reverse proxy on the same host connects from loopback too: its requests carry those headers
 *   (a proxy in front of the API must add X-Forwarded-For anyway, TRUST_PROXY reads it), so they
 *   are refused, and /metrics is not exposed through the proxy. A proxy that forwards without any
 *   of them (a bare TCP forwarder) makes every client look local: there, set METRICS_TOKEN or keep
 *   /metrics out of what the proxy forwards. Anyone else gets 404, as for a path that does not
 *   exist (nothing to tell a scanner).
 *
 * TRUST_PROXY plays no part: the client address it derives (`request.ip`) is what the proxy says,
 * while this asks whether there is a proxy at all.
 */
export type MetricsAccess = 'allowed' | 'not-found' | 'unauthorized';

/** Headers a forwarding proxy adds: any of them, and the request is not a local one. */
export const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** 127.0.0.0/8, ::1, and IPv4-mapped loopback (`::ffff:127.0.0.1`, what a dual-stack socket reports). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain) || plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` against the expected token, in constant time (any length). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1];
  // Both sides hashed: equal lengths for timingSafeEqual, and nothing learned from a length.
  return timingSafeEqual(digest(sent ?? ''), digest(token)) && sent !== undefined;
}

export function metricsAccess(
  request: { readonly headers: IncomingHttpHeaders; readonly socket: { readonly remoteAddress?: string | undefined } },
  token: string | undefined,
): MetricsAccess {
  if (token !== undefined) return bearerMatches(request.headers.authorization, token) ? 'allowed' : 'unauthorized';
  if (!isLoopbackAddress(request.socket.remoteAddress)) return 'not-found';
  return FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined) ? 'not-found' : 'allowed';
}
