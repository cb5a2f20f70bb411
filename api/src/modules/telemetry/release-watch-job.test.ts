import fs from 'node:fs';
import path from 'node:path';
import type { TelemetryBatch, TelemetrySignal } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { runExclusiveJob } from '../../jobs';
import { startTestApi, type TestApi } from '../../test/api';
import { makeTempDir, removeDir } from '../../test/support';
import { createTelemetryIngest, type TelemetryIngest } from './ingest';
import { RELEASE_WATCH_JOB, watchCanariesOnce } from './release-watch-job';

/**
 * RELEASE_WATCH=1 (issue 26): the API's scheduled watch runs the release CLI's `canary watch --once`
 * for every canary, against this API's own numbers, one process at a time. Real parts: the CLI as a
 * child process, the API listening on loopback, PostgreSQL; the clock is the real one (the CLI's).
 */
// The CLI is a separate Node process (a second or two on a busy machine): a hang detector, not a speed check.
vi.setConfig({ testTimeout: 60_000 });

let api: TestApi;
let app: FastifyInstance;
let ingest: TelemetryIngest;
let siteDir: string;
let apiUrl: string;

const beacon = (version: string, canary: boolean, signals: TelemetrySignal[]): TelemetryBatch => ({
  tags: { route: 'mypage', remote: 'mypage', version, revision: 2, canary, preview: false },
  signals,
});
const views = (n: number): TelemetrySignal[] => Array.from({ length: n }, () => ({ type: 'pageview', first: true }) as const);
const thrown = (n: number): TelemetrySignal[] =>
  Array.from({ length: n }, () => ({ type: 'error', kind: 'boundary', message: 'boom', frame: null }) as const);

function writeDeployment() {
  fs.writeFileSync(
    path.join(siteDir, 'deployment.json'),
    JSON.stringify({
      revision: 2,
      remotes: { mypage: { manifest: '/remotes/mfe-mypage/0.1.0-aaaaaaaaaa/mf-manifest.json', version: '0.1.0-aaaaaaaaaa' } },
      canary: {
        mypage: {
          manifest: '/remotes/mfe-mypage/0.1.0-bbbbbbbbbb/mf-manifest.json',
          version: '0.1.0-bbbbbbbbbb',
          audience: { kind: 'segment', segment: 'pilot' },
          since: new Date(Date.now() - 5_000).toISOString(),
        },
      },
    }),
  );
}

beforeAll(async () => {
  api = await startTestApi();
  siteDir = makeTempDir('release-watch-job');
  ingest = createTelemetryIngest({ db: api.database.drizzle, now: () => new Date() });
  app = buildApp({
    env: { SITE_DIR: siteDir, LOG_LEVEL: 'silent' },
    db: api.database,
    context: { ...api.context, now: () => new Date(), telemetry: ingest },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  apiUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await api?.close();
  removeDir(siteDir);
});

async function send(batch: TelemetryBatch) {
  const response = await app.inject({ method: 'POST', url: '/api/telemetry/', payload: batch, remoteAddress: '10.8.0.1' });
  expect(response.statusCode).toBe(204);
}

describe('the scheduled canary watch', () => {
  it('aborts a canary that is worse than live, as the CLI would, recorded as api:release-watch with the numbers', async () => {
    writeDeployment();
    await send(beacon('0.1.0-aaaaaaaaaa', false, views(3)));
    await send(beacon('0.1.0-bbbbbbbbbb', true, [...views(3), ...thrown(3)]));
    await ingest.flush();

    const run = await runExclusiveJob(api.database.drizzle, RELEASE_WATCH_JOB, () =>
      watchCanariesOnce({ siteDir, apiUrl, options: ['--min-sessions', '2'] }),
    );
    expect(run.ran).toBe(true);
    const [only] = run.ran ? run.result : [];
    expect(only?.remote).toBe('mypage');
    expect(only?.code, only?.output).toBe(5);
    const deployment = JSON.parse(fs.readFileSync(path.join(siteDir, 'deployment.json'), 'utf8')) as { canary: Record<string, unknown> };
    expect(deployment.canary.mypage).toBeUndefined();
    const history = fs
      .readFileSync(path.join(siteDir, '.release', 'history.jsonl'), 'utf8')
      .trim()
      .split('\n');
    const last = JSON.parse(history.at(-1) ?? '{}') as { action: string; who: string; why: string; health: { verdict: string } };
    expect(last).toMatchObject({ action: 'canary-abort', who: 'api:release-watch', health: { verdict: 'worse' } });
    expect(last.why).toMatch(/^canary watch: worse than live — worse: 3 vs 3 sessions, errors\/1,000 views 1000\.0 vs 0\.0/);
  });

  it('not enough data: nothing changes; no canary: nothing runs; another process holding the lock: skipped', async () => {
    writeDeployment();
    const waiting = await watchCanariesOnce({ siteDir, apiUrl, options: ['--min-sessions', '500'] });
    expect(waiting.map((r) => [r.remote, r.code])).toEqual([['mypage', 0]]);
    expect(waiting[0]?.output).toMatch(/→ not enough data yet$/);
    // As server.ts runs it: while another process holds the job's lock, this one skips the period.
    const db = api.database.drizzle;
    const held = await runExclusiveJob(db, RELEASE_WATCH_JOB, () =>
      runExclusiveJob(db, RELEASE_WATCH_JOB, () => watchCanariesOnce({ siteDir, apiUrl, options: [] })),
    );
    expect(held).toEqual({ ran: true, result: { ran: false } });
    fs.writeFileSync(path.join(siteDir, 'deployment.json'), JSON.stringify({ revision: 3, remotes: {}, canary: {} }));
    expect(await watchCanariesOnce({ siteDir, apiUrl, options: [] })).toEqual([]);
  });
});
