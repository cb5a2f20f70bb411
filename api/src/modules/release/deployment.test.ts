import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createStaff, createUser, loggedIn, staffAgent, startTestApi, type TestApi } from '../../test/api';
import { makeTempDir, removeDir } from '../../test/support';
import { siteFallback } from '../../site/serve';
import { canaryBucket, inAudience, registerDeploymentRoute, resolveDeployment, VISITOR, type StoredDeployment } from './deployment';

const entry = (remote: string, version: string) => ({ manifest: `/remotes/mfe-${remote}/${version}/mf-manifest.json`, version });
const stored = (audience: NonNullable<StoredDeployment['canary']>[string]['audience']): StoredDeployment => ({
  revision: 7,
  remotes: { marketing: entry('marketing', 'm1'), mypage: entry('mypage', 'live') },
  canary: { mypage: { ...entry('mypage', 'canary'), audience } },
});

describe('resolveDeployment', () => {
  it('the canary entry (marked `canary: true`) for a viewer in its audience, the live one for everyone else; the revision, never the audiences', () => {
    const d = stored({ kind: 'segment', segment: 'pilot' });
    expect(resolveDeployment(d, { userId: 1, userSegment: 'pilot', staff: false })).toStrictEqual({
      revision: 7,
      remotes: { marketing: entry('marketing', 'm1'), mypage: { ...entry('mypage', 'canary'), canary: true } },
    });
    // The live entry carries no canary flag at all (field telemetry reads `canary === true`).
    expect(resolveDeployment(d, { userId: 2, userSegment: 'other', staff: false })).toStrictEqual({
      revision: 7,
      remotes: { marketing: entry('marketing', 'm1'), mypage: entry('mypage', 'live') },
    });
    expect(resolveDeployment({ remotes: d.remotes }, VISITOR).revision).toBe(0);
    expect(resolveDeployment(d, VISITOR).remotes.mypage?.version).toBe('live');
    expect(resolveDeployment({ remotes: d.remotes }, { userId: 1, userSegment: 'pilot', staff: true }).remotes.mypage?.version).toBe(
      'live',
    );
  });

  it('staff only: a staff session, never an applicant', () => {
    expect(inAudience({ kind: 'staff' }, 'mypage', { userId: null, userSegment: null, staff: true })).toBe(true);
    expect(inAudience({ kind: 'staff' }, 'mypage', { userId: 5, userSegment: 'pilot', staff: false })).toBe(false);
  });

  it('a percentage of applicants: stable per user, about the share asked for, growing keeps those already in; visitors never', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    const at = (percent: number) =>
      ids.filter((id) => inAudience({ kind: 'percent', percent }, 'mypage', { userId: id, userSegment: null, staff: false }));
    const ten = at(10);
    expect(ten.length).toBeGreaterThan(140);
    expect(ten.length).toBeLessThan(260);
    expect(at(10)).toEqual(ten); // the same users every time
    const fifty = new Set(at(50));
    expect(ten.every((id) => fifty.has(id))).toBe(true);
    expect(at(100)).toHaveLength(ids.length);
    expect(canaryBucket('mypage', 42)).toBe(canaryBucket('mypage', 42));
    expect(inAudience({ kind: 'percent', percent: 100 }, 'mypage', VISITOR)).toBe(false);
  });
});

