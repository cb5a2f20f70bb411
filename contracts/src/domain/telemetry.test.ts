import { describe, expect, test } from 'vitest';
import {
  errorFingerprint,
  histogramPercentile,
  normaliseFrame,
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
