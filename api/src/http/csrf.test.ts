import { ACCOUNT_MESSAGES } from '@app/contracts';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { CSRF_COOKIE_MAX_AGE_SECONDS, csrfCookieAttributes, newCsrfToken } from './csrf';
import {
  Agent,
  createStaff,
  createUser,
  loggedIn,
  newAgent,
  PUBLIC_URL,
  staffOtp,
  startTestApi,
  type TestApi,
  type TestUser,
} from '../test/api';

let api: TestApi;
let user: TestUser;
beforeAll(async () => {
  api = await startTestApi();
  user = await createUser(api);
});
afterAll(async () => {
  await api?.close();
});

/** Every unsafe endpoint of the API, each with a body it would accept. */
const UNSAFE_ENDPOINTS: [method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: Record<string, unknown> | undefined][] = [
  ['POST', '/api/register/', { email: 'csrf@example.jp' }],
  ['POST', '/api/register/activation/', { uid: 'MQ', token: 'x' }],
  ['POST', '/api/auth/', { email: 'csrf@example.jp', password: 'x' }],
  ['POST', '/api/auth/session/delete', {}],
  ['POST', '/api/pre_entry/', {}],
  ['POST', '/api/profile/mail/change/', { email: 'csrf-new@example.jp', password: 'x' }],
  ['POST', '/api/profile/mail/change/confirm/', { token: 'x' }],
  ['POST', '/api/me/', {}],
  ['POST', '/api/me/visited_at_entry_page_after_mail_verification', {}],
  ['POST', '/api/password/reset/', { email: 'csrf@example.jp' }],
  ['POST', '/api/password/reset/confirm/', { uid: 'MQ', token: 'x', new_password1: 'a', new_password2: 'a' }],
  ['POST', '/api/password/change/', { old_password: 'a', new_password1: 'b', new_password2: 'b' }],
  ['PATCH', '/api/profile/', { business_summary: 'csrf' }],
  ['PATCH', '/api/profile_without_sector_and_business_summary/', { owner_city: 'csrf' }],
  ['PATCH', '/api/profile_name_and_identity/', { last_name: 'csrf' }],
  // The check comes before the body is read, so a multipart route is refused the same way.
  ['POST', '/api/uploads/', {}],
  ['DELETE', '/api/uploads/:id/', undefined],
  ['DELETE', '/api/profile/sessions/:id/', undefined],
  ['POST', '/api/profile/sessions/logout_all/', {}],
  ['PATCH', '/api/uploads/active_delinquency/', { ids: [1] }],
  ['PUT', '/api/entries/draft/', { version: 0, data: {} }],
  ['POST', '/api/entries/', { claims: [], draft_version: 1 }],
  ['POST', '/api/staff/auth/', { email: 'csrf-staff@example.jp', password: 'x', otp: '123456' }],
  ['POST', '/api/staff/auth/session/delete', {}],
  ['POST', '/api/staff/me/', {}],
  ['POST', '/api/staff/users/:id/identity/', { decision: 'confirmed', valid_date: '2030-01-01' }],
  ['POST', '/api/entries/:id/review/', { files: [{ id: 1, group: 'invoice', claim_id: 1 }] }],
  ['POST', '/api/entries/:id/cancel/', undefined],
  ['POST', '/api/entries/:id/contract/', { agreed: true }],
  ['POST', '/api/entries/:id/bank_account/', { password: 'x', bank_account: 'みずほ銀行 渋谷支店 普通 1234567 カ）ツムギ' }],
  ['POST', '/api/staff/entries/:id/documents/', { group: 'invoice', claim_id: 1, decision: 'confirmed' }],
  ['POST', '/api/staff/entries/:id/actions/', { action: 'transfer' }],
  ['POST', '/api/staff/entries/:id/assignee/', { take: true, current_assignee: null }],
  ['POST', '/api/staff/entries/:id/approve/', { contract_period: '2030-01-01' }],
  ['POST', '/api/staff/entries/:id/bank_account/confirm/', {}],
  ['POST', '/api/staff/claims/:id/decision/', { decision: 'cannot_buy' }],
  ['POST', '/api/staff/claims/:id/actions/', { action: 'return' }],
  ['POST', '/api/staff/applicants/:id/notes/', { body: 'お電話あり' }],
  ['POST', '/api/staff/releases/preview/', { remote: 'entry', version: '0.1.0-aaaaaaaaaa' }],
  ['POST', '/api/staff/releases/preview/delete', {}],
];

/**
 * The unsafe routes exempt from CSRF BY DESIGN (the catalogue's `csrf: 'none'`), each with why:
 * - `POST /api/telemetry/` (issue 26): the shell's `navigator.sendBeacon`, which cannot send a
 *   header; a batch changes nothing anyone owns (anonymous counts). Bounded by size, schema and a
 *   per-client rate instead (modules/telemetry/telemetry.test.ts).
 */
const EXEMPT_ENDPOINTS: [method: 'POST', url: string, body: Record<string, unknown>][] = [
  [
    'POST',
    '/api/telemetry/',
    {
      tags: { route: 'home', remote: 'marketing', version: '0.1.0-abc', revision: 1, canary: false, preview: false },
      signals: [{ type: 'pageview', first: true }],
    },
  ],
];

