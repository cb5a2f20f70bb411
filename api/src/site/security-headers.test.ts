import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { Agent, createUser, PASSWORD, startTestApi, type TestApi } from '../test/api';
import { writeShellBuild } from '../test/shell-build';
import { makeTempDir, removeDir } from '../test/support';
import { SHELL_BUILD_FILE, sha256Base64, type AfterPaintLoader } from './shell-build';
import {
  API_CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY_BASE,
  contentSecurityPolicy,
  HSTS,
  PERMISSIONS_POLICY,
} from './security-headers';

let api: TestApi;
let siteDir: string;
let httpApp: FastifyInstance;
let httpsApp: FastifyInstance;
let loader: AfterPaintLoader;

function writeSite(relative: string, content: string): void {
  const file = path.join(siteDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  api = await startTestApi();
  siteDir = makeTempDir('security-headers-site');
  writeSite('index.html', '<!doctype html><title>shell</title><div id="app-root"></div><script defer src="/assets/main.1.js"></script>');
  loader = writeShellBuild(siteDir);
  writeSite('remotes/auth/remoteEntry.abc.js', 'export {};');
  writeSite('config.json', JSON.stringify({ supportUrl: '/statement', loginUrl: '/login', individualsSupported: true }));
  const site = { SITE_DIR: siteDir, LOG_LEVEL: 'silent' } as const;
  httpApp = buildApp({ env: site, db: api.database, context: api.context });
  // Behind a TLS proxy (PUBLIC_URL https), reached here without TLS and without X-Forwarded-Proto:
  // what the cookies and headers say must not depend on the request.
  httpsApp = buildApp({ env: site, db: api.database, context: { ...api.context, publicUrl: () => 'https://factoring.example.jp' } });
  await Promise.all([httpApp.ready(), httpsApp.ready()]);
});
afterAll(async () => {
  await Promise.all([httpApp?.close(), httpsApp?.close()]);
  await api?.close();
  removeDir(siteDir);
});

const API_KINDS = [
  ['an API answer', 'POST', '/api/me/'],
  ['the health check', 'GET', '/api/health/'],
  ['an unknown API path', 'GET', '/api/nothing-here/'],
  ['an API path with a query', 'GET', '/api?x=1'],
] as const;
const SITE_KINDS = [
  ['the shell', 'GET', '/'],
  ['a client-side route (SPA fallback)', 'GET', '/mypage'],
  ['a remote file', 'GET', '/remotes/auth/remoteEntry.abc.js'],
  ['a missing file', 'GET', '/remotes/auth/missing.js'],
  ['a path that only starts like the API', 'GET', '/apis'],
] as const;
const EVERY_KIND = [...API_KINDS, ...SITE_KINDS];