describe('GET /deployment.json', () => {
  let api: TestApi;
  let app: FastifyInstance;
  let siteDir: string;
  beforeAll(async () => {
    api = await startTestApi();
    siteDir = makeTempDir('release-site');
    app = Fastify();
    await app.register(fastifyCookie);
    registerDeploymentRoute(app, api.context, siteDir);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await api?.close();
    removeDir(siteDir);
  });

  const write = (d: StoredDeployment) => {
    const file = path.join(siteDir, 'deployment.json');
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(d));
    fs.renameSync(`${file}.tmp`, file);
    // A later mtime for the cache, even within the file system's timestamp resolution.
    const when = new Date(Date.now() + Math.random() * 100_000);
    fs.utimesSync(file, when, when);
  };
  const versionOf = async (agent?: Agent) =>
    (await get(agent)).json<{ remotes: Record<string, { version: string }> }>().remotes.mypage?.version;
  const get = async (agent?: Agent) => {
    const cookie = agent ? [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
    return app.inject({ method: 'GET', url: '/deployment.json', headers: cookie ? { cookie } : {} });
  };

  it('per user: the segment canary for the segment, the live version for others and visitors; no-cache, Vary: Cookie', async () => {
    const pilot = await createUser(api);
    const other = await createUser(api);
    await api.database.pool.query('update users set user_segment = $1 where email = $2', ['pilot', pilot.email]);
    write(stored({ kind: 'segment', segment: 'pilot' }));

    const asPilot = await get(await loggedIn(api, pilot));
    expect(asPilot.statusCode).toBe(200);
    expect(asPilot.headers['cache-control']).toBe('no-cache');
    expect(asPilot.headers.vary).toBe('Cookie');
    expect(asPilot.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(asPilot.json()).toStrictEqual({
      revision: 7,
      remotes: { marketing: entry('marketing', 'm1'), mypage: { ...entry('mypage', 'canary'), canary: true } },
    });

    expect(await versionOf(await loggedIn(api, other))).toBe('live');
    expect(await versionOf()).toBe('live');
  });

  it('staff only: a back-office session gets the canary, an applicant does not; an abort (file rewritten) applies at once', async () => {
    const staff = await staffAgent(api, await createStaff(api));
    const applicant = await loggedIn(api, await createUser(api));
    write(stored({ kind: 'staff' }));
    expect(await versionOf(staff)).toBe('canary');
    expect(await versionOf(applicant)).toBe('live');

    write({ remotes: stored({ kind: 'staff' }).remotes, revision: 8 });
    expect(await versionOf(staff)).toBe('live');
  });

  it('404 without a deployed site', async () => {
    fs.rmSync(path.join(siteDir, 'deployment.json'));
    expect((await get()).statusCode).toBe(404);
  });
});

describe('the preload hints of a page follow the request’s deployment', () => {
  let api: TestApi;
  let app: FastifyInstance;
  let siteDir: string;
  const manifest = (entry: string) => ({
    metaData: { publicPath: 'auto', remoteEntry: { name: entry, path: '', type: 'global' } },
    exposes: [{ name: 'lifecycles', assets: { js: { sync: [`expose.${entry}`] } } }],
  });
  beforeAll(async () => {
    api = await startTestApi();
    siteDir = makeTempDir('release-hints');
    const put = (file: string, body: string) => {
      fs.mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
      fs.writeFileSync(path.join(siteDir, file), body);
    };
    put('index.html', '<!doctype html><html><head><title>t</title></head><body></body></html>');
    put('remotes/mfe-marketing/live/mf-manifest.json', JSON.stringify(manifest('remoteEntry.live.js')));
    put('remotes/mfe-marketing/canary/mf-manifest.json', JSON.stringify(manifest('remoteEntry.canary.js')));
    put(
      'deployment.json',
      JSON.stringify({
        remotes: { marketing: entry('marketing', 'live') },
        canary: { marketing: { ...entry('marketing', 'canary'), audience: { kind: 'staff' } } },
      }),
    );
    app = Fastify();
    await app.register(fastifyCookie);
    registerDeploymentRoute(app, api.context, siteDir);
    app.get('/', (request, reply) => siteFallback(siteDir, request, reply));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await api?.close();
    removeDir(siteDir);
  });

  it('a staff member’s document preloads the canary’s entry, a visitor’s the live one', async () => {
    const staff = await staffAgent(api, await createStaff(api));
    const cookie = [...staff.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const asStaff = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.body).toContain('/remotes/mfe-marketing/canary/remoteEntry.canary.js');
    expect(asStaff.body).not.toContain('remoteEntry.live.js');
    const asVisitor = await app.inject({ method: 'GET', url: '/' });
    expect(asVisitor.body).toContain('/remotes/mfe-marketing/live/remoteEntry.live.js');
    expect(asVisitor.body).not.toContain('remoteEntry.canary.js');
  });
});

describe('X-Min-Client-Build (pnpm release force-reload)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('every API answer carries the minimum client build within a second of the release declaring one; none before', async () => {
    const agent = new Agent(api.app);
    expect((await agent.post('/api/me/', {})).headers['x-min-client-build']).toBeUndefined();
    // The test app's site folder (startTestApi: <dataDir>/no-site), as `pnpm release force-reload` leaves it.
    const siteDir = path.join(api.dataDir, 'no-site');
    fs.mkdirSync(siteDir, { recursive: true });
    fs.writeFileSync(path.join(siteDir, 'deployment.json'), JSON.stringify({ remotes: {}, revision: 8, minClientBuild: 8 }));
    // API answers look at the file at most once a second (watched-file.ts `recent`).
    api.clock.advance(1000);
    expect((await agent.post('/api/me/', {})).headers['x-min-client-build']).toBe('8');
    expect((await agent.get('/api/no-such-thing/')).headers['x-min-client-build']).toBe('8');
  });
});