/** The calls that hand out the csrftoken cookie (`csrf: 'bootstrap'`), so pass without one. */
const BOOTSTRAP = new Set(['/api/me/', '/api/staff/me/']);

const MISSING = { detail: 'CSRF Failed: CSRF token missing.' };
const INCORRECT = { detail: 'CSRF Failed: CSRF token incorrect.' };
const NO_COOKIE = { detail: 'CSRF Failed: CSRF cookie not set.' };

describe('the csrftoken Set-Cookie line', () => {
  it('is the one the cookie package writes (Max-Age, Path, Expires one year on, Secure over HTTPS, SameSite=Lax), each second', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.ready();
    const token = newCsrfToken();
    for (const at of ['2026-11-27T17:06:22.000Z', '2026-11-27T17:06:22.999Z', '2026-11-27T17:06:23.001Z', '2028-02-29T23:59:59.500Z']) {
      for (const secure of [false, true, false]) {
        const now = new Date(at);
        const expected = app.serializeCookie('csrftoken', token, {
          path: '/',
          sameSite: 'lax',
          secure,
          httpOnly: false,
          maxAge: CSRF_COOKIE_MAX_AGE_SECONDS,
          expires: new Date(now.getTime() + CSRF_COOKIE_MAX_AGE_SECONDS * 1000),
        });
        expect(`csrftoken=${token}; ${csrfCookieAttributes(now, secure)}`).toBe(expected);
      }
    }
    await app.close();
  });
});

describe('the list above is every unsafe API route', () => {
  let app: FastifyInstance;
  const routes: string[] = [];
  beforeAll(async () => {
    app = buildApp({ env: { SITE_DIR: '/nonexistent', LOG_LEVEL: 'silent' }, db: api.database, context: api.context });
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && route.url.startsWith('/api/') && !route.url.includes('*')) {
          routes.push(`${method} ${route.url}`);
        }
      }
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('matches', () => {
    expect(routes.sort()).toEqual([...UNSAFE_ENDPOINTS, ...EXEMPT_ENDPOINTS].map(([method, url]) => `${method} ${url}`).sort());
  });
});

