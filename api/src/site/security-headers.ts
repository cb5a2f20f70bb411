import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isApiUrl } from '../http/api-url';
import { watchedFile, type WatchedFile } from '../watched-file';
import { shellBuildOf } from './shell-build';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site is served over https (PUBLIC_URL): Secure cookies, `__Host-` session cookie, HSTS. */
    httpsSite: boolean;
  }
}

/**
 * The Content-Security-Policy of the site's documents and files, the strict base adjusted only as far
 * as the site needs:
 *
 * - scripts only from this origin (the shell, the remotes and their chunks: module federation
 *   loads them with <script src> from the paths in /deployment.json), plus the origins a release
 *   manager listed in config.json `remoteOrigins` (the shell refuses any other remote URL), and one
 *   inline script by its hash (the documents' after-paint loader, site/after-paint.ts: the hash its
 *   build recorded in the site's loader.json, site/shell-build.ts; none when the site has no loader);
 * - `style-src 'unsafe-inline'`: the shell's index.html has an inline <style> (first paint) and the
 *   shared UI injects its stylesheet in a <style> element (shared/src/ui/styles.ts);
 * - `img-src data: blob:`: the favicon is a data: URL, upload previews are object URLs;
 * - `frame-src blob:`: the back office shows an uploaded PDF in an <iframe> of an object URL;
 * - `connect-src`: the API is same-origin; module federation fetches the remotes' mf-manifest.json;
 *   `blob:` for an upload's object URL read back by the upload field (seen in the e2e journeys).
 */
export const CONTENT_SECURITY_POLICY_BASE =
  "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'";

export function contentSecurityPolicy(remoteOrigins: readonly string[], loaderSource?: string): string {
  const extra = remoteOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    // The one inline script, by its hash: the documents' after-paint loader (after-paint.ts).
    `script-src 'self'${extra}${loaderSource ? ` ${loaderSource}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' blob:${extra}`,
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Nothing the site uses (uploads use <input type=file capture>, not getUserMedia). */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=(), interest-cohort=()';

/** One year, subdomains included: sent only when PUBLIC_URL is https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** An http(s) origin exactly as `new URL(...).origin` writes it (no path, no credentials). */
export function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/**
 * config.json `remoteOrigins` of the assembled site (SITE_DIR/config.json, the file the shell reads):
 * the origins besides this one that remotes may be loaded from, so a release manager's edit applies
 * without a restart, at once (see ../watched-file.ts).
 */
export function siteRemoteOrigins(siteDir: string): WatchedFile<readonly string[]> {
  return watchedFile(path.join(siteDir, 'config.json'), (text) => {
    const config = JSON.parse(text) as { remoteOrigins?: unknown };
    const listed = Array.isArray(config.remoteOrigins) ? config.remoteOrigins : [];
    return listed.filter((item): item is string => typeof item === 'string' && isOrigin(item));
  });
}

const NO_ORIGINS: readonly string[] = [];

/**
 * The Content-Security-Policy of an API answer (JSON or a file, never a page of the site): nothing
 * may load in it and nothing may frame it, the header set OWASP gives for REST answers. A route's
 * own policy stays (file downloads add `sandbox`).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every response. The site's documents and files: the site's CSP, COOP and
 * Permissions-Policy (headers of a page: an API answer is never one, so it has the short
 * API_CONTENT_SECURITY_POLICY instead and neither of the others). Every response: X-Frame-Options
 * DENY, nosniff, Referrer-Policy, and HSTS when PUBLIC_URL is https. Also marks each request with
 * whether the site is https by configuration (`request.httpsSite`), which decides the cookies'
 * Secure flag and the session cookie's name (../http/secure.ts), whatever the request's own protocol
 * (behind a TLS proxy it may look like plain http).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { context?: AppContext | undefined; siteDir: string }): void {
  const remoteOrigins = siteRemoteOrigins(options.siteDir);
  const shellBuild = shellBuildOf(options.siteDir);
  const httpsSite = () => {
    // A partial context (a test's stand-in) may have no publicUrl: then the site is not https.
    const context: Partial<AppContext> | undefined = options.context;
    return context?.publicUrl?.().startsWith('https:') === true;
  };
  let cachedFor: readonly string[] | undefined;
  let cachedLoader: string | undefined;
  let csp = contentSecurityPolicy([]);
  app.decorateRequest('httpsSite', false);
  app.addHook('onRequest', (request, _reply, done) => {
    request.httpsSite = httpsSite();
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // A route's own, stricter policy stays (file downloads: `default-src 'none'; sandbox`).
    const ownPolicy = reply.hasHeader('content-security-policy');
    if (isApiUrl(request.url)) {
      if (!ownPolicy) reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    } else {
      const origins = remoteOrigins.current() ?? NO_ORIGINS;
      const loader = shellBuild.current().loader?.cspSource;
      if (origins !== cachedFor || loader !== cachedLoader) {
        cachedFor = origins;
        cachedLoader = loader;
        csp = contentSecurityPolicy(origins, loader);
      }
      if (!ownPolicy) reply.header('Content-Security-Policy', csp);
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    }
    reply.header('X-Frame-Options', 'DENY');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (request.httpsSite) reply.header('Strict-Transport-Security', HSTS);
    done(null, payload);
  });
}
