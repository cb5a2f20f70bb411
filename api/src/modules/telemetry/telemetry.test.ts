import fs from 'node:fs';
import path from 'node:path';
import {
  ReleaseHealthSchema,
  STAFF_MESSAGES,
  TELEMETRY_BODY_MAX_BYTES,
  type TelemetryBatch,
  type TelemetrySignal,
  type TelemetryTags,
} from '@app/contracts';
import { errorFingerprint, normaliseFrame } from '@app/contracts/domain/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { telemetryErrorMinutes, telemetryErrorSamples, telemetryPageMinutes, telemetryVitalMinutes } from '../../db/schema';
import { runExclusiveJob } from '../../jobs';
import { Agent, createStaff, createUser, loggedIn, staffAgent, startTestApi, type TestApi } from '../../test/api';
import { writeBuiltScript } from '../../test/source-maps';
import { canaryHealth, remoteHealth } from './health';
import type { TelemetryIngest } from './ingest';
import { sweepTelemetry, TELEMETRY_SWEEP_JOB } from './retention';

const RATE = 5;
let api: TestApi;
let ingest: TelemetryIngest;
let siteDir: string;

beforeAll(async () => {
  api = await startTestApi({ telemetryRatePerMinute: RATE, telemetrySamplesPerHour: 3 });
  // The staff endpoint reads the deployment.json of the app's site folder (removed with the data folder).
  siteDir = path.join(api.dataDir, 'no-site');
  fs.mkdirSync(siteDir, { recursive: true });
  ingest = api.context.telemetry as TelemetryIngest;
});
afterAll(async () => {
  await api?.close();
});

const tags = (overrides: Partial<TelemetryTags> = {}): TelemetryTags => ({
  route: 'home',
  remote: 'marketing',
  version: '1.0.0-live',
  revision: 3,
  canary: false,
  preview: false,
  ...overrides,
});
const batch = (signals: TelemetrySignal[], overrides: Partial<TelemetryTags> = {}): TelemetryBatch => ({ tags: tags(overrides), signals });
const views = (n: number, first = true): TelemetrySignal[] => Array.from({ length: n }, () => ({ type: 'pageview', first }));
const error = (
  message: string,
  frame: string | null = 'at render (https://site/remotes/mfe-marketing/1.0.0-abcdef/page.0123456789.js:1:200)',
) => ({ type: 'error', kind: 'uncaught', message, frame }) as const;
const vital = (name: 'LCP' | 'INP' | 'CLS' | 'TTFB', value: number) => ({ type: 'vital', name, value }) as const;

const db = () => api.context.db;