describe.each(UNSAFE_ENDPOINTS)('%s %s', (method, route, body) => {
  const url = route.replace(':id', '1');
  it('403 without the X-CSRFToken header', async () => {
    const agent = await loggedIn(api, user);
    const response = await agent.request(method, url, { body, csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(MISSING);
  });

  it('403 with a header that does not match the cookie', async () => {
    const agent = await loggedIn(api, user);
    const wrong = 'a'.repeat(32);
    expect(agent.cookies.get('csrftoken')).not.toBe(wrong);
    const response = await agent.request(method, url, { body, csrf: false, headers: { 'x-csrftoken': wrong } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(INCORRECT);
  });

  it('403 with the header equal to a cookie of another length', async () => {
    const agent = await loggedIn(api, user);
    const response = await agent.request(method, url, {
      body,
      csrf: false,
      headers: { 'x-csrftoken': agent.cookies.get('csrftoken')!.slice(1) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(INCORRECT);
  });

  it('403 from another origin, even with the token', async () => {
    const agent = await loggedIn(api, user);
    const response = await agent.request(method, url, { body, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.',
    });
  });

  if (BOOTSTRAP.has(url)) {
    it('passes without any csrftoken cookie: it is the call that hands one out', async () => {
      const agent = await loggedIn(api, user);
      agent.cookies.delete('csrftoken');
      const response = await agent.request(method, url, { body });
      expect(response.statusCode).toBe(200);
      // The applicant's session answers /api/me/; it is nobody at /api/staff/me/.
      expect(response.json()).toEqual(url === '/api/me/' ? expect.objectContaining({ id: user.id }) : {});
      expect(agent.cookies.get('csrftoken')).toMatch(/^[A-Za-z0-9]{32}$/);
    });
  } else {
    it('403 when the csrftoken cookie is gone (cleared mid-session)', async () => {
      const agent = await loggedIn(api, user);
      agent.cookies.delete('csrftoken');
      const response = await agent.request(method, url, { body });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(NO_COOKIE);
    });
  }

  it('passes the CSRF check with the token, from the same or the trusted origin', async () => {
    for (const origin of [undefined, 'http://localhost', PUBLIC_URL]) {
      const agent = await loggedIn(api, user);
      const response = await agent.request(method, url, { body, headers: origin === undefined ? {} : { origin } });
      expect(response.body).not.toContain('CSRF');
    }
  });
});

describe.each(EXEMPT_ENDPOINTS)('%s %s (exempt by design)', (method, url, body) => {
  it('passes without any csrftoken cookie or header, even from another origin', async () => {
    const agent = new Agent(api.app);
    const response = await agent.request(method, url, { body, csrf: false, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(204);
  });
});

describe('a refused request changes nothing', () => {
  it('logout without the token keeps the session', async () => {
    const agent = await loggedIn(api, user);
    await agent.post('/api/auth/session/delete', undefined, { csrf: false });
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ id: user.id });
  });

  it('a profile PATCH without the token changes nothing', async () => {
    const agent = await loggedIn(api, user);
    const before: unknown = (await agent.get('/api/profile/')).json();
    expect((await agent.patch('/api/profile/', { business_summary: 'forged' }, { csrf: false })).statusCode).toBe(403);
    expect((await agent.get('/api/profile/')).json()).toEqual(before);
  });

  it('a login without the token logs nobody in', async () => {
    const agent = await newAgent(api);
    const response = await agent.post('/api/auth/', { email: user.email, password: user.password }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(agent.cookies.has('sessionid')).toBe(false);
  });

  it('a staff login without the token logs nobody in (and does not use up the code)', async () => {
    const staff = await createStaff(api);
    const agent = await newAgent(api);
    const body = { email: staff.email, password: staff.password, otp: await staffOtp(api, staff) };
    const response = await agent.post('/api/staff/auth/', body, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(agent.cookies.has('staff_sessionid')).toBe(false);
    expect((await agent.post('/api/staff/auth/', body)).statusCode).toBe(200);
  });
});

describe('safe methods and other paths', () => {
  it('GET needs no token', async () => {
    const agent = new Agent(api.app);
    expect((await agent.get('/api/system_settings/supress_entries/')).statusCode).toBe(200);
    expect((await agent.get('/api/profile/')).statusCode).toBe(403);
    expect((await agent.get('/api/profile/')).json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });

  it('an unknown API path is a 404, not a CSRF failure', async () => {
    const agent = new Agent(api.app);
    const response = await agent.post('/api/unknown/', {});
    expect(response.statusCode).toBe(404);
  });

  it('a malformed cookie is reported as such', async () => {
    const agent = new Agent(api.app);
    agent.cookies.set('csrftoken', 'short');
    expect((await agent.post('/api/password/reset/', { email: 'x@example.jp' })).json()).toEqual({
      detail: 'CSRF Failed: CSRF cookie has incorrect length.',
    });
    agent.cookies.set('csrftoken', '!'.repeat(32));
    expect((await agent.post('/api/password/reset/', { email: 'x@example.jp' })).json()).toEqual({
      detail: 'CSRF Failed: CSRF cookie has invalid characters.',
    });
  });

  it('a cross-site Referer (no Origin) is refused; a same-origin one passes', async () => {
    const agent = await newAgent(api);
    const evil = await agent.post('/api/password/reset/', { email: 'x@example.jp' }, { headers: { referer: 'https://evil.example/page' } });
    expect(evil.json()).toEqual({
      detail: 'CSRF Failed: Referer checking failed - https://evil.example/page does not match any trusted origins.',
    });
    const broken = await agent.post('/api/password/reset/', { email: 'x@example.jp' }, { headers: { referer: 'not a url' } });
    expect(broken.json()).toEqual({ detail: 'CSRF Failed: Referer checking failed - Referer is malformed.' });
    const same = await agent.post('/api/password/reset/', { email: 'x@example.jp' }, { headers: { referer: 'http://localhost/login' } });
    expect(same.statusCode).toBe(200);
  });
});

describe('over HTTPS (behind a trusted proxy)', () => {
  let https: TestApi;
  beforeAll(async () => {
    https = await startTestApi({ trustProxy: 1 });
  });
  afterAll(async () => {
    await https?.close();
  });
  const secure = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'factoring.example.jp' };

  it('cookies are Secure; login over HTTPS needs a same-origin Referer (or Origin)', async () => {
    const user = await createUser(https);
    const agent = new Agent(https.app);
    const me = await agent.post('/api/me/', {}, { headers: { ...secure, origin: 'https://factoring.example.jp' } });
    expect(me.cookies.find((c) => c.name === 'csrftoken')?.secure).toBe(true);

    const noReferer = await agent.post('/api/auth/', { email: user.email, password: user.password }, { headers: secure });
    expect(noReferer.json()).toEqual({ detail: 'CSRF Failed: Referer checking failed - no Referer.' });
    const insecure = await agent.post(
      '/api/auth/',
      { email: user.email, password: user.password },
      { headers: { ...secure, referer: 'http://factoring.example.jp/login' } },
    );
    expect(insecure.json()).toEqual({ detail: 'CSRF Failed: Referer checking failed - Referer is insecure while host is secure.' });

    const response = await agent.post(
      '/api/auth/',
      { email: user.email, password: user.password },
      { headers: { ...secure, referer: 'https://factoring.example.jp/login' } },
    );
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name === 'sessionid');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(response.cookies.find((c) => c.name === 'csrftoken')?.secure).toBe(true);
  });

  it('without TRUST_PROXY, X-Forwarded-Proto is ignored: no Secure flag', async () => {
    const agent = new Agent(api.app);
    const response = await agent.post('/api/me/', {}, { headers: secure });
    expect(response.cookies.find((c) => c.name === 'csrftoken')?.secure).toBeUndefined();
  });
});
