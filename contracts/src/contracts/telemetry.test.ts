import { describe, expect, test } from 'vitest';
import { TELEMETRY_BATCH_MAX, TELEMETRY_BEACON_MAX_BATCHES, TelemetryBatchSchema, TelemetryEnvelopeSchema } from './telemetry';

const tags = { route: 'mypage', remote: 'mypage', version: '0.1.0-07677db9bc', revision: 3, canary: false, preview: false };

describe('TelemetryBatchSchema', () => {
  test('a page view, an error and a vital, tagged by ids', () => {
    const batch = {
      tags,
      signals: [
        { type: 'pageview', first: true },
        { type: 'pageview', first: false },
        { type: 'error', kind: 'boundary', message: 'boom', frame: 'at f (/x.js:1:2)' },
        { type: 'vital', name: 'LCP', value: 1234.5 },
      ],
    };
    expect(TelemetryBatchSchema.safeParse(batch).success).toBe(true);
  });

  test('a URL instead of a route id, an unknown remote, a version with a slash: refused', () => {
    for (const bad of [{ route: '/entry/detail/12' }, { remote: 'evil' }, { version: '../x' }, { canary: 'mypage' }, { revision: -1 }]) {
      expect(TelemetryBatchSchema.safeParse({ tags: { ...tags, ...bad }, signals: [{ type: 'pageview', first: true }] }).success).toBe(
        false,
      );
    }
  });

  test('an empty batch, one too many signals, an unknown vital or a negative value: refused', () => {
    expect(TelemetryBatchSchema.safeParse({ tags, signals: [] }).success).toBe(false);
    const many = Array.from({ length: TELEMETRY_BATCH_MAX + 1 }, () => ({ type: 'pageview', first: true }));
    expect(TelemetryBatchSchema.safeParse({ tags, signals: many }).success).toBe(false);
    expect(TelemetryBatchSchema.safeParse({ tags, signals: many.slice(1) }).success).toBe(true);
    expect(TelemetryBatchSchema.safeParse({ tags, signals: [{ type: 'vital', name: 'FID', value: 1 }] }).success).toBe(false);
    expect(TelemetryBatchSchema.safeParse({ tags, signals: [{ type: 'vital', name: 'CLS', value: -0.1 }] }).success).toBe(false);
  });
});

describe('TelemetryEnvelopeSchema: one beacon, a batch per tag set', () => {
  const pageview = { type: 'pageview', first: true } as const;
  const sets = (n: number, signals: number) =>
    Array.from({ length: n }, (_, i) => ({ tags: { ...tags, revision: i }, signals: Array.from({ length: signals }, () => pageview) }));

  test(`several tag sets in one beacon; no batch, more than ${TELEMETRY_BEACON_MAX_BATCHES} tag sets or more than ${TELEMETRY_BATCH_MAX} signals in all: refused`, () => {
    expect(TelemetryEnvelopeSchema.safeParse({ batches: sets(TELEMETRY_BEACON_MAX_BATCHES, 1) }).success).toBe(true);
    expect(TelemetryEnvelopeSchema.safeParse({ batches: [] }).success).toBe(false);
    expect(TelemetryEnvelopeSchema.safeParse({ batches: sets(TELEMETRY_BEACON_MAX_BATCHES + 1, 1) }).success).toBe(false);
    expect(TelemetryEnvelopeSchema.safeParse({ batches: sets(5, 10) }).success).toBe(true);
    expect(TelemetryEnvelopeSchema.safeParse({ batches: [...sets(5, 10), { tags, signals: [pageview] }] }).success).toBe(false);
  });
});
