// The canary's health and watch (scripts/release-watch.mjs, release-watch-cli.mjs): the decisions,
// the report read from an API (a real local HTTP server here), the history written with the
// numbers, and the CLI as a separate process.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { readJson } from './lib.mjs';
import { LocalStore } from './release-store.mjs';
import { readHistory } from './release-core.mjs';
import { fakeDist, makeSite, releaseAsync, releaseSync } from './release-fixtures.mjs';
import {
  EXIT_ABORTED,
  apiBaseOf,
  decide,
  fetchHealth,
  formatHealth,
  judge,
  parseDuration,
  summarise,
  watchCanary,
} from './release-watch.mjs';
import { watchOptionsOf } from './release-watch-cli.mjs';

// The CLI tests run separate processes: on two busy cores that takes seconds (a hang detector, not a speed check).
vi.setConfig({ testTimeout: 60_000 });

let tmp;
let site;
let live;
let canary;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-watch-'));
  site = makeSite(path.join(tmp, 'site'));
  live = releaseSync(site, ['publish', 'entry', fakeDist(tmp, 'entry-live', 'live')]).stdout;
  expect(releaseSync(site, ['promote', 'entry', live]).code).toBe(0);
  canary = releaseSync(site, ['publish', 'entry', fakeDist(tmp, 'entry-canary', 'canary')]).stdout;
  expect(releaseSync(site, ['canary', 'entry', canary, '--segment', 'pilot']).code).toBe(0);
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A report as the API's GET /ops/canary-health/<remote> answers it. */
function report(verdict, overrides = {}) {
  return {
    remote: 'entry',
    since: '2026-11-28T10:00:00.000Z',
    until: '2026-11-28T10:30:00.000Z',
    routes: ['mypage'],
    candidate: { version: canary, sessions: 60, pageViews: 80, errors: 33, errorRate: 412.5, lcpP75: 1900, inpP75: 120 },
    baseline: { version: live, sessions: 70, pageViews: 100, errors: 0, errorRate: 0, lcpP75: 1800, inpP75: 100 },
    errorRateRatio: 412.5,
    lcpRatio: 1.06,
    inpRatio: 1.2,
    thresholds: { maxErrorRatio: 2, maxLcpRatio: 1.25, minSessions: 50 },
    newFingerprints: [{ fingerprint: 'cee464e0', errors: 33, kind: 'boundary', message: 'boom', frame: 'at f (x.js:1:2)' }],
    bucketMinutes: 5,
    series: { candidate: [], baseline: [] },
    verdict,
    reasons: verdict === 'worse' ? ['error rate 412.5/1,000 page views vs 0.0 (ratio 412.50 > 2)'] : [],
    ...overrides,
  };
}

const options = { maxErrorRatio: 2, maxLcpRatio: 1.25, minSessions: 50, promoteAfterMs: 60 * 60_000, everyMs: 1000, windowMs: 10 * 60_000 };

describe('durations and options', () => {
  test('90s, 30m, 2h, 1d, 500ms and bare seconds; nonsense and zero refused with the option named', () => {
    expect([
      parseDuration('90s'),
      parseDuration('30m'),
      parseDuration('2h'),
      parseDuration('1d'),
      parseDuration('500ms'),
      parseDuration('5'),
    ]).toEqual([90_000, 1_800_000, 7_200_000, 86_400_000, 500, 5000]);
    expect(() => parseDuration('2 hours', '--promote-after')).toThrow('--promote-after must be a duration such as 90s, 30m or 2h');
    expect(() => parseDuration('0s', '--every')).toThrow('--every must be longer than zero');
  });

  test('the watch options: defaults, and each given one read', () => {
    expect(watchOptionsOf({})).toEqual({
      maxErrorRatio: 2,
      maxLcpRatio: 1.25,
      minSessions: 50,
      promoteAfterMs: 7_200_000,
      everyMs: 60_000,
      windowMs: 1_800_000,
    });
    expect(
      watchOptionsOf({
        'max-error-ratio': '3',
        'max-lcp-ratio': '1.5',
        'min-sessions': '5',
        'promote-after': '20s',
        every: '2s',
        window: '1m',
      }),
    ).toEqual({ maxErrorRatio: 3, maxLcpRatio: 1.5, minSessions: 5, promoteAfterMs: 20_000, everyMs: 2000, windowMs: 60_000 });
    expect(() => watchOptionsOf({ 'min-sessions': '-1' })).toThrow('--min-sessions must be a number above zero');
  });

  test('the API: --api, else RELEASE_API_URL, else this machine on PORT', () => {
    expect(apiBaseOf('http://api.internal:8080/', {})).toBe('http://api.internal:8080');
    expect(apiBaseOf(undefined, { RELEASE_API_URL: 'https://example.jp' })).toBe('https://example.jp');
    expect(apiBaseOf(undefined, { PORT: '4300' })).toBe('http://127.0.0.1:4300');
    expect(apiBaseOf(undefined, {})).toBe('http://127.0.0.1:3000');
    expect(() => apiBaseOf('not a url', {})).toThrow('--api (or RELEASE_API_URL) must be a URL');
  });
});

