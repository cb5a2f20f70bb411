import type { ReleaseHealth, RemoteHealth } from '@app/contracts/api/releases';
import { DEFAULT_CANARY_THRESHOLDS, judgeCanary } from '@app/contracts/domain/telemetry';

/** How many buckets the API draws a window in (api/src/modules/telemetry/health.ts, defaultBucketMinutes). */
const BUCKETS = 12;

type Point = RemoteHealth['series']['candidate'][number];

const rate = (errors: number, pageViews: number): number | null => (pageViews > 0 ? (errors * 1000) / pageViews : null);

/**
 * FIXTURE DATA, not measured: the mocks keep no telemetry, so `GET /api/staff/releases/health/`
 * answers this made-up report for mypage's canary of `releaseStatusFixture` (0.1.0-7c31375d08
 * against the live 0.1.0-5d0e9a7b21), so the back office's リリース状況 page and its tests have a
 * realistic card to draw: a canary that starts throwing halfway through the window and is slower
 * (verdict `worse`, as judgeCanary decides from these numbers), one bucket without canary page views
 * (a gap in its lines), 12 buckets over the window whatever its length.
 */
export function releaseHealthFixture(windowMinutes: number, now: Date = new Date()): ReleaseHealth {
  const bucketMinutes = Math.max(1, Math.ceil(windowMinutes / BUCKETS));
  const until = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const since = new Date(until.getTime() - windowMinutes * 60_000);
  const start = (i: number) => new Date(since.getTime() + i * bucketMinutes * 60_000).toISOString();
  const baseline: Point[] = [];
  const candidate: Point[] = [];
  for (let i = 0; i < BUCKETS; i++) {
    const livePageViews = 40 + ((i * 7) % 13);
    const liveErrors = i % 5 === 0 ? 1 : 0;
    baseline.push({
      start: start(i),
      pageViews: livePageViews,
      errors: liveErrors,
      errorRate: rate(liveErrors, livePageViews),
      lcpP75: 2200 + ((i * 3) % 4) * 100,
    });
    const pageViews = i === 4 ? 0 : 8 + ((i * 3) % 5);
    const errors = i >= 6 ? 1 + (i % 3) : 0;
    candidate.push({
      start: start(i),
      pageViews,
      errors: pageViews === 0 ? 0 : errors,
      errorRate: rate(pageViews === 0 ? 0 : errors, pageViews),
      lcpP75: pageViews === 0 ? null : 2800 + (i % 4) * 200,
    });
  }
  const total = (points: Point[], key: 'pageViews' | 'errors') => points.reduce((sum, p) => sum + p[key], 0);
  const version = (name: string, points: Point[], sessions: number, lcpP75: number, inpP75: number) => ({
    version: name,
    sessions,
    pageViews: total(points, 'pageViews'),
    errors: total(points, 'errors'),
    errorRate: rate(total(points, 'errors'), total(points, 'pageViews')),
    lcpP75,
    inpP75,
  });
  const canary = version('0.1.0-7c31375d08', candidate, 61, 3000, 200);
  const live = version('0.1.0-5d0e9a7b21', baseline, 214, 2500, 150);
  const judgement = judgeCanary(canary, live, DEFAULT_CANARY_THRESHOLDS);
  const mypage: RemoteHealth = {
    remote: 'mypage',
    since: since.toISOString(),
    until: until.toISOString(),
    routes: ['mypage', 'profile'],
    candidate: canary,
    baseline: live,
    verdict: judgement.verdict,
    reasons: [...judgement.reasons],
    errorRateRatio: judgement.errorRateRatio,
    lcpRatio: judgement.lcpRatio,
    inpRatio: judgement.inpRatio,
    thresholds: DEFAULT_CANARY_THRESHOLDS,
    newFingerprints: [
      {
        fingerprint: '3f9a1c07',
        errors: 9,
        kind: 'uncaught',
        message: "TypeError: Cannot read properties of undefined (reading 'claims')",
        frame: 'h (/remotes/mfe-mypage/0.1.0-7c31375d08/page-mypage.5c20a91d2c.js:1:2318)',
        mappedFrame: 'mfe-mypage/src/features/home/mypage-page.tsx:42:17 (MypagePage)',
      },
      {
        fingerprint: 'b71e5d22',
        errors: 3,
        kind: 'contract',
        message: 'ContractError: GET /api/entries/… の応答が契約と一致しません',
        frame: null,
        mappedFrame: null,
      },
      {
        // A script whose source map the release does not have (published before maps were kept).
        fingerprint: 'c52a9e10',
        errors: 1,
        kind: 'rejection',
        message: 'TypeError: Failed to fetch',
        frame: 'n (/remotes/mfe-mypage/0.1.0-7c31375d08/413.03e4e7a5c9.js:1:8812)',
        mappedFrame: null,
      },
    ],
    bucketMinutes,
    series: { candidate, baseline },
  };
  return { since: mypage.since, until: mypage.until, windowMinutes, remotes: [mypage] };
}
