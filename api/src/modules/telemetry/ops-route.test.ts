import fs from 'node:fs';
import path from 'node:path';
import type { TelemetryBatch, TelemetrySignal } from '@app/contracts';
import { RemoteHealthSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { startTestApi, type TestApi } from '../../test/api';
import type { TelemetryIngest } from './ingest';

/**
 * GET /ops/canary-health/<remote> (issue 26): what `pnpm release canary health|watch` reads. Open as
 * /metrics is: a loopback client through no proxy, or the METRICS_TOKEN bearer.
 */
let api: TestApi;
let siteDir: string;
let ingest: TelemetryIngest;
let started: Date;

const LOOPBACK = '127.0.0.1';
const beacon = (version: string, signals: TelemetrySignal[], canary = false): TelemetryBatch => ({
  tags: { route: 'mypage', remote: 'mypage', version, revision: 4, canary, preview: false },
  signals,
});
const sessions = (n: number, extra: TelemetrySignal[] = []): TelemetrySignal[] => [
  ...Array.from({ length: n }, () => ({ type: 'pageview', first: true }) as const),
  ...extra,
];
const boundary = (n: number): TelemetrySignal[] =>
  Array.from(
    { length: n },
    () => ({ type: 'error', kind: 'boundary', message: 'mypage: this build throws on mount', frame: null }) as const,
  );

async function post(app: FastifyInstance, body: TelemetryBatch) {
  const response = await app.inject({ method: 'POST', url: '/api/telemetry/', payload: body, remoteAddress: '10.9.0.1' });
  expect(response.statusCode).toBe(204);
}

const health = (app: FastifyInstance, query = '', options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({
    method: 'GET',
    url: `/ops/canary-health/mypage${query}`,
    remoteAddress: options.remoteAddress ?? LOOPBACK,
    headers: options.headers ?? {},
  });

beforeAll(async () => {
  api = await startTestApi();
  siteDir = path.join(api.dataDir, 'no-site');
  fs.mkdirSync(siteDir, { recursive: true });
  ingest = api.context.telemetry as TelemetryIngest;
  // The canary started mid-minute: its first minute still counts (the aggregates are per minute).
  started = new Date(Math.floor(api.clock.now().getTime() / 60_000) * 60_000 + 30_000);
  fs.writeFileSync(
    path.join(siteDir, 'deployment.json'),
    JSON.stringify({
      revision: 4,
      remotes: { mypage: { manifest: '/m/live', version: 'ops-live' }, entry: { manifest: '/e', version: 'e1' } },
      canary: {
        mypage: {
          manifest: '/m/canary',
          version: 'ops-canary',
          audience: { kind: 'segment', segment: 'pilot' },
          since: started.toISOString(),
        },
      },
    }),
  );
});
afterAll(async () => {
  await api?.close();
});

describe('GET /ops/canary-health/<remote>', () => {
  it('the canary against live since it started, with the thresholds asked: worse, with the numbers', async () => {
    await post(api.app, beacon('ops-live', sessions(3)));
    await post(api.app, beacon('ops-canary', sessions(3, boundary(3)), true));
    await ingest.flush();
    api.clock.advance(60_000);
    const response = await health(api.app, '?minSessions=3&maxErrorRatio=2&maxLcpRatio=3');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = RemoteHealthSchema.parse(response.json());
    expect(report.since).toBe(new Date(Math.floor(started.getTime() / 60_000) * 60_000).toISOString());
    expect(report).toMatchObject({
      remote: 'mypage',
      routes: ['mypage'],
      candidate: { version: 'ops-canary', sessions: 3, pageViews: 3, errors: 3, errorRate: 1000 },
      baseline: { version: 'ops-live', sessions: 3, pageViews: 3, errors: 0, errorRate: 0 },
      verdict: 'worse',
      thresholds: { maxErrorRatio: 2, maxLcpRatio: 3, minSessions: 3 },
    });
    expect(report.newFingerprints.map((f) => [f.errors, f.message])).toEqual([[3, 'mypage: this build throws on mount']]);
    // The default thresholds (50 sessions): not enough data.
    expect((await health(api.app)).json()).toMatchObject({ verdict: 'not-enough-data' });
  });

  it('a remote without a canary: 404 no-canary; a bad query: 400', async () => {
    const none = await api.app.inject({ method: 'GET', url: '/ops/canary-health/entry', remoteAddress: LOOPBACK });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 'no-canary', detail: 'entry has no canary' });
    for (const query of [
      '?minSessions=0',
      '?since=yesterday',
      '?maxLcpRatio=x',
      `?since=${new Date(api.clock.now().getTime() + 3_600_000).toISOString()}`,
    ]) {
      expect((await health(api.app, query)).statusCode).toBe(400);
    }
  });

  it('refused to a client that is not local, or came through a proxy; with METRICS_TOKEN only the bearer passes', async () => {
    expect((await health(api.app, '', { remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    expect((await health(api.app, '', { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    const token = 'a-metrics-token-for-ops-test';
    const app = buildApp({ env: { SITE_DIR: siteDir, LOG_LEVEL: 'silent', METRICS_TOKEN: token }, db: api.database, context: api.context });
    await app.ready();
    try {
      const loopback = await health(app);
      expect(loopback.statusCode).toBe(401);
      expect(loopback.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(
        (await health(app, '', { remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer wrong-token-of-some-length' } })).statusCode,
      ).toBe(401);
      expect((await health(app, '', { remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the field aggregates on /metrics', () => {
  it('page views, errors and errors per 1,000 views per remote, version and canary flag, over the last minutes', async () => {
    const scrape = async () =>
      (await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: LOOPBACK })).body
        .split('\n')
        .filter((line) => line.startsWith('field_'));
    await post(api.app, beacon('gauge-canary', sessions(4, boundary(1)), true));
    await ingest.flush();
    const lines = await scrape();
    expect(lines).toContain('field_page_views{remote="mypage",version="gauge-canary",canary="true"} 4');
    expect(lines).toContain('field_errors{remote="mypage",version="gauge-canary",canary="true"} 1');
    expect(lines).toContain('field_errors_per_1000_views{remote="mypage",version="gauge-canary",canary="true"} 250');
    // Ten minutes on, the window has moved past them.
    api.clock.advance(10 * 60_000);
    expect((await scrape()).filter((line) => line.includes('gauge-canary'))).toEqual([]);
  });
});
