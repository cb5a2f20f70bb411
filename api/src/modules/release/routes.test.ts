import fs from 'node:fs';
import path from 'node:path';
import { ReleaseStatusSchema, STAFF_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createStaff, createUser, loggedIn, staffAgent, startTestApi, type TestApi } from '../../test/api';
import { makeTempDir, removeDir } from '../../test/support';
import { HISTORY_SHOWN, releaseStatusOf } from './routes';

describe('releaseStatusOf', () => {
  let siteDir: string;
  beforeAll(() => {
    siteDir = makeTempDir('release-status');
  });
  afterAll(() => removeDir(siteDir));

  it('live and canary per remote, the history newest first (at most 50), a broken line skipped', () => {
    fs.writeFileSync(
      path.join(siteDir, 'deployment.json'),
      JSON.stringify({
        revision: 9,
        remotes: { marketing: { manifest: '/m', version: 'm2' }, mypage: { manifest: '/p', version: 'p1' } },
        canary: { mypage: { manifest: '/p2', version: 'p2', audience: { kind: 'percent', percent: 10 } } },
      }),
    );
    const lines = Array.from({ length: 60 }, (_, i) =>
      JSON.stringify({
        at: `2026-04-01T00:00:${String(i).padStart(2, '0')}Z`,
        who: 'ci',
        action: 'promote',
        remote: 'marketing',
        from: `m${i}`,
        to: `m${i + 1}`,
        why: null,
      }),
    );
    lines.push('{"at":"cut sh');
    lines.push(
      JSON.stringify({
        at: 'last',
        who: 'sato',
        action: 'rollback',
        remote: 'marketing',
        from: 'm9',
        to: 'm2',
        why: 'errors',
        forced: true,
      }),
    );
    fs.mkdirSync(path.join(siteDir, '.release'));
    fs.writeFileSync(path.join(siteDir, '.release', 'history.jsonl'), `${lines.join('\n')}\n`);

    const status = releaseStatusOf(siteDir);
    expect(ReleaseStatusSchema.safeParse(status).success).toBe(true);
    expect(status.revision).toBe(9);
    expect(status.remotes).toEqual([
      { remote: 'marketing', live: 'm2', canary: null, published: [], preview: null },
      {
        remote: 'mypage',
        live: 'p1',
        canary: { version: 'p2', audience: { kind: 'percent', percent: 10 } },
        published: [],
        preview: null,
      },
    ]);
    expect(status.history).toHaveLength(HISTORY_SHOWN - 1);
    expect(status.history[0]).toEqual({
      at: 'last',
      who: 'sato',
      action: 'rollback',
      remote: 'marketing',
      from: 'm9',
      to: 'm2',
      why: 'errors',
      forced: true,
    });
    expect(status.history[1]?.to).toBe('m60');
  });

  it('a site without releases: revision 0, nothing listed', () => {
    const empty = makeTempDir('release-empty');
    try {
      expect(releaseStatusOf(empty)).toEqual({ revision: 0, remotes: [], history: [] });
    } finally {
      removeDir(empty);
    }
  });
});

describe('GET /api/staff/releases/', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('a staff member (any role) gets the status; an applicant and a visitor get 403', async () => {
    const reviewer = await staffAgent(api, await createStaff(api, { role: 'reviewer' }));
    const ok = await reviewer.get('/api/staff/releases/');
    expect(ok.statusCode).toBe(200);
    expect(ReleaseStatusSchema.safeParse(ok.json()).success).toBe(true);
    expect(ok.headers['cache-control']).toBe('no-store');

    const applicant = await loggedIn(api, await createUser(api));
    const refused = await applicant.get('/api/staff/releases/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: STAFF_MESSAGES.notAuthenticated });
    expect((await new Agent(api.app).get('/api/staff/releases/')).statusCode).toBe(403);
  });
});
