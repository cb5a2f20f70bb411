import { describe, expect, test } from 'vitest';
import { formatDate, formatYen, isoDay } from './format';

describe('format', () => {
  test.each([
    ['2026-11-01T09:00:00+09:00', '2026年11月1日', '2026-11-01'],
    // 23:30 in UTC is already the next day in Japan.
    ['2026-11-30T23:30:00Z', '2026年12月1日', '2026-12-01'],
    ['not a date', '', ''],
  ])('%s → %s', (iso, shown, day) => {
    expect(formatDate(iso)).toBe(shown);
    expect(isoDay(iso)).toBe(day);
  });
  test.each([
    ['1200000', '1,200,000円'],
    ['0', '0円'],
  ])('%s yen → %s', (amount, shown) => expect(formatYen(amount)).toBe(shown));
});
