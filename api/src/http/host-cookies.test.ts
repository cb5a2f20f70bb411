import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { Agent, createStaff, createUser, PASSWORD, staffOtp, startTestApi, type TestApi } from '../test/api';

/**
 * Issue 23 item 8: under an https PUBLIC_URL the csrftoken and staff_sessionid cookies are named
 * `__Host-…` (Secure, Path=/, no Domain: a sibling host or a plain-http page cannot plant or shadow
 * them); under plain http they keep the spec's names.
 */
let api: TestApi;
let httpsApp: FastifyInstance;

beforeAll(async () => {
  api = await startTestApi();
  httpsApp = buildApp({
    env: { SITE_DIR: `${api.dataDir}/no-site`, LOG_LEVEL: 'silent' },
    db: api.database,
    context: { ...api.context, publicUrl: () => 'https://factoring.example.jp' },
  });
  await httpsApp.ready();
});
afterAll(async () => {
  await httpsApp?.close();
  await api?.close();
});

const setCookies = (agent: Agent) => ([] as string[]).concat(agent.last?.headers['set-cookie'] ?? []);

async function staffLogin(agent: Agent) {
  const staff = await createStaff(api);
  await agent.start();
  const response = await agent.post('/api/staff/auth/', { email: staff.email, password: staff.password, otp: await staffOtp(api, staff) });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('https PUBLIC_URL: __Host- names', () => {
  it('the csrf cookie is __Host-csrftoken (Secure, Path=/, no Domain, readable by the page), and it is what X-CSRFToken must match', async () => {
    const agent = await new Agent(httpsApp).start();
    const csrf = setCookies(agent).find((header) => header.startsWith('__Host-csrftoken='));
    expect(csrf).toMatch(/^__Host-csrftoken=[a-zA-Z0-9]{32}; Max-Age=\d+; Path=\/; Expires=[^;]+; Secure; SameSite=Lax$/);
    expect(setCookies(agent).some((header) => header.startsWith('csrftoken='))).toBe(false);
    const user = await createUser(api);
    expect((await agent.post('/api/auth/', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    expect(agent.cookies.has('__Host-csrftoken')).toBe(true);
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ id: user.id });
  });

  it('a token pair planted under the plain name (a sibling host can set `csrftoken`) does not pass', async () => {
    const user = await createUser(api);
    const agent = await new Agent(httpsApp).start();
    expect((await agent.post('/api/auth/', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    agent.cookies.delete('__Host-csrftoken');
    const planted = 'A'.repeat(32);
    agent.cookies.set('csrftoken', planted);
    const response = await agent.request('POST', '/api/password/change/', {
      body: { old_password: PASSWORD, new_password: 'Planted-token-2026' },
      headers: { 'x-csrftoken': planted },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF Failed: CSRF cookie not set.' });
  });

  it('the staff session cookie is __Host-staff_sessionid (HttpOnly, Secure); the plain name is not read; logout clears it', async () => {
    const agent = new Agent(httpsApp);
    const response = await staffLogin(agent);
    const headers = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(headers.find((header) => header.startsWith('__Host-staff_sessionid='))).toMatch(
      /^__Host-staff_sessionid=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(headers.some((header) => header.startsWith('staff_sessionid='))).toBe(false);
    expect((await agent.get('/api/staff/entries/')).statusCode).toBe(200);
    // The same token under the plain name (as a sibling host could set it) is no session.
    const token = agent.cookies.get('__Host-staff_sessionid') ?? '';
    const planted = new Agent(httpsApp);
    planted.cookies.set('staff_sessionid', token);
    expect((await planted.get('/api/staff/entries/')).statusCode).toBe(403);
    const out = await agent.post('/api/staff/auth/session/delete');
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).some((h) => h.startsWith('__Host-staff_sessionid=;'))).toBe(true);
    expect((await agent.get('/api/staff/entries/')).statusCode).toBe(403);
  });
});

describe('plain http (npm start on localhost): the spec’s names', () => {
  it('csrftoken and staff_sessionid, without Secure', async () => {
    const agent = new Agent(api.app);
    const response = await staffLogin(agent);
    const headers = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(headers.some((header) => header.startsWith('staff_sessionid='))).toBe(true);
    expect(headers.some((header) => header.startsWith('csrftoken='))).toBe(true);
    expect(headers.join('\n')).not.toContain('__Host-');
    expect(headers.join('\n')).not.toContain('Secure');
  });
});
