import fs from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_DETAIL, ReleaseStatusSchema, STAFF_MESSAGES } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { Agent, createStaff, createUser, staffOtp, startTestApi, type TestApi, type TestStaff } from '../../test/api';
import { makeTempDir, removeDir } from '../../test/support';
import { decodePreviews, encodePreviews, PREVIEW_COOKIE } from './preview';

/**
 * A staff member's preview of a published version (issue 26): their browser alone gets it in
 * /deployment.json (marked `preview`), bound to their staff session, ended at logout; an applicant or
 * another staff member carrying the same cookie gets the live version.
 */
let api: TestApi;
let app: FastifyInstance;
let siteDir: string;
const LIVE = '0.1.0-aaaaaaaaaa';
const NEXT = '0.1.0-bbbbbbbbbb';

beforeAll(async () => {
  api = await startTestApi();
  siteDir = makeTempDir('release-preview');
  for (const version of [LIVE, NEXT]) {
    const dir = path.join(siteDir, 'remotes', 'mfe-entry', version);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
    fs.writeFileSync(
      path.join(dir, 'release.json'),
      JSON.stringify({ publishedAt: version === LIVE ? '2026-11-01T00:00:00Z' : '2026-11-20T00:00:00Z' }),
    );
  }
  fs.writeFileSync(
    path.join(siteDir, 'deployment.json'),
    JSON.stringify({
      revision: 3,
      remotes: { entry: { manifest: `/remotes/mfe-entry/${LIVE}/mf-manifest.json`, version: LIVE } },
      canary: {},
    }),
  );
  app = buildApp({ env: { SITE_DIR: siteDir, LOG_LEVEL: 'silent' }, db: api.database, context: api.context });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await api?.close();
  removeDir(siteDir);
});

async function staffBrowser(staff: TestStaff): Promise<Agent> {
  const agent = new Agent(app);
  await agent.post('/api/me/', {});
  const login = await agent.post('/api/staff/auth/', { email: staff.email, password: staff.password, otp: await staffOtp(api, staff) });
  expect(login.statusCode, login.body).toBe(200);
  return agent;
}

const served = async (agent: Agent) =>
  (await agent.get('/deployment.json')).json<{ remotes: Record<string, { version: string; preview?: true }> }>();

describe('staff preview of a published version', () => {
  it('pins a version for this staff browser only: /deployment.json marks it, the status lists it, the end restores live', async () => {
    const staff = await staffBrowser(await createStaff(api, { role: 'reviewer' }));
    const pinned = await staff.post('/api/staff/releases/preview/', { remote: 'entry', version: NEXT });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toEqual({ previews: { entry: NEXT } });
    const cookie = pinned.cookies.find((c) => c.name === PREVIEW_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();

    expect((await served(staff)).remotes.entry).toEqual({
      manifest: `/remotes/mfe-entry/${NEXT}/mf-manifest.json`,
      version: NEXT,
      preview: true,
    });
    const status = (await staff.get('/api/staff/releases/')).json<{ remotes: unknown[] }>();
    expect(ReleaseStatusSchema.safeParse(status).success).toBe(true);
    expect(status.remotes).toEqual([{ remote: 'entry', live: LIVE, canary: null, published: [NEXT, LIVE], preview: NEXT }]);

    // An applicant in another browser: the live version, nothing marked.
    const applicant = new Agent(app);
    expect((await served(applicant)).remotes.entry).toEqual({ manifest: `/remotes/mfe-entry/${LIVE}/mf-manifest.json`, version: LIVE });

    const ended = await staff.post('/api/staff/releases/preview/delete', {});
    expect(ended.json()).toEqual({ previews: {} });
    expect(staff.cookies.has(PREVIEW_COOKIE)).toBe(false);
    expect((await served(staff)).remotes.entry?.version).toBe(LIVE);
  });

  it('ends at logout, and a cookie carried to another session or by an applicant is not honoured', async () => {
    const member = await createStaff(api, { role: 'approver' });
    const staff = await staffBrowser(member);
    await staff.post('/api/staff/releases/preview/', { remote: 'entry', version: NEXT });
    const carried = staff.cookies.get(PREVIEW_COOKIE);
    expect(carried).toBeDefined();

    // Another staff member's browser with the copied cookie: bound to the first session, ignored.
    const other = await staffBrowser(await createStaff(api, { role: 'reviewer' }));
    other.cookies.set(PREVIEW_COOKIE, carried ?? '');
    expect((await served(other)).remotes.entry?.version).toBe(LIVE);
    // An applicant with the copied cookie: no staff session, ignored.
    const applicant = new Agent(app);
    await applicant.post('/api/me/', {});
    applicant.cookies.set(PREVIEW_COOKIE, carried ?? '');
    expect((await served(applicant)).remotes.entry?.version).toBe(LIVE);

    await staff.post('/api/staff/auth/session/delete', {});
    expect(staff.cookies.has(PREVIEW_COOKIE)).toBe(false);
    // Logged in again with the old cookie put back: a new session, the pin is not honoured.
    const again = await staffBrowser(member);
    again.cookies.set(PREVIEW_COOKIE, carried ?? '');
    expect((await served(again)).remotes.entry?.version).toBe(LIVE);
  });

  it('a version that is not published, or an unknown remote: 404, nothing pinned', async () => {
    const staff = await staffBrowser(await createStaff(api, { role: 'reviewer' }));
    for (const body of [
      { remote: 'entry', version: '0.1.0-cccccccccc' },
      { remote: 'nowhere', version: NEXT },
    ]) {
      const refused = await staff.post('/api/staff/releases/preview/', body);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: NOT_FOUND_DETAIL });
    }
    expect(staff.cookies.has(PREVIEW_COOKIE)).toBe(false);
    expect((await staff.post('/api/staff/releases/preview/', { remote: 'entry', version: '../../x' })).statusCode).toBe(400);
  });

  it('an applicant or a visitor on the preview endpoints: 403', async () => {
    const user = await createUser(api);
    const applicant = new Agent(app);
    await applicant.post('/api/me/', {});
    expect((await applicant.post('/api/auth/', { email: user.email, password: user.password })).statusCode).toBe(200);
    for (const [url, body] of [
      ['/api/staff/releases/preview/', { remote: 'entry', version: NEXT }],
      ['/api/staff/releases/preview/delete', {}],
    ] as const) {
      const refused = await applicant.post(url, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: STAFF_MESSAGES.notAuthenticated });
      const visitor = new Agent(app);
      await visitor.post('/api/me/', {});
      expect((await visitor.post(url, body)).statusCode).toBe(403);
    }
    expect(applicant.cookies.has(PREVIEW_COOKIE)).toBe(false);
  });

  it('the cookie value: pins survive a round trip for their session only; junk and unknown remotes are dropped', () => {
    const value = encodePreviews('session-a', { entry: NEXT });
    expect(decodePreviews(value, 'session-a')).toEqual({ entry: NEXT });
    expect(decodePreviews(value, 'session-b')).toEqual({});
    expect(decodePreviews('not base64 json', 'session-a')).toEqual({});
    expect(decodePreviews(undefined, 'session-a')).toEqual({});
    expect(decodePreviews(encodePreviews('session-a', { nowhere: NEXT, entry: '../x' }), 'session-a')).toEqual({});
  });
});
