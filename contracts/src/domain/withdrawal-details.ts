/**
 * Withdrawal details (入出金明細) start date (spec §4), and the calendar-date helpers the domain
 * uses for it and for identity expiry. Dates are calendar days with no time and no time zone: the
 * caller passes `today` (the applicant's day in Japan), as 'YYYY-MM-DD' or `{ year, month, day }`.
 */
import { WITHDRAWALS_WINDOW_MONTHS } from './constants';

// ---------------------------------------------------------------------------------------------
// Calendar dates
// ---------------------------------------------------------------------------------------------

/** A calendar day; month is 1–12. */
export interface PlainDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** 'YYYY-MM-DD' (a date-time such as '2026-06-30T09:00:00+09:00' is read as its date part) or a PlainDate. */
export type DateInput = string | PlainDate;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in `month` (1–12) of `year`: February has 29 in a leap year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  const days = MONTH_DAYS[month - 1];
  if (days === undefined) throw new RangeError(`Invalid month: ${month}`);
  return days;
}

/** Whether `{ year, month, day }` is a real day between 0001-01-01 and 9999-12-31. */
export function isValidPlainDate(date: PlainDate): boolean {
  const { year, month, day } = date;
  if (![year, month, day].every(Number.isInteger)) return false;
  if (year < 1 || year > 9999 || month < 1 || month > 12) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/** Reads a DateInput; throws a RangeError for text that is not a date or a day that does not exist (2026-02-29). */
export function toPlainDate(input: DateInput): PlainDate {
  let date: PlainDate;
  if (typeof input === 'string') {
    const match = ISO_DATE.exec(input);
    if (match === null) throw new RangeError(`Not an ISO date: ${JSON.stringify(input)}`);
    date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  } else {
    date = { year: input.year, month: input.month, day: input.day };
  }
  if (!isValidPlainDate(date)) throw new RangeError(`Not a calendar day: ${JSON.stringify(input)}`);
  return date;
}

/** 'YYYY-MM-DD' of a DateInput. */
export function toIsoDate(input: DateInput): string {
  const { year, month, day } = toPlainDate(input);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** -1 when a is before b, 0 on the same day, 1 when a is after b. */
export function compareDates(a: DateInput, b: DateInput): -1 | 0 | 1 {
  const x = toPlainDate(a);
  const y = toPlainDate(b);
  const key = (d: PlainDate) => d.year * 10_000 + d.month * 100 + d.day;
  return Math.sign(key(x) - key(y)) as -1 | 0 | 1;
}

/**
 * The same day-of-month `months` calendar months later (earlier when negative), clamped to the last
 * day of the target month: 2026-06-30 − 4 months = 2026-02-28; 2024-06-30 − 4 months = 2024-02-29.
 */
export function addMonths(input: DateInput, months: number): PlainDate {
  const { year, month, day } = toPlainDate(input);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return toPlainDate({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) });
}

// ---------------------------------------------------------------------------------------------
// Withdrawal details start date
// ---------------------------------------------------------------------------------------------

/**
 * The oldest day still "within 4 months" of `today`: today minus 4 calendar months, same
 * day-of-month, clamped to the end of a shorter month (2026-06-30 → 2026-02-28,
 * 2024-06-30 → 2024-02-29, 2026-07-31 → 2026-03-31).
 */
export const withdrawalsWindowEdge = (today: DateInput): PlainDate => addMonths(today, -WITHDRAWALS_WINDOW_MONTHS);

/**
 * Whether `date` is within 4 months of `today`: on or after `withdrawalsWindowEdge(today)`. The edge
 * day itself is within, the day before is not. A date after today is within (nothing older to ask for).
 */
export const isWithinWithdrawalsWindow = (date: DateInput, today: DateInput): boolean =>
  compareDates(date, withdrawalsWindowEdge(today)) >= 0;

/**
 * The first day of the month four months before today's month (2026-06-30 → 2026-02-01,
 * 2026-01-15 → 2025-09-01).
 */
export function withdrawalsWindowStart(today: DateInput): string {
  const edge = withdrawalsWindowEdge(today);
  return toIsoDate({ year: edge.year, month: edge.month, day: 1 });
}

/**
 * The date from which the applicant submits withdrawal details (spec §4): the last withdrawals date
 * (`last_withdrawals_detail_date`) when it is within 4 months of today (see `isWithinWithdrawalsWindow`:
 * on or after today minus 4 calendar months), else — also when there is none — the first day of the
 * month four months ago (`withdrawalsWindowStart`). Returns 'YYYY-MM-DD'.
 */
export function withdrawalsDetailStartDate(lastWithdrawalsDate: DateInput | null | undefined, today: DateInput): string {
  if (lastWithdrawalsDate != null && lastWithdrawalsDate !== '' && isWithinWithdrawalsWindow(lastWithdrawalsDate, today)) {
    return toIsoDate(lastWithdrawalsDate);
  }
  return withdrawalsWindowStart(today);
}
