import { describe, expect, test } from 'vitest';
import { addDays, ageInDays, formatDay, formatJst, jstDay } from './format';

describe('back-office dates are Japan time', () => {
  test('an instant is shown in JST', () => {
    expect(formatJst('2026-11-10T16:30:00Z')).toBe('2026/11/11 01:30');
    expect(formatJst('not a time')).toBe('');
    expect(jstDay('2026-11-10T16:30:00Z')).toBe('2026-11-11');
  });

  test('age counts calendar days in Japan', () => {
    const now = new Date('2026-11-20T03:00:00Z'); // 12:00 JST on the 20th
    expect(ageInDays('2026-11-20T00:30:00+09:00', now)).toBe(0);
    expect(ageInDays('2026-11-19T23:59:00+09:00', now)).toBe(1);
    expect(ageInDays('2026-11-10T10:00:00+09:00', now)).toBe(10);
  });

  test('adding days crosses months; a day reads in Japanese', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(formatDay('2026-12-05')).toBe('2026年12月5日');
    expect(formatDay(null)).toBe('');
  });
});