describe('security headers on every response', () => {
  it.each(EVERY_KIND)('%s', async (_kind, method, url) => {
    const response = await httpApp.inject({ method, url });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    // Plain http: no HSTS (a browser would ignore it, and localhost must stay reachable).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(SITE_KINDS)("%s: the site's CSP, COOP and Permissions-Policy", async (_kind, method, url) => {
    const response = await httpApp.inject({ method, url });
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy([], loader.cspSource));
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  it.each(API_KINDS)("%s: the API's CSP (nothing loads, nothing frames it), no headers of a page", async (_kind, method, url) => {
    const response = await httpApp.inject({ method, url });
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['permissions-policy']).toBeUndefined();
  });

  it('the CSP is the strict base, adjusted only where the site needs it', () => {
    expect(CONTENT_SECURITY_POLICY_BASE).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY_BASE).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY_BASE).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY_BASE).toContain("base-uri 'self'");
    expect(CONTENT_SECURITY_POLICY_BASE).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy([])).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
    expect(contentSecurityPolicy([], "'sha256-abc='")).toContain("script-src 'self' 'sha256-abc=';");
    expect(contentSecurityPolicy([])).toContain("script-src 'self';");
  });

  it("allows the document's one inline script, the loader the shell's build recorded, by the hash recorded for its file", async () => {
    const response = await httpApp.inject({ method: 'GET', url: '/mypage' });
    const inline = /<script data-after-paint="\/assets\/main\.1\.js">([^<]*)<\/script>/.exec(response.body)?.[1];
    expect(inline).toBe(loader.script);
    const scriptSrc = /script-src ([^;]*);/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${sha256Base64(inline ?? '')}'`);
    // A new shell's loader: its own hash, at once; no record: no inline script and no hash.
    const next = writeShellBuild(siteDir, { script: '(()=>{})();', file: 'assets/after-paint.9999999999.js' });
    try {
      const again = await httpApp.inject({ method: 'GET', url: '/mypage' });
      expect(again.body).toContain(`>${next.script}</script>`);
      expect(again.headers['content-security-policy']).toBe(contentSecurityPolicy([], next.cspSource));
      fs.rmSync(path.join(siteDir, SHELL_BUILD_FILE));
      const none = await httpApp.inject({ method: 'GET', url: '/mypage' });
      expect(none.body).toContain('<script defer src="/assets/main.1.js"></script>');
      expect(none.headers['content-security-policy']).toBe(contentSecurityPolicy([]));
    } finally {
      loader = writeShellBuild(siteDir);
    }
  });

  it('remote origins allowed by config.json (remoteOrigins) are named in script-src and connect-src, nothing else', async () => {
    writeSite(
      'config.json',
      JSON.stringify({
        supportUrl: '/statement',
        loginUrl: '/login',
        individualsSupported: true,
        remoteOrigins: ['https://cdn.example.jp', 'javascript:alert(1)'],
      }),
    );
    try {
      const csp = (await httpApp.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
      expect(csp).toBe(contentSecurityPolicy(['https://cdn.example.jp'], loader.cspSource));
      expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.jp 'sha256-[A-Za-z0-9+/]+=*';/);
      expect(csp).toMatch(/connect-src 'self' blob: https:\/\/cdn\.example\.jp;/);
      expect(csp).not.toContain('javascript');
      // An API answer loads nothing: its policy names no origin.
      expect((await httpApp.inject({ method: 'POST', url: '/api/me/' })).headers['content-security-policy']).toBe(
        API_CONTENT_SECURITY_POLICY,
      );
    } finally {
      writeSite('config.json', JSON.stringify({ supportUrl: '/statement', loginUrl: '/login', individualsSupported: true }));
    }
  });
});

describe('with an https PUBLIC_URL (decided by configuration, not by the request)', () => {
  it('HSTS on every response', async () => {
    for (const [, method, url] of EVERY_KIND) {
      expect((await httpsApp.inject({ method, url })).headers['strict-transport-security']).toBe(HSTS);
    }
  });

  it('the session cookie is __Host-sessionid, Secure; the csrf cookie (__Host-csrftoken) is Secure and readable by the page', async () => {
    const user = await createUser(api);
    const agent = await new Agent(httpsApp).start();
    const response = await agent.post('/api/auth/', { email: user.email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const headers = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = headers.find((header) => header.startsWith('__Host-sessionid='));
    expect(session).toMatch(/^__Host-sessionid=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(headers.some((header) => header.startsWith('sessionid='))).toBe(false);
    const csrf = headers.find((header) => header.startsWith('__Host-csrftoken='));
    expect(csrf).toContain('; Secure');
    expect(csrf).not.toContain('HttpOnly');
    // The session works under its new name.
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ id: user.id });
    // Logging out clears it under the same name.
    const out = await agent.post('/api/auth/session/delete');
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).some((h) => h.startsWith('__Host-sessionid=;'))).toBe(true);
    expect((await agent.post('/api/me/', {})).json()).toEqual({});
  });

  it('over plain http the cookie keeps its name, without Secure (npm start on localhost)', async () => {
    const user = await createUser(api);
    const agent = await new Agent(httpApp).start();
    await agent.post('/api/auth/', { email: user.email, password: PASSWORD });
    expect(agent.cookies.has('sessionid')).toBe(true);
    expect(([] as string[]).concat(agent.last?.headers['set-cookie'] ?? []).join('\n')).not.toContain('Secure');
  });
});
