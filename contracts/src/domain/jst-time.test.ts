import { expect, test } from 'vitest';
import { jstDateTime, nextDay, startOfJstDay } from './jst-time';

test('an instant as Japan’s local time: the day turns at 15:00 UTC', () => {
  expect(jstDateTime(new Date('2026-11-23T05:05:00Z'))).toBe('2026年11月23日 14:05');
  expect(jstDateTime(new Date('2026-12-31T15:00:00Z'))).toBe('2027年1月1日 00:00');
});

test('a day in Japan begins at 15:00 UTC the day before; the next day crosses months and years', () => {
  expect(startOfJstDay('2026-04-01').toISOString()).toBe('2026-03-31T15:00:00.000Z');
  expect(nextDay('2026-02-28')).toBe('2026-03-01');
  expect(nextDay('2028-02-28')).toBe('2028-02-29');
  expect(nextDay('2026-12-31')).toBe('2027-01-01');
});
