import { describe, expect, test } from 'vitest';
import { formatDay, formatPercent } from './format';

describe('entry page formats', () => {
  test.each([
    ['2026-12-31', true, '2026年12月31日（木）'],
    ['2026-11-30', true, '2026年11月30日（月）'],
    ['2027-01-03', false, '2027年1月3日'],
    ['12/31', true, '12/31'],
  ])('formatDay(%s, weekday %s) → %s', (day, weekday, text) => expect(formatDay(day, { weekday })).toBe(text));

  test.each([
    ['0.9', '90%'],
    ['0.035', '3.5%'],
    ['1', '100%'],
    ['0', '0%'],
    [null, '—'],
  ])('formatPercent(%s) → %s', (ratio, text) => expect(formatPercent(ratio)).toBe(text));
});
