import { describe, expect, it } from 'vitest';
import { compareTelemetry, formatComparison, formatLoad, runLoad, TELEMETRY_LABEL, type LoadResult } from './run';

/**
 * The load run kept small for `npm test`: 20 applicants at once through register → activation →
 * login → profile → my page → draft, 0 answers 5xx and 0 lost writes, with the browsers' field
 * telemetry beacons on (issue 26), each page's beacon taken and stored. The applicants are driven from
 * a worker thread (driver.ts), the API answers in this one. The long form:
 * `pnpm --filter @app/api run load -- --users 200 [--telemetry]` (api/README.md).
 */
describe('load on loopback (20 applicants at once)', () => {
  it('every journey completes with no 5xx and no lost write; every beacon taken and its page view stored', async () => {
    const result = await runLoad({ users: 20, maxSeconds: 90, requestTimeoutMs: 30_000, telemetry: true });
    console.log(formatLoad(result));
    expect(result.failures).toEqual([]);
    expect(result.completed).toBe(20);
    expect(result.responses5xx).toBe(0);
    expect(result.noAnswer).toBe(0);
    expect(result.lostWrites).toEqual([]);
    // Every step of every journey was measured.
    const { [TELEMETRY_LABEL]: beacons, ...counts } = Object.fromEntries(result.endpoints.map((e) => [e.endpoint, e.count]));
    // One beacon per applicant for its 4 pages, as the shell's collector sends them (a second one for a
    // journey that took over 10 s, at most one per page); every page view reached the database.
    expect(beacons).toBeGreaterThanOrEqual(20);
    expect(beacons).toBeLessThanOrEqual(80);
    expect(counts).toEqual({
      'POST /api/me/': 40,
      'POST /api/register/': 20,
      'POST /api/register/activation/': 20,
      'POST /api/auth/': 20,
      'GET /api/profile/': 20,
      'PATCH /api/profile/': 20,
      'GET /api/entries/': 20,
      'GET /api/news/': 20,
      'GET /api/entries/draft/': 20,
      'PUT /api/entries/draft/': 20,
    });
    expect(result.telemetryPageViews).toBe(80);
    // The API's own measure of each endpoint: there, and never longer than what the browser waited.
    for (const e of result.endpoints) {
      expect(e.serverP99).toBeGreaterThan(0);
      expect(e.serverP99).toBeLessThanOrEqual(e.max);
    }
  });
});

describe('the comparison of runs with and without the beacons', () => {
  const result = (figures: Record<string, number>): LoadResult => ({
    users: 1,
    completed: 1,
    seconds: 1,
    responses5xx: 0,
    noAnswer: 0,
    lostWrites: [],
    failures: [],
    endpoints: Object.entries(figures).map(([endpoint, p99]) => ({
      endpoint,
      count: 1,
      p50: p99 / 2,
      p99,
      max: p99,
      serverP99: p99 / 4,
      errors5xx: 0,
    })),
    telemetryPageViews: null,
    serverBusyMs: 1,
    driverBusyMs: 1,
  });

  it("per endpoint: the medians of each kind and the median of the pairs' ratios, so one slow pair does not decide", () => {
    const rows = compareTelemetry([
      {
        without: result({ 'GET /api/news/': 100, 'POST /api/auth/': 1000 }),
        with: result({ 'GET /api/news/': 105, 'POST /api/auth/': 1000 }),
      },
      {
        without: result({ 'GET /api/news/': 200, 'POST /api/auth/': 1000 }),
        with: result({ 'GET /api/news/': 400, 'POST /api/auth/': 900 }),
      },
      {
        without: result({ 'GET /api/news/': 100, 'POST /api/auth/': 1000 }),
        with: result({ 'GET /api/news/': 100, 'POST /api/auth/': 1100 }),
      },
    ]);
    expect(rows).toEqual([
      {
        endpoint: 'GET /api/news/',
        p99Without: 100,
        p99With: 105,
        ratio: 1.05,
        serverP99Without: 25,
        serverP99With: 26.25,
        serverRatio: 1.05,
      },
      { endpoint: 'POST /api/auth/', p99Without: 1000, p99With: 1000, ratio: 1, serverP99Without: 250, serverP99With: 250, serverRatio: 1 },
    ]);
    expect(formatComparison(rows, 3)).toContain('| GET /api/news/ | 100 | 105 | 1.05 | 25 | 26 | 1.05 |');
  });

  it('an endpoint missing from a run (its journeys failed before it) counts only where both runs have it', () => {
    const rows = compareTelemetry([
      { without: result({ 'GET /api/news/': 100 }), with: result({}) },
      { without: result({ 'GET /api/news/': 100 }), with: result({ 'GET /api/news/': 120 }) },
    ]);
    expect(rows).toEqual([
      { endpoint: 'GET /api/news/', p99Without: 100, p99With: 120, ratio: 1.2, serverP99Without: 25, serverP99With: 30, serverRatio: 1.2 },
    ]);
  });
});
