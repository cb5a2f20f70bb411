import { describe, expect, test } from 'vitest';
import type { RemoteHealth } from '@app/contracts/api/releases';
import { healthReasons } from './health-reasons';

const version = (sessions: number, errorRate: number | null, lcpP75: number | null) => ({
  version: 'v',
  sessions,
  pageViews: sessions * 2,
  errors: 0,
  errorRate,
  lcpP75,
  inpP75: null,
});
const health = (overrides: Partial<RemoteHealth>): RemoteHealth => ({
  remote: 'mypage',
  since: '2026-11-29T00:00:00.000Z',
  until: '2026-11-29T00:30:00.000Z',
  routes: ['mypage'],
  candidate: version(80, 0, 2000),
  baseline: version(300, 1.5, 2000),
  verdict: 'healthy',
  reasons: [],
  errorRateRatio: 0,
  lcpRatio: 1,
  inpRatio: null,
  thresholds: { maxErrorRatio: 2, maxLcpRatio: 1.25, minSessions: 50 },
  newFingerprints: [],
  bucketMinutes: 1,
  series: { candidate: [], baseline: [] },
  ...overrides,
});

describe('the verdict’s reasons in Japanese, with the thresholds that decided', () => {
  test('not enough data: which side has too few sessions, and how many are needed', () => {
    expect(
      healthReasons(health({ verdict: 'not-enough-data', candidate: version(12, null, null), baseline: version(1200, 1, 2000) })),
    ).toEqual(['カナリアのセッションが 12 件で、判定に必要な 50 件に足りません']);
    expect(
      healthReasons(health({ verdict: 'not-enough-data', candidate: version(3, null, null), baseline: version(40, 1, 2000) })),
    ).toEqual([
      'カナリアのセッションが 3 件で、判定に必要な 50 件に足りません',
      '公開中のセッションが 40 件で、判定に必要な 50 件に足りません',
    ]);
  });

  test('healthy: both numbers within their limits', () => {
    expect(healthReasons(health({}))).toEqual([
      'エラー率：1,000 ページビューあたり 0.0 件（公開中 1.5 件）、比 0 倍（上限 2 倍以内）',
      'LCP p75：2,000 ms（公開中 2,000 ms）、比 1 倍（上限 1.25 倍以内）',
    ]);
  });

  test('worse by LCP only; an LCP one side did not measure is not compared', () => {
    const slow = health({ verdict: 'worse', candidate: version(80, 1, 3200), errorRateRatio: 0.67, lcpRatio: 1.6 });
    expect(healthReasons(slow)).toEqual([
      'エラー率：1,000 ページビューあたり 1.0 件（公開中 1.5 件）、比 0.67 倍（上限 2 倍以内）',
      'LCP p75：3,200 ms（公開中 2,000 ms）、比 1.6 倍（上限 1.25 倍を超えています）',
    ]);
    const unmeasured = health({
      baseline: version(300, 1.5, null),
      lcpRatio: null,
      errorRateRatio: null,
      candidate: version(80, null, 2000),
    });
    expect(healthReasons(unmeasured)).toEqual([
      'エラー率：1,000 ページビューあたり —（ページビューなし）（公開中 1.5 件）',
      'LCP p75：2,000 ms（公開中 計測なし）、比べられません',
    ]);
  });
});
