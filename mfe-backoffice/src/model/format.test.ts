import { describe, expect, test } from 'vitest';
import { addDays, ageInDays, formatDay, formatJst, jstDay, waitingLabel } from './format';

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

describe('waitingLabel', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  test.each([
    [45, '受付から45分', false],
    [60, '受付から1時間', false],
    [23 * 60 + 59, '受付から23時間', false],
    [24 * 60, '受付から24時間', true],
    [47 * 60 + 59, '受付から47時間', true],
    [48 * 60, '受付から2日', true],
    [-5, '受付から0分', false],
  ])('waiting %i minutes since the submission: %s (overdue %s at 24 h)', (minutes, text, overdue) => {
    expect(waitingLabel({ created_at: at(minutes), waiting_since: at(minutes) }, now, 24)).toEqual({ text, overdue });
  });

  test('since a resubmission it says so; the limit is the one given', () => {
    expect(waitingLabel({ created_at: at(10 * 24 * 60), waiting_since: at(3 * 60) }, now, 2)).toEqual({
      text: '再提出から3時間',
      overdue: true,
    });
  });
});