describe('POST /api/telemetry/', () => {
  it("204 for a beacon as JSON or as the text/plain a beacon sends, no session or CSRF token needed; an older shell's single batch still taken", async () => {
    const agent = new Agent(api.app);
    const json = await agent.post('/api/telemetry/', { batches: [batch(views(1), { version: 'post-1' })] }, { csrf: false });
    expect(json.statusCode).toBe(204);
    expect(json.body).toBe('');
    const text = await agent.request('POST', '/api/telemetry/', {
      body: JSON.stringify(batch(views(2, false), { version: 'post-1' })),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(text.statusCode).toBe(204);
    await ingest.flush();
    const rows = await db().select().from(telemetryPageMinutes);
    expect(rows.filter((row) => row.version === 'post-1')).toEqual([
      expect.objectContaining({ remote: 'marketing', route: 'home', sessions: 1, pageViews: 3, errors: 0, canary: false, preview: false }),
    ]);
  });

  it('one beacon carries a batch per tag set: each stored under its own tags', async () => {
    const agent = new Agent(api.app);
    const response = await agent.post('/api/telemetry/', {
      batches: [
        batch(views(1), { version: 'env-1', remote: 'auth', route: 'login' }),
        batch([...views(1), vital('LCP', 1500)], { version: 'env-1', remote: 'mypage', route: 'mypage' }),
        batch([error('boom')], { version: 'env-1', remote: 'entry', route: 'entryInvoice' }),
      ],
    });
    expect(response.statusCode).toBe(204);
    await ingest.flush();
    const rows = (await db().select().from(telemetryPageMinutes)).filter((row) => row.version === 'env-1');
    expect(rows.map((row) => [row.remote, row.route, row.pageViews, row.errors]).sort()).toEqual([
      ['auth', 'login', 1, 0],
      ['entry', 'entryInvoice', 0, 1],
      ['mypage', 'mypage', 1, 0],
    ]);
  });

  it('413 past TELEMETRY_BODY_MAX_BYTES, as JSON and as text', async () => {
    const agent = new Agent(api.app);
    const big = JSON.stringify({ ...batch(views(1)), padding: 'x'.repeat(TELEMETRY_BODY_MAX_BYTES) });
    for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
      const response = await agent.request('POST', '/api/telemetry/', { body: big, headers: { 'content-type': type } });
      expect(response.statusCode).toBe(413);
      expect(typeof response.json<{ detail: unknown }>().detail).toBe('string');
    }
  });

  it('400 in the catalogue shape for a URL instead of a route id, a 51st signal, or a body that is not JSON', async () => {
    const agent = new Agent(api.app);
    const url = await agent.post('/api/telemetry/', { batches: [batch(views(1)), batch(views(1), { route: '/mypage/entries/12?x=1' })] });
    expect(url.statusCode).toBe(400);
    expect(Object.keys(url.json<object>())).toEqual(['batches.1.tags.route']);
    // An older shell's single batch is read as the envelope of one: its errors say so.
    const many = await agent.post('/api/telemetry/', batch(views(51)));
    expect(many.statusCode).toBe(400);
    expect(Object.keys(many.json<object>())).toEqual(['batches.0.signals']);
    const spread = await agent.post('/api/telemetry/', { batches: [batch(views(30)), batch(views(21), { route: 'login' })] });
    expect(spread.statusCode).toBe(400);
    expect(Object.keys(spread.json<object>())).toEqual(['batches']);
    const garbage = await agent.request('POST', '/api/telemetry/', { body: '{"tags":', headers: { 'content-type': 'text/plain' } });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ non_field_errors: [expect.any(String)] });
  });

  it('429 with Retry-After past the per-client rate; another client still passes; a new minute lets it in again', async () => {
    const agent = new Agent(api.app);
    for (let i = 0; i < RATE; i++) expect((await agent.post('/api/telemetry/', batch(views(1)))).statusCode).toBe(204);
    const refused = await agent.post('/api/telemetry/', batch(views(1)));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Counted before the body is read: a broken body is refused the same way.
    expect((await agent.request('POST', '/api/telemetry/', { body: 'x', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(429);
    expect((await new Agent(api.app).post('/api/telemetry/', batch(views(1)))).statusCode).toBe(204);
    api.clock.advance(60_000);
    expect((await agent.post('/api/telemetry/', batch(views(1)))).statusCode).toBe(204);
  });

  it('a mail address and a phone number in an error message are gone from what is stored; the frame kept as served (no origin, no query)', async () => {
    const agent = new Agent(api.app);
    const message = 'failed for taro@example.jp 090-1234-5678';
    const frame = 'at submit (https://site.example/remotes/mfe-auth/0.1.0-67ee/page-login.df4984bb5b.js?v=1:1:2345)';
    const response = await agent.post(
      '/api/telemetry/',
      batch([error(message, frame)], { remote: 'auth', route: 'login', version: 'scrub-1' }),
    );
    expect(response.statusCode).toBe(204);
    await ingest.flush();
    const samples = (await db().select().from(telemetryErrorSamples)).filter((row) => row.version === 'scrub-1');
    expect(samples).toEqual([
      expect.objectContaining({
        remote: 'auth',
        route: 'login',
        kind: 'uncaught',
        message: 'failed for [mail] [number]',
        frame: 'submit (/remotes/mfe-auth/0.1.0-67ee/page-login.df4984bb5b.js:1:2345)',
        fingerprint: errorFingerprint(message, frame),
        at: api.clock.now(),
      }),
    ]);
    const stored = JSON.stringify(samples);
    for (const secret of ['taro', 'example.jp', '090', '1234', '5678']) expect(stored).not.toContain(secret);
  });
});

describe('the aggregates', () => {
  it('a NUL in a message or frame (PostgreSQL text cannot hold one) is dropped, the rest written', async () => {
    ingest.add(batch([error('bad\u0000byte', 'at x (\u0000/a.js:1:2)'), ...views(1)], { version: 'nul-1' }));
    const report = await ingest.flush();
    expect(report).toMatchObject({ pages: 1, errors: 1, samples: 1 });
    const [sample] = (await db().select().from(telemetryErrorSamples)).filter((row) => row.version === 'nul-1');
    expect(sample).toMatchObject({ message: 'badbyte', frame: 'x (/a.js:1:2)' });
  });

  it('page views, sessions, errors by fingerprint and vitals per bucket, merged across batches and flushes', async () => {
    const t = { remote: 'mypage', route: 'mypage', version: 'agg-1' } as const;
    ingest.add(batch([...views(2), ...views(1, false), vital('LCP', 1200), vital('LCP', 1400), vital('INP', 90)], t));
    ingest.add(batch([error('boom 12'), error('boom 345'), vital('LCP', 99_999)], t));
    expect(ingest.pendingKeys).toBeGreaterThan(0);
    await ingest.flush();
    expect(ingest.pendingKeys).toBe(0);
    ingest.add(batch([...views(1), error('boom 1'), vital('CLS', 0.03)], t));
    ingest.add(batch(views(1), { ...t, canary: true }));
    await ingest.flush();

    const pages = (await db().select().from(telemetryPageMinutes)).filter((row) => row.version === 'agg-1');
    expect(pages).toHaveLength(2);
    expect(pages.find((row) => !row.canary)).toMatchObject({ sessions: 3, pageViews: 4, errors: 3, minute: api.clock.now() });
    expect(pages.find((row) => row.canary)).toMatchObject({ sessions: 1, pageViews: 1, errors: 0 });

    // The three messages differ only in their (short) numbers: one fingerprint.
    const errors = (await db().select().from(telemetryErrorMinutes)).filter((row) => row.version === 'agg-1');
    expect(errors).toEqual([
      expect.objectContaining({ fingerprint: errorFingerprint('boom 1', normaliseFrame(error('x').frame!)), count: 3 }),
    ]);

    const vitals = (await db().select().from(telemetryVitalMinutes))
      .filter((row) => row.version === 'agg-1')
      .map((row) => `${row.vital}:${row.bucket}=${row.count}`)
      .sort();
    // LCP 1200 and 1400 in (1000, 1500], 99 999 in the open bucket; INP 90 in (50, 100]; CLS 0.03 in (0.02, 0.05].
    expect(vitals).toEqual(['CLS:2=1', 'INP:1=1', 'LCP:2=2', 'LCP:9=1']);
  });

  it('error samples capped per fingerprint per hour (the counts stay whole); the next hour takes new ones', async () => {
    const t = { remote: 'entry', route: 'mypage', version: 'cap-1' } as const;
    ingest.add(batch([error('cap error'), error('cap error')], t));
    await ingest.flush();
    ingest.add(batch([error('cap error'), error('cap error'), error('cap error')], t));
    await ingest.flush();
    const samples = async () => (await db().select().from(telemetryErrorSamples)).filter((row) => row.version === 'cap-1');
    expect(await samples()).toHaveLength(3);
    const counted = (await db().select().from(telemetryErrorMinutes)).filter((row) => row.version === 'cap-1');
    expect(counted.reduce((sum, row) => sum + row.count, 0)).toBe(5);

    api.clock.advance(60 * 60 * 1000);
    ingest.add(batch([error('cap error')], t));
    await ingest.flush();
    expect(await samples()).toHaveLength(4);
  });
});

describe('retention', () => {
  it('the hourly job removes what is older than TELEMETRY_RETENTION_DAYS, keeps the rest, one process at a time', async () => {
    const t = { remote: 'shell', route: 'terms', version: 'old-1' } as const;
    ingest.add(batch([...views(1), error('old'), vital('TTFB', 300)], t));
    await ingest.flush();
    api.clock.advance(31 * 24 * 60 * 60 * 1000);
    ingest.add(batch([...views(1), error('old'), vital('TTFB', 300)], { ...t, version: 'new-1' }));
    await ingest.flush();

    const versions = async () => {
      const all = [
        ...(await db().select().from(telemetryPageMinutes)),
        ...(await db().select().from(telemetryErrorMinutes)),
        ...(await db().select().from(telemetryVitalMinutes)),
        ...(await db().select().from(telemetryErrorSamples)),
      ];
      return all.filter((row) => row.remote === 'shell').map((row) => row.version);
    };
    expect((await versions()).filter((v) => v === 'old-1')).toHaveLength(4);

    // Another API process holds the job's lock: this one skips the run.
    const other = await api.database.pool.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`job:${TELEMETRY_SWEEP_JOB}`]);
      expect(await runExclusiveJob(db(), TELEMETRY_SWEEP_JOB, (tx) => sweepTelemetry(tx, api.clock.now(), 30))).toEqual({ ran: false });
    } finally {
      await other.query('rollback');
      other.release();
    }
    expect((await versions()).filter((v) => v === 'old-1')).toHaveLength(4);

    const run = await runExclusiveJob(db(), TELEMETRY_SWEEP_JOB, (tx) => sweepTelemetry(tx, api.clock.now(), 30));
    expect(run.ran).toBe(true);
    // Each table had old rows (this test's and the earlier tests'): every one counted in the report.
    const report = run.ran ? run.result : undefined;
    for (const removed of Object.values(report ?? {})) expect(removed).toBeGreaterThanOrEqual(1);
    expect(Object.keys(report ?? {}).sort()).toEqual(['errors', 'pages', 'samples', 'vitals']);
    const left = await versions();
    expect(left).not.toContain('old-1');
    expect(left.filter((v) => v === 'new-1')).toHaveLength(4);
  });
});