describe('decide', () => {
  test('worse in the last window: abort, whatever the period says', () => {
    const d = decide({ recent: report('worse'), period: report('healthy') });
    expect(d.action).toBe('abort');
    expect(d.why).toContain('errors/1,000 views 412.5 vs 0.0');
  });

  test('worse since it started (a bad spell that stopped): abort', () => {
    const d = decide({ recent: report('not-enough-data'), period: report('worse') });
    expect(d.action).toBe('abort');
    expect(d.why).toMatch(/^canary watch: worse than live since it started — /);
  });

  test('healthy over the whole period, the last window not worse (quiet counts): promote', () => {
    expect(decide({ recent: report('healthy'), period: report('healthy') }).action).toBe('promote');
    expect(decide({ recent: report('not-enough-data'), period: report('healthy') }).action).toBe('promote');
  });

  test('too young, or not enough data: wait', () => {
    expect(decide({ recent: report('healthy'), period: null })).toEqual({
      action: 'wait',
      why: 'healthy so far; the promote-after period has not passed',
    });
    expect(decide({ recent: report('not-enough-data'), period: null })).toEqual({ action: 'wait', why: 'not enough data yet' });
    expect(decide({ recent: report('healthy'), period: report('not-enough-data') })).toEqual({
      action: 'wait',
      why: 'not enough data since the canary started',
    });
  });
});

describe('the report printed', () => {
  test('canary beside live with the ratios, the verdict and its reasons', () => {
    const text = formatHealth(report('worse'));
    const lines = text.split('\n');
    expect(lines[0]).toBe('entry: 2026-11-28T10:00:00.000Z → 2026-11-28T10:30:00.000Z, routes: mypage');
    expect(lines[1]).toMatch(new RegExp(`canary ${canary}\\s+live ${live}\\s+ratio$`));
    expect(lines.find((l) => l.startsWith('errors / 1,000 views'))).toMatch(/412\.5\s+0\.0\s+412\.50×$/);
    expect(lines.find((l) => l.startsWith('LCP p75'))).toMatch(/1900 ms\s+1800 ms\s+1\.06×$/);
    expect(lines.at(-1)).toBe('verdict: worse — error rate 412.5/1,000 page views vs 0.0 (ratio 412.50 > 2)');
    expect(lines.at(-2)).toBe('  new: 33× boundary "boom" at at f (x.js:1:2)');
    const mapped = {
      fingerprint: 'a1',
      errors: 4,
      kind: 'uncaught',
      message: 'x',
      frame: 'f (/remotes/mfe-entry/0.1.0-0123456789/a.js:1:2)',
    };
    expect(formatHealth(report('worse', { newFingerprints: [{ ...mapped, mappedFrame: 'mfe-entry/src/a.tsx:3:4 (Page)' }] }))).toContain(
      '  new: 4× uncaught "x" at mfe-entry/src/a.tsx:3:4 (Page) (served: f (/remotes/mfe-entry/0.1.0-0123456789/a.js:1:2))',
    );
    expect(formatHealth(report('worse', { newFingerprints: [{ ...mapped, mappedFrame: null }] }))).toContain(
      '  new: 4× uncaught "x" at f (/remotes/mfe-entry/0.1.0-0123456789/a.js:1:2)\n',
    );
    const empty = formatHealth(
      report('not-enough-data', { routes: [], errorRateRatio: null, lcpRatio: null, inpRatio: null, newFingerprints: [] }),
    );
    expect(empty).toContain('routes: (none in common yet)');
    expect(empty).toMatch(/errors \/ 1,000 views\s+412\.5\s+0\.0\s+—$/m);
    expect(summarise(report('healthy'))).toBe(
      'healthy: 60 vs 70 sessions, errors/1,000 views 412.5 vs 0.0, LCP p75 1900 ms vs 1800 ms, 1 new error fingerprint(s)',
    );
  });
});

