import { expect, test } from 'vitest';
import { formatDateTimeJst } from './dates';

test.each([
  ['2026-11-01T15:30:00Z', '2026年11月2日 00:30'],
  ['2026-11-02T10:00:00+09:00', '2026年11月2日 10:00'],
  ['not a date', ''],
])('formatDateTimeJst(%s) → %s (Japan time)', (iso, text) => expect(formatDateTimeJst(iso)).toBe(text));
