import { describe, expect, test } from 'vitest';
import {
  BASELINE_ERROR_RATE_FLOOR,
  DEFAULT_CANARY_THRESHOLDS,
  errorFingerprint,
  errorRatePer1000,
  judgeCanary,
  telemetrySeries,
  versionHealth,
  type VersionHealth,
  histogramPercentile,
  normaliseFrame,
  servedFrame,
  normaliseMessage,
  scrubMessage,
  TELEMETRY_MESSAGE_MAX,
  VITAL_BUCKETS,
  vitalBucket,
} from './telemetry';

describe('scrubMessage', () => {
  test('a mail address and a phone number in a message are gone', () => {
    expect(scrubMessage('failed for yamada.taro+a@example.co.jp, call 090-1234-5678')).toBe('failed for [mail], call [number]');
  });

  test('runs of more than 4 digits go, also full-width and split by spaces, dots or slashes; 4 digits stay', () => {
    expect(scrubMessage('口座 １２３４５６７ 番')).toBe('口座 [number] 番');
    expect(scrubMessage('card 4111 1111 1111 1111 end')).toBe('card [number] end');
    expect(scrubMessage('id 12.345/67')).toBe('id [number]');
    expect(scrubMessage('year 2026 and 12345')).toBe('year 2026 and [number]');
    expect(scrubMessage('1234')).toBe('1234');
  });

  test('whitespace collapsed and the length bounded', () => {
    expect(scrubMessage('  a \n\t b  ')).toBe('a b');
    const long = scrubMessage('x'.repeat(TELEMETRY_MESSAGE_MAX + 50));
    expect(long).toHaveLength(TELEMETRY_MESSAGE_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(scrubMessage('y'.repeat(TELEMETRY_MESSAGE_MAX))).toBe('y'.repeat(TELEMETRY_MESSAGE_MAX));
  });
});

describe('servedFrame', () => {
  test('origin, query and a leading "at " dropped; version folder, content hash, line and column kept', () => {
    expect(
      servedFrame('    at render (https://site.example.jp/remotes/mfe-auth/0.1.0-67ee67d8c2/page-login.df4984bb5b.js?v=3:1:2345)'),
    ).toBe('render (/remotes/mfe-auth/0.1.0-67ee67d8c2/page-login.df4984bb5b.js:1:2345)');
    expect(servedFrame('f@http://localhost:3100/assets/main.3ea1dd3420.js:2:10')).toBe('f@/assets/main.3ea1dd3420.js:2:10');
  });

  test('an empty frame is none', () => {
    expect(servedFrame('  at  ')).toBeNull();
  });
});

describe('normaliseFrame', () => {
  test('origin, query, version folder, content hash and column dropped', () => {
    expect(
      normaliseFrame('    at render (https://site.example.jp/remotes/mfe-auth/0.1.0-67ee67d8c2/page-login.df4984bb5b.js?v=3:1:2345)'),
    ).toBe('render (/remotes/mfe-auth/page-login.js:1)');
    expect(normaliseFrame('http://localhost:3100/assets/main.3ea1dd3420.js:2:10')).toBe('/assets/main.js:2');
  });

  test('only a leading "at " and all the space after it go; multi-digit versions and lines', () => {
    expect(normaliseFrame('flat (/x.js:1:1)')).toBe('flat (/x.js:1)');
    expect(normaliseFrame('at   f (/r/12.34.56-abc/x.js:120:5)')).toBe('f (/r/x.js:120)');
  });

  test('an empty frame is none', () => {
    expect(normaliseFrame('   ')).toBeNull();
    expect(normaliseFrame('at ')).toBeNull();
  });
});

describe('errorFingerprint', () => {
  test('the same error in two page views and two builds has one fingerprint', () => {
    const a = errorFingerprint('Cannot read "abc" of entry 12', 'at f (https://a.jp/remotes/mfe-entry/0.1.0-aaaaaaaa/x.0123456789.js:1:5)');
    const b = errorFingerprint(
      'Cannot read "xyz" of entry 345',
      'at f (https://b.jp/remotes/mfe-entry/0.1.0-bbbbbbbb/x.9876543210.js:1:99)',
    );
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{8}$/);
  });

  test('another message, another frame or no frame: another fingerprint', () => {
    const base = errorFingerprint('boom', 'at f (/x.js:1:1)');
    expect(errorFingerprint('bang', 'at f (/x.js:1:1)')).not.toBe(base);
    expect(errorFingerprint('boom', 'at g (/x.js:1:1)')).not.toBe(base);
    expect(errorFingerprint('boom', null)).not.toBe(base);
    expect(errorFingerprint('boom', undefined)).toBe(errorFingerprint('boom', ''));
    expect(errorFingerprint('boom', '  ')).toBe(errorFingerprint('boom', null));
  });

  test('fixed values: a stored fingerprint stays valid across releases of this code (8 hex digits, leading zeros kept)', () => {
    expect(errorFingerprint('boom', null)).toBe('cee464e0');
    expect(errorFingerprint('boomo', null)).toBe('05e66e0f');
  });

  test('the message shape: quoted values, hex ids and numbers replaced', () => {
    expect(normaliseMessage(`id deadbeef01 at 'x' and "y" and \`z\`, 42 times`)).toBe('id # at \'…\' and "…" and `…`, # times');
  });
});

