import { describe, expect, it } from 'vitest';
import { formatLoad, runLoad, TELEMETRY_LABEL } from './run';

/**
 * The load run kept small for `npm test`: 20 applicants at once through register → activation →
 * login → profile → my page → draft, 0 answers 5xx and 0 lost writes, with the browsers' field
 * telemetry beacons on (issue 26), each page's beacon taken and stored. The long form:
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
    const counts = Object.fromEntries(result.endpoints.map((e) => [e.endpoint, e.count]));
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
      [TELEMETRY_LABEL]: 80,
    });
    expect(result.telemetryPageViews).toBe(80);
  });
});