describe('canary health', () => {
  /** Sessions (each one page view) on a route, in batches of 50. */
  function sessions(n: number, version: string, extra: Partial<TelemetryTags> = {}, signals: TelemetrySignal[] = []): void {
    for (let left = n; left > 0; left -= 50)
      ingest.add(batch(views(Math.min(50, left)), { remote: 'mypage', route: 'mypage', version, ...extra }));
    for (let i = 0; i < signals.length; i += 50)
      ingest.add(batch(signals.slice(i, i + 50), { remote: 'mypage', route: 'mypage', version, ...extra }));
  }
  const lcps = (n: number, value: number) => Array.from({ length: n }, () => vital('LCP', value));
  const errors = (n: number, message: string) => Array.from({ length: n }, () => error(message));
  const window = () => ({ since: new Date(api.clock.now().getTime() - 60 * 60_000), until: new Date(api.clock.now().getTime() + 60_000) });

  it('healthy: the same numbers on both sides', async () => {
    sessions(100, 'ok-live', {}, [...lcps(20, 1800), ...errors(1, 'rare')]);
    sessions(100, 'ok-canary', { canary: true }, [...lcps(20, 1900), ...errors(1, 'rare')]);
    await ingest.flush();
    const report = await remoteHealth(db(), { remote: 'mypage', candidate: 'ok-canary', baseline: 'ok-live', ...window() });
    expect(report).toMatchObject({
      verdict: 'healthy',
      routes: ['mypage'],
      candidate: { version: 'ok-canary', sessions: 100, pageViews: 100, errors: 1, errorRate: 10, lcpP75: 2000 },
      baseline: { version: 'ok-live', sessions: 100, pageViews: 100, errors: 1, errorRate: 10, lcpP75: 2000 },
      errorRateRatio: 1,
      lcpRatio: 1,
      newFingerprints: [],
      thresholds: { maxErrorRatio: 2, maxLcpRatio: 1.25, minSessions: 50 },
    });
    expect(report.reasons).toEqual([
      'error rate 10.0/1000 page views vs 10.0 (ratio 1.0 ≤ 2)',
      'LCP p75 2000 ms vs 2000 ms (ratio 1.00 ≤ 1.25)',
    ]);
  });

  it('worse by errors: a live rate of 0 read as 1 per 1,000; the new fingerprint with its scrubbed sample', async () => {
    sessions(80, 'err-live');
    sessions(80, 'err-canary', { canary: true }, errors(33, 'mount failed for hanako@example.jp'));
    await ingest.flush();
    const report = await remoteHealth(db(), { remote: 'mypage', candidate: 'err-canary', baseline: 'err-live', ...window() });
    expect(report.verdict).toBe('worse');
    expect(report.candidate.errorRate).toBe(412.5);
    expect(report.reasons[0]).toBe('error rate 412.5/1000 page views vs 0.0 (ratio 412.5 > 2)');
    expect(report.newFingerprints).toEqual([
      expect.objectContaining({
        errors: 33,
        kind: 'uncaught',
        message: 'mount failed for [mail]',
        frame: 'render (/remotes/mfe-marketing/1.0.0-abcdef/page.0123456789.js:1:200)',
        // No source maps given (canaryHealth and the routes give the site's).
        mappedFrame: null,
      }),
    ]);
  });

  it('worse by LCP', async () => {
    sessions(60, 'lcp-live', {}, lcps(40, 1800));
    sessions(60, 'lcp-canary', { canary: true }, lcps(40, 3500));
    await ingest.flush();
    const report = await remoteHealth(db(), { remote: 'mypage', candidate: 'lcp-canary', baseline: 'lcp-live', ...window() });
    expect(report).toMatchObject({ verdict: 'worse', lcpRatio: 2, candidate: { lcpP75: 4000 }, baseline: { lcpP75: 2000 } });
    expect(report.reasons[1]).toBe('LCP p75 4000 ms vs 2000 ms (ratio 2.00 > 1.25)');
  });

  it('not enough data under the minimum sessions, whatever the errors; thresholds can be given', async () => {
    sessions(200, 'few-live');
    sessions(20, 'few-canary', { canary: true }, errors(20, 'all broken'));
    await ingest.flush();
    const report = await remoteHealth(db(), { remote: 'mypage', candidate: 'few-canary', baseline: 'few-live', ...window() });
    expect(report).toMatchObject({ verdict: 'not-enough-data', reasons: ['canary 20 sessions < 50'] });
    const lower = await remoteHealth(db(), {
      remote: 'mypage',
      candidate: 'few-canary',
      baseline: 'few-live',
      ...window(),
      thresholds: { minSessions: 10 },
    });
    expect(lower.verdict).toBe('worse');
  });

  it('only the routes both versions saw count, previews are left out, and the window bounds the minutes', async () => {
    // The canary's errors on a route the live version never had, and in a preview: not counted.
    sessions(60, 'rt-live');
    sessions(60, 'rt-canary', { canary: true });
    sessions(60, 'rt-canary', { canary: true, route: 'profile' }, errors(50, 'profile broken'));
    sessions(60, 'rt-canary', { preview: true }, errors(50, 'preview broken'));
    await ingest.flush();
    const report = await remoteHealth(db(), { remote: 'mypage', candidate: 'rt-canary', baseline: 'rt-live', ...window() });
    expect(report).toMatchObject({ verdict: 'healthy', routes: ['mypage'], candidate: { sessions: 60, pageViews: 60, errors: 0 } });

    const later = new Date(api.clock.now().getTime() + 2 * 60_000);
    const empty = await remoteHealth(db(), {
      remote: 'mypage',
      candidate: 'rt-canary',
      baseline: 'rt-live',
      since: later,
      until: new Date(later.getTime() + 60_000),
    });
    expect(empty).toMatchObject({
      verdict: 'not-enough-data',
      routes: [],
      candidate: { sessions: 0, errorRate: null },
      newFingerprints: [],
    });
  });

  it('a series per version: errors per 1,000 page views and LCP p75 per bucket', async () => {
    const start = api.clock.now();
    sessions(10, 'ser-live', {}, lcps(4, 900));
    sessions(10, 'ser-canary', { canary: true }, [...errors(2, 'x'), ...lcps(4, 2200)]);
    await ingest.flush();
    api.clock.advance(5 * 60_000);
    sessions(10, 'ser-canary', { canary: true });
    await ingest.flush();
    const report = await remoteHealth(db(), {
      remote: 'mypage',
      candidate: 'ser-canary',
      baseline: 'ser-live',
      since: start,
      until: new Date(start.getTime() + 15 * 60_000),
      bucketMinutes: 5,
    });
    expect(report.bucketMinutes).toBe(5);
    expect(report.series.candidate).toEqual([
      { start: start.toISOString(), pageViews: 10, errors: 2, errorRate: 200, lcpP75: 2500 },
      { start: new Date(start.getTime() + 5 * 60_000).toISOString(), pageViews: 10, errors: 0, errorRate: 0, lcpP75: null },
      { start: new Date(start.getTime() + 10 * 60_000).toISOString(), pageViews: 0, errors: 0, errorRate: null, lcpP75: null },
    ]);
    expect(report.series.baseline.map((point) => point.lcpP75)).toEqual([1000, null, null]);
  });

  it('every remote with a canary in deployment.json, against its live version; none without canaries', async () => {
    expect((await canaryHealth(db(), siteDir, { now: api.clock.now(), windowMinutes: 60 })).remotes).toEqual([]);
    sessions(70, 'dep-live', {}, errors(1, 'rare'));
    // The canary's error is thrown in a script of the site whose source map the release kept.
    const script = 'remotes/mfe-mypage/0.1.0-0123456789/page-profile.0123456789.js';
    const code = `function r(){${';'.repeat(186)}throw Error("new in canary")}`;
    const columns = writeBuiltScript(siteDir, script, code, [
      { at: 'r(){', source: 'webpack://mfe-mypage/src/features/profile/profile-page.tsx', line: 40, column: 10, name: 'ProfilePage' },
      { at: 'throw', source: 'webpack://mfe-mypage/src/features/profile/profile-page.tsx', line: 44, column: 5 },
    ]);
    const thrown = `at r (https://site.example.jp/${script}:1:${columns.throw})`;
    sessions(
      70,
      'dep-canary',
      { canary: true },
      Array.from({ length: 20 }, () => error('new in canary', thrown)),
    );
    await ingest.flush();
    fs.writeFileSync(
      path.join(siteDir, 'deployment.json'),
      JSON.stringify({
        revision: 4,
        remotes: { mypage: { manifest: '/m1', version: 'dep-live' }, auth: { manifest: '/a1', version: 'a1' } },
        canary: { mypage: { manifest: '/m2', version: 'dep-canary', audience: { kind: 'segment', segment: 'beta' } } },
      }),
    );
    const health = await canaryHealth(db(), siteDir, { now: new Date(api.clock.now().getTime() + 60_000), windowMinutes: 60 });
    expect(health.windowMinutes).toBe(60);
    expect(health.remotes.map((r) => [r.remote, r.candidate.version, r.baseline.version, r.verdict])).toEqual([
      ['mypage', 'dep-canary', 'dep-live', 'worse'],
    ]);
    // The frame as served, and where it is in the repository through the site's private source map.
    expect(health.remotes[0]?.newFingerprints).toEqual([
      expect.objectContaining({
        errors: 20,
        frame: `r (/${script}:1:200)`,
        mappedFrame: 'mfe-mypage/src/features/profile/profile-page.tsx:44:5 (ProfilePage)',
      }),
    ]);
  });
});