describe('Web Vitals histograms', () => {
  test('a value goes to the first bucket whose bound is not below it, past the last to the open one', () => {
    expect(vitalBucket('LCP', 0)).toBe(0);
    expect(vitalBucket('LCP', 500)).toBe(0);
    expect(vitalBucket('LCP', 501)).toBe(1);
    expect(vitalBucket('LCP', 10_001)).toBe(VITAL_BUCKETS.LCP.length);
    expect(vitalBucket('CLS', 0.1)).toBe(3);
  });

  test('p75: the bound of the bucket where the 75th percent falls; the open bucket reads as the last bound; nothing counted is null', () => {
    const counts = new Array<number>(VITAL_BUCKETS.LCP.length + 1).fill(0);
    counts[vitalBucket('LCP', 400)] = 50;
    counts[vitalBucket('LCP', 2400)] = 30;
    counts[vitalBucket('LCP', 9000)] = 20;
    expect(histogramPercentile('LCP', counts, 50)).toBe(500);
    expect(histogramPercentile('LCP', counts, 75)).toBe(2500);
    expect(histogramPercentile('LCP', counts, 95)).toBe(10000);
    const open = new Array<number>(VITAL_BUCKETS.INP.length + 1).fill(0);
    open[VITAL_BUCKETS.INP.length] = 3;
    expect(histogramPercentile('INP', open, 75)).toBe(2000);
    expect(histogramPercentile('TTFB', [], 75)).toBeNull();
  });

  test('counts shorter than the buckets still answer; a rank past every count reads as the last bound', () => {
    expect(histogramPercentile('CLS', [0, 2], 100)).toBe(0.02);
    expect(histogramPercentile('CLS', [1, 0, 0], 200)).toBe(0.5);
  });
});

