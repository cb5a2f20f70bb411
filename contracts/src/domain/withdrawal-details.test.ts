import { describe, expect, test } from 'vitest';
import {
  addMonths,
  compareDates,
  daysInMonth,
  isLeapYear,
  isValidPlainDate,
  isWithinWithdrawalsWindow,
  toIsoDate,
  toPlainDate,
  withdrawalsDetailStartDate,
  withdrawalsWindowEdge,
  withdrawalsWindowStart,
} from './withdrawal-details';

describe('calendar', () => {
  test.each([
    [2024, true],
    [2026, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
    [2028, true],
  ])('leap year %i: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  test.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2024, 2, 29],
    [1900, 2, 28],
    [2000, 2, 29],
    [2026, 4, 30],
    [2026, 12, 31],
    [2024, 1, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
  test.each([0, 13])('month %i throws', (month) => {
    expect(() => daysInMonth(2026, month)).toThrow(new RangeError(`Invalid month: ${month}`));
  });

  test.each([
    [{ year: 2026, month: 6, day: 30 }, true],
    [{ year: 2024, month: 2, day: 29 }, true],
    [{ year: 2026, month: 2, day: 29 }, false],
    [{ year: 2026, month: 4, day: 31 }, false],
    [{ year: 2026, month: 1, day: 0 }, false],
    [{ year: 2026, month: 1, day: 1 }, true],
    [{ year: 2026, month: 0, day: 1 }, false],
    [{ year: 2026, month: 12, day: 31 }, true],
    [{ year: 2026, month: 13, day: 1 }, false],
    [{ year: 1, month: 1, day: 1 }, true],
    [{ year: 0, month: 12, day: 31 }, false],
    [{ year: 9999, month: 12, day: 31 }, true],
    [{ year: 10000, month: 1, day: 1 }, false],
    [{ year: 2026, month: 1.5, day: 1 }, false],
    [{ year: 2026.5, month: 1, day: 1 }, false],
    [{ year: 2026, month: 1, day: 1.5 }, false],
    [{ year: Number.NaN, month: 1, day: 1 }, false],
  ])('%j valid: %s', (date, valid) => {
    expect(isValidPlainDate(date)).toBe(valid);
  });

  test.each([
    ['2026-06-30', { year: 2026, month: 6, day: 30 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2026-06-30T23:59:59+09:00', { year: 2026, month: 6, day: 30 }],
    [
      { year: 2026, month: 1, day: 5 },
      { year: 2026, month: 1, day: 5 },
    ],
  ])('toPlainDate(%j)', (input, expected) => {
    expect(toPlainDate(input)).toEqual(expected);
  });

  test('toPlainDate copies only the date fields', () => {
    expect(toPlainDate({ year: 2026, month: 1, day: 5, hour: 3 } as never)).toEqual({ year: 2026, month: 1, day: 5 });
  });

  test.each([
    ['2026-02-29', 'Not a calendar day'],
    ['2026-13-01', 'Not a calendar day'],
    ['2026-00-10', 'Not a calendar day'],
    ['2026-6-30', 'Not an ISO date'],
    ['20260630', 'Not an ISO date'],
    [' 2026-06-30', 'Not an ISO date'],
    ['2026-06-30 ', 'Not an ISO date'],
    ['2026-06-30x', 'Not an ISO date'],
    ['x2026-06-30', 'Not an ISO date'],
    ['', 'Not an ISO date'],
    ['2026/06/30', 'Not an ISO date'],
  ])('toPlainDate(%j) throws "%s"', (input, message) => {
    expect(() => toPlainDate(input)).toThrow(new RangeError(`${message}: ${JSON.stringify(input)}`));
  });
  test('a PlainDate that is not a day throws', () => {
    expect(() => toPlainDate({ year: 2026, month: 2, day: 29 })).toThrow(
      new RangeError('Not a calendar day: {"year":2026,"month":2,"day":29}'),
    );
  });

  test.each([
    [{ year: 2026, month: 1, day: 5 }, '2026-01-05'],
    [{ year: 987, month: 12, day: 31 }, '0987-12-31'],
    ['2026-06-30T00:00:00Z', '2026-06-30'],
  ])('toIsoDate(%j) → %s', (input, iso) => {
    expect(toIsoDate(input)).toBe(iso);
  });

  test.each([
    ['2026-06-30', '2026-06-30', 0],
    ['2026-06-29', '2026-06-30', -1],
    ['2026-07-01', '2026-06-30', 1],
    ['2025-12-31', '2026-01-01', -1],
    ['2026-02-01', '2026-01-31', 1],
    [{ year: 2026, month: 6, day: 30 }, '2026-06-30', 0],
  ])('compareDates(%j, %j) = %i', (a, b, expected) => {
    expect(compareDates(a, b)).toBe(expected);
  });

  test.each([
    ['2026-06-30', -4, '2026-02-28'],
    ['2024-06-30', -4, '2024-02-29'],
    ['2026-07-31', -4, '2026-03-31'],
    ['2026-08-31', -4, '2026-04-30'],
    ['2026-01-15', -4, '2025-09-15'],
    ['2026-04-30', -4, '2025-12-30'],
    ['2026-05-01', -4, '2026-01-01'],
    ['2026-12-31', 2, '2027-02-28'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-01-31', 0, '2026-01-31'],
    ['2026-03-15', -14, '2025-01-15'],
    ['2026-03-15', 12, '2027-03-15'],
  ])('%s %+i months → %s', (date, months, expected) => {
    expect(toIsoDate(addMonths(date, months))).toBe(expected);
  });
});

describe('withdrawal details start date (spec §4)', () => {
  test.each([
    // today, window edge (today − 4 months, clamped), window start (1st of that month)
    ['2026-06-30', '2026-02-28', '2026-02-01'],
    ['2026-06-15', '2026-02-15', '2026-02-01'],
    ['2026-06-01', '2026-02-01', '2026-02-01'],
    ['2024-06-30', '2024-02-29', '2024-02-01'],
    ['2024-06-29', '2024-02-29', '2024-02-01'],
    ['2026-07-31', '2026-03-31', '2026-03-01'],
    ['2026-01-15', '2025-09-15', '2025-09-01'],
    ['2026-04-30', '2025-12-30', '2025-12-01'],
    ['2026-05-01', '2026-01-01', '2026-01-01'],
    ['2026-03-31', '2025-11-30', '2025-11-01'],
  ])('today %s: edge %s, window start %s', (today, edge, start) => {
    expect(toIsoDate(withdrawalsWindowEdge(today))).toBe(edge);
    expect(withdrawalsWindowStart(today)).toBe(start);
    expect(withdrawalsDetailStartDate(null, today)).toBe(start);
  });

  test.each([
    // last withdrawals date, today, start date
    ['2026-02-28', '2026-06-30', '2026-02-28'], // the edge day itself is within
    ['2026-02-27', '2026-06-30', '2026-02-01'], // the day before is not
    ['2026-06-30', '2026-06-30', '2026-06-30'], // today
    ['2026-05-31', '2026-06-30', '2026-05-31'],
    ['2026-01-31', '2026-06-30', '2026-02-01'],
    ['2024-02-29', '2024-06-30', '2024-02-29'], // leap day edge
    ['2024-02-28', '2024-06-30', '2024-02-01'],
    ['2026-03-31', '2026-07-31', '2026-03-31'],
    ['2026-03-30', '2026-07-31', '2026-03-01'],
    ['2026-02-15', '2026-06-15', '2026-02-15'],
    ['2026-02-14', '2026-06-15', '2026-02-01'],
    ['2025-09-15', '2026-01-15', '2025-09-15'], // across the year
    ['2025-09-14', '2026-01-15', '2025-09-01'],
    ['2025-12-30', '2026-04-30', '2025-12-30'],
    ['2025-12-29', '2026-04-30', '2025-12-01'],
    ['2026-07-10', '2026-06-30', '2026-07-10'], // after today: within
    ['2026-03-01T10:00:00+09:00', '2026-06-30', '2026-03-01'],
  ])('last %s, today %s → %s', (last, today, expected) => {
    expect(withdrawalsDetailStartDate(last, today)).toBe(expected);
  });

  test.each([null, undefined, ''])('no last withdrawals date (%j) → window start', (last) => {
    expect(withdrawalsDetailStartDate(last, '2026-06-30')).toBe('2026-02-01');
  });

  test('plain dates work as inputs', () => {
    expect(withdrawalsDetailStartDate({ year: 2026, month: 3, day: 1 }, { year: 2026, month: 6, day: 30 })).toBe('2026-03-01');
  });

  test.each([
    ['2026-02-28', '2026-06-30', true],
    ['2026-02-27', '2026-06-30', false],
  ])('isWithinWithdrawalsWindow(%s, %s) = %s', (date, today, within) => {
    expect(isWithinWithdrawalsWindow(date, today)).toBe(within);
  });

  test('an invalid today throws instead of guessing', () => {
    expect(() => withdrawalsDetailStartDate(null, '2026-02-30')).toThrow(RangeError);
    expect(() => withdrawalsDetailStartDate('2026-13-01', '2026-06-30')).toThrow(RangeError);
  });
});