describe('GET /api/staff/releases/health/', () => {
  it('every staff role gets the report (the numbers per canary); an applicant and a visitor get 403', async () => {
    // Half a minute on: the minute the canary's numbers came in has begun before "now".
    api.clock.advance(30_000);
    for (const role of ['reviewer', 'approver', 'admin'] as const) {
      const staff = await staffAgent(api, await createStaff(api, { role }));
      const response = await staff.get('/api/staff/releases/health/?windowMinutes=120');
      expect(response.statusCode).toBe(200);
      const body = ReleaseHealthSchema.parse(response.json());
      expect(body.windowMinutes).toBe(120);
      expect(body.remotes.map((r) => [r.remote, r.verdict, r.reasons.length > 0, r.series.candidate.length])).toEqual([
        ['mypage', 'worse', true, 12],
      ]);
      expect(body.remotes[0]?.newFingerprints[0]?.mappedFrame).toBe('mfe-mypage/src/features/profile/profile-page.tsx:44:5 (ProfilePage)');
    }
    const staff = await staffAgent(api, await createStaff(api));
    expect((await staff.get('/api/staff/releases/health/')).json()).toMatchObject({ windowMinutes: 60 });
    const bad = await staff.get('/api/staff/releases/health/?windowMinutes=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['windowMinutes']);

    const applicant = await loggedIn(api, await createUser(api));
    const refused = await applicant.get('/api/staff/releases/health/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: STAFF_MESSAGES.notAuthenticated });
    const visitor = await new Agent(api.app).get('/api/staff/releases/health/');
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toEqual({ detail: STAFF_MESSAGES.notAuthenticated });
  });
});

describe('closing the app', () => {
  it('writes what is pending', async () => {
    const app = buildApp({ env: { SITE_DIR: siteDir, LOG_LEVEL: 'silent' }, db: api.database, context: api.context });
    await app.ready();
    const response = await new Agent(app).post('/api/telemetry/', batch(views(2), { version: 'close-1' }));
    expect(response.statusCode).toBe(204);
    expect(ingest.pendingKeys).toBe(1);
    await app.close();
    expect(ingest.pendingKeys).toBe(0);
    const rows = (await db().select().from(telemetryPageMinutes)).filter((row) => row.version === 'close-1');
    expect(rows).toEqual([expect.objectContaining({ sessions: 2, pageViews: 2 })]);
  });
});