describe('canary health', () => {
  const lcp = (bucket: number, count: number) => VITAL_BUCKETS.LCP.map((_, i) => (i === bucket ? count : 0)).concat(0);
  const health = (overrides: Partial<VersionHealth> = {}): VersionHealth => ({
    sessions: 100,
    pageViews: 1000,
    errors: 0,
    errorRate: 0,
    lcpP75: 2000,
    inpP75: 100,
    ...overrides,
  });

  test('errors per 1,000 page views, none without page views', () => {
    expect(errorRatePer1000(3, 1500)).toBe(2);
    expect(errorRatePer1000(0, 10)).toBe(0);
    expect(errorRatePer1000(5, 0)).toBeNull();
  });

  test("a version's numbers: rate and p75 from its histograms", () => {
    expect(versionHealth({ sessions: 4, pageViews: 8, errors: 2, lcp: lcp(4, 3), inp: [0, 5] })).toEqual({
      sessions: 4,
      pageViews: 8,
      errors: 2,
      errorRate: 250,
      lcpP75: 2500,
      inpP75: 100,
    });
    expect(versionHealth({ sessions: 0, pageViews: 0, errors: 0, lcp: [], inp: [] })).toEqual({
      sessions: 0,
      pageViews: 0,
      errors: 0,
      errorRate: null,
      lcpP75: null,
      inpP75: null,
    });
  });

  test('the defaults', () => {
    expect(DEFAULT_CANARY_THRESHOLDS).toEqual({ maxErrorRatio: 2, maxLcpRatio: 1.25, minSessions: 50 });
    expect(BASELINE_ERROR_RATE_FLOOR).toBe(1);
  });

  test('healthy: the numbers in the reasons', () => {
    const judgement = judgeCanary(health({ errorRate: 3, inpP75: 150 }), health({ errorRate: 2 }), DEFAULT_CANARY_THRESHOLDS);
    expect(judgement).toEqual({
      verdict: 'healthy',
      reasons: ['error rate 3.0/1000 page views vs 2.0 (ratio 1.5 ≤ 2)', 'LCP p75 2000 ms vs 2000 ms (ratio 1.00 ≤ 1.25)'],
      errorRateRatio: 1.5,
      lcpRatio: 1,
      inpRatio: 1.5,
    });
  });

  test('worse by errors; a live rate of 0 reads as 1 per 1,000', () => {
    const judgement = judgeCanary(health({ errorRate: 412.5 }), health(), DEFAULT_CANARY_THRESHOLDS);
    expect(judgement.verdict).toBe('worse');
    expect(judgement.errorRateRatio).toBe(412.5);
    expect(judgement.reasons[0]).toBe('error rate 412.5/1000 page views vs 0.0 (ratio 412.5 > 2)');
    // At exactly the threshold it is still healthy; a canary without errors always is.
    expect(judgeCanary(health({ errorRate: 2 }), health(), DEFAULT_CANARY_THRESHOLDS).verdict).toBe('healthy');
    expect(judgeCanary(health({ errorRate: 2.1 }), health(), DEFAULT_CANARY_THRESHOLDS).verdict).toBe('worse');
    expect(judgeCanary(health(), health({ errorRate: 0 }), DEFAULT_CANARY_THRESHOLDS).verdict).toBe('healthy');
    // Live without page views: the floor too.
    expect(judgeCanary(health({ errorRate: 3 }), health({ errorRate: null }), DEFAULT_CANARY_THRESHOLDS).errorRateRatio).toBe(3);
    // A live rate above the floor is used as it is.
    expect(judgeCanary(health({ errorRate: 8 }), health({ errorRate: 5 }), DEFAULT_CANARY_THRESHOLDS).errorRateRatio).toBe(1.6);
  });

  test('worse by LCP', () => {
    const judgement = judgeCanary(health({ lcpP75: 3000 }), health({ lcpP75: 2000 }), DEFAULT_CANARY_THRESHOLDS);
    expect(judgement.verdict).toBe('worse');
    expect(judgement.lcpRatio).toBe(1.5);
    expect(judgement.reasons).toEqual([
      'error rate 0.0/1000 page views vs 0.0 (ratio 0.0 ≤ 2)',
      'LCP p75 3000 ms vs 2000 ms (ratio 1.50 > 1.25)',
    ]);
    expect(judgeCanary(health({ lcpP75: 2500 }), health({ lcpP75: 2000 }), DEFAULT_CANARY_THRESHOLDS).verdict).toBe('healthy');
  });

  test('LCP not compared when either side measured none; ratios null then', () => {
    const judgement = judgeCanary(health({ lcpP75: null, inpP75: null }), health(), DEFAULT_CANARY_THRESHOLDS);
    expect(judgement).toMatchObject({ verdict: 'healthy', lcpRatio: null, inpRatio: null });
    expect(judgement.reasons[1]).toBe('LCP p75 none vs 2000 ms (not compared)');
    expect(judgeCanary(health(), health({ lcpP75: null, inpP75: 0 }), DEFAULT_CANARY_THRESHOLDS)).toMatchObject({
      lcpRatio: null,
      inpRatio: null,
    });
  });

  test('not enough data when either side has fewer sessions than the minimum, whatever the rates', () => {
    const thresholds = DEFAULT_CANARY_THRESHOLDS;
    expect(judgeCanary(health({ sessions: 49, errorRate: 900 }), health(), thresholds)).toMatchObject({
      verdict: 'not-enough-data',
      reasons: ['canary 49 sessions < 50'],
      errorRateRatio: 900,
    });
    expect(judgeCanary(health(), health({ sessions: 3 }), thresholds).reasons).toEqual(['live 3 sessions < 50']);
    expect(judgeCanary(health({ sessions: 0, errorRate: null }), health({ sessions: 0, errorRate: null }), thresholds)).toEqual({
      verdict: 'not-enough-data',
      reasons: ['canary 0 sessions < 50', 'live 0 sessions < 50'],
      errorRateRatio: null,
      lcpRatio: 1,
      inpRatio: 1,
    });
    expect(judgeCanary(health({ sessions: 50 }), health({ sessions: 50 }), thresholds).verdict).toBe('healthy');
  });

  test('a ratio that cannot be computed never makes a canary worse, whatever the thresholds', () => {
    const any = { maxErrorRatio: -1, maxLcpRatio: -1, minSessions: 0 };
    const judgement = judgeCanary(health({ pageViews: 0, errorRate: null, lcpP75: null }), health(), any);
    expect(judgement).toMatchObject({ verdict: 'healthy', errorRateRatio: null, lcpRatio: null });
    expect(judgeCanary(health(), health(), any).verdict).toBe('worse');
  });

  test('without canary page views there is no error rate to compare', () => {
    const judgement = judgeCanary(health({ pageViews: 0, errorRate: null }), health(), { ...DEFAULT_CANARY_THRESHOLDS, minSessions: 0 });
    expect(judgement.errorRateRatio).toBeNull();
    expect(judgement.reasons[0]).toBe('error rate none/1000 page views vs 0.0 (ratio none ≤ 2)');
    expect(judgement.verdict).toBe('healthy');
  });

  test('a series: minutes summed per bucket, empty buckets present, minutes outside left out', () => {
    const since = Date.UTC(2026, 3, 1, 0, 0);
    const minute = (m: number) => since + m * 60_000;
    const series = telemetrySeries(
      [
        { minute: minute(0), pageViews: 10, errors: 1, lcp: lcp(0, 4) },
        { minute: minute(4), pageViews: 10, errors: 0, lcp: lcp(5, 4) },
        { minute: minute(12), pageViews: 4, errors: 2, lcp: [] },
        { minute: minute(-1), pageViews: 99, errors: 99, lcp: [] },
        { minute: minute(15), pageViews: 99, errors: 99, lcp: [] },
      ],
      since,
      5,
      3,
    );
    expect(series).toEqual([
      { start: minute(0), pageViews: 20, errors: 1, errorRate: 50, lcpP75: 3000 },
      { start: minute(5), pageViews: 0, errors: 0, errorRate: null, lcpP75: null },
      { start: minute(10), pageViews: 4, errors: 2, errorRate: 500, lcpP75: null },
    ]);
  });
});