describe('fetchHealth against an API', () => {
  let server;
  let requests;
  let answer;
  beforeEach(async () => {
    requests = [];
    server = http.createServer((req, res) => {
      requests.push({ url: req.url, authorization: req.headers.authorization ?? null });
      const { status, body } = answer();
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));
  const api = () => `http://127.0.0.1:${server.address().port}`;
  const window = { since: new Date('2026-11-28T10:00:00Z'), until: new Date('2026-11-28T10:30:00Z') };

  test('asks for the window and thresholds, with the token when there is one', async () => {
    answer = () => ({ status: 200, body: report('healthy') });
    const got = await fetchHealth({ api: api(), remote: 'entry', ...window, thresholds: options, token: 'secret' });
    expect(got.verdict).toBe('healthy');
    const url = new URL(requests[0].url, 'http://x');
    expect(url.pathname).toBe('/ops/canary-health/entry');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      since: '2026-11-28T10:00:00.000Z',
      until: '2026-11-28T10:30:00.000Z',
      maxErrorRatio: '2',
      maxLcpRatio: '1.25',
      minSessions: '50',
    });
    expect(requests[0].authorization).toBe('Bearer secret');
  });

  test('no canary → null; refused → what to do; down → is it running', async () => {
    answer = () => ({ status: 404, body: { code: 'no-canary' } });
    expect(await fetchHealth({ api: api(), remote: 'entry', ...window, thresholds: options, token: '' })).toBeNull();
    expect(requests[0].authorization).toBeNull();
    answer = () => ({ status: 401, body: {} });
    await expect(fetchHealth({ api: api(), remote: 'entry', ...window, thresholds: options })).rejects.toThrow(
      "refused the health request (401): run this on the API's machine or set METRICS_TOKEN",
    );
    answer = () => ({ status: 500, body: {} });
    await expect(fetchHealth({ api: api(), remote: 'entry', ...window, thresholds: options })).rejects.toThrow('answered 500');
    await expect(fetchHealth({ api: 'http://127.0.0.1:1', remote: 'entry', ...window, thresholds: options })).rejects.toThrow(
      'is it running?',
    );
  });
});

describe('watchCanary on a site', () => {
  const store = () => new LocalStore(site);
  const clock = (start) => {
    let t = new Date(start).getTime();
    return { now: () => new Date(t), sleep: async (ms) => void (t += ms) };
  };
  const since = () => new Date(readJson(path.join(site, 'deployment.json')).canary.entry.since);

  test('worse: aborted at the first check, the history holds the numbers that decided', async () => {
    const windows = [];
    const started = since();
    const c = clock(started.getTime() + 60_000);
    const result = await watchCanary({
      store: store(),
      remote: 'entry',
      who: 'watch',
      options,
      health: async (w) => (windows.push(w), report('worse')),
      ...c,
    });
    expect(result.outcome).toBe('aborted');
    // The window starts at the canary's start (younger than --window); no period report yet.
    expect(windows).toEqual([{ since: started, until: c.now() }]);
    expect(readJson(path.join(site, 'deployment.json')).canary.entry).toBeUndefined();
    const last = (await readHistory(store(), { remote: 'entry' })).at(-1);
    expect(last).toMatchObject({ action: 'canary-abort', who: 'watch', from: canary, to: null });
    expect(last.why).toMatch(/^canary watch: worse than live — worse: 60 vs 70 sessions, errors\/1,000 views 412\.5 vs 0\.0/);
    expect(last.health).toMatchObject({
      verdict: 'worse',
      candidate: { version: canary, errors: 33 },
      baseline: { version: live },
      errorRateRatio: 412.5,
      newFingerprints: [{ fingerprint: 'cee464e0', errors: 33, message: 'boom' }],
    });
  });

  test('healthy: waits for the period, then promotes; the history says so with the period numbers', async () => {
    const c = clock(since().getTime() + 60_000);
    const lines = [];
    const result = await watchCanary({
      store: store(),
      remote: 'entry',
      who: 'watch',
      options: { ...options, everyMs: 20 * 60_000 },
      health: async () => report('healthy', { reasons: [] }),
      log: (l) => lines.push(l),
      ...c,
    });
    expect(result.outcome).toBe('promoted');
    // Checked at +1 min, +21 min, +41 min (waiting), then at +61 min the period (60 min) has passed.
    expect(lines.filter((l) => l.includes('the promote-after period has not passed'))).toHaveLength(3);
    const d = readJson(path.join(site, 'deployment.json'));
    expect(d.remotes.entry.version).toBe(canary);
    expect(d.canary.entry).toBeUndefined();
    const last = (await readHistory(store(), { remote: 'entry' })).at(-1);
    expect(last).toMatchObject({ action: 'canary-promote', from: live, to: canary, health: { verdict: 'healthy' } });
    expect(last.why).toMatch(/^canary watch: healthy for the whole period — healthy: 60 vs 70 sessions/);
  });

  test('a canary ended by someone else stops the watch without touching anything', async () => {
    const c = clock(since().getTime() + 60_000);
    let calls = 0;
    const result = await watchCanary({
      store: store(),
      remote: 'entry',
      who: 'watch',
      options,
      health: async () => {
        calls += 1;
        if (calls === 1) expect(releaseSync(site, ['canary', 'abort', 'entry']).code).toBe(0);
        return report('not-enough-data');
      },
      ...c,
    });
    expect(result.outcome).toBe('gone');
    expect((await readHistory(store(), { remote: 'entry' })).at(-1)).toMatchObject({ action: 'canary-abort', who: 'tester' });
  });

  test('a decision on a canary replaced meanwhile is a conflict, not a wrong abort', async () => {
    const other = releaseSync(site, ['publish', 'entry', fakeDist(tmp, 'entry-other', 'other')]).stdout;
    const c = clock(since().getTime() + 60_000);
    await expect(
      watchCanary({
        store: store(),
        remote: 'entry',
        who: 'watch',
        options,
        health: async () => {
          expect(releaseSync(site, ['canary', 'entry', other, '--segment', 'pilot']).code).toBe(0);
          return report('worse');
        },
        ...c,
      }),
    ).rejects.toThrow(`entry: the canary is ${other}, not ${canary}: someone else changed it`);
    expect(readJson(path.join(site, 'deployment.json')).canary.entry.version).toBe(other);
  });

  test('judge: the API naming another version (or none) as the canary is no judgement', async () => {
    const started = since();
    const now = () => new Date(started.getTime() + 2 * 60 * 60_000);
    expect(await judge({ version: canary, started, health: async () => null, options, now })).toBeNull();
    expect(
      await judge({
        version: canary,
        started,
        health: async () => report('worse', { candidate: { ...report('worse').candidate, version: 'x' } }),
        options,
        now,
      }),
    ).toBeNull();
    let n = 0;
    expect(await judge({ version: canary, started, health: async () => (n++ === 0 ? report('healthy') : null), options, now })).toBeNull();
  });
});

describe('the CLI', () => {
  let server;
  let answer;
  beforeEach(async () => {
    server = http.createServer((req, res) => {
      const { status, body } = answer(new URL(req.url, 'http://x'));
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));
  const api = () => `http://127.0.0.1:${server.address().port}`;

  test('canary health prints the table; --json the report', async () => {
    answer = () => ({ status: 200, body: report('worse') });
    const r = await releaseAsync(site, ['canary', 'health', 'entry', '--api', api()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`canary ${canary}`);
    expect(r.stdout.split('\n').at(-1)).toBe('verdict: worse — error rate 412.5/1,000 page views vs 0.0 (ratio 412.50 > 2)');
    const json = await releaseAsync(site, ['canary', 'health', 'entry', '--api', api(), '--json']);
    expect(JSON.parse(json.stdout).verdict).toBe('worse');
  });

  test('canary watch --once: one check; nothing decided yet exits 0 and leaves the canary', async () => {
    answer = () => ({ status: 200, body: report('not-enough-data') });
    const r = await releaseAsync(site, ['canary', 'watch', 'entry', '--api', api(), '--once']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').at(-1)).toMatch(/→ not enough data yet$/);
    expect(readJson(path.join(site, 'deployment.json')).canary.entry.version).toBe(canary);
  });

  test('canary watch aborts a worse canary and exits 5; a remote without a canary is an error', async () => {
    answer = () => ({ status: 200, body: report('worse') });
    const r = await releaseAsync(site, ['canary', 'watch', 'entry', '--api', api(), '--every', '1s'], { RELEASE_WHO: 'watch-bot' });
    expect(r.code, r.stderr).toBe(EXIT_ABORTED);
    expect(r.stdout.split('\n').at(-1)).toBe(`entry: canary ${canary} aborted (worse than live ${live}); recorded in the history`);
    expect((await readHistory(new LocalStore(site), { remote: 'entry' })).at(-1)).toMatchObject({
      action: 'canary-abort',
      who: 'watch-bot',
    });
    const none = await releaseAsync(site, ['canary', 'health', 'entry', '--api', api()]);
    expect(none).toMatchObject({ code: 1, stderr: 'entry has no canary' });
  });
});
