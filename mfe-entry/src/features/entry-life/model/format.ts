import { parseDecimal } from '@app/contracts/domain';

/**
 * Display helpers of an entry's pages: dates as the API sends them (`YYYY-MM-DD`, no time zone),
 * ratios as percentages (times in Japan: `formatDateTimeJst` of @app/shared/parts). Presentation only:
 * the amounts themselves come from the API (figures) and `formatYen` of the domain.
 */
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** `2026-12-31` → `2026年12月31日（木）` (without the weekday if asked); the text as given when it is not a `YYYY-MM-DD` date. */
export function formatDay(day: string, { weekday = true }: { weekday?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  const date = `${Number(y)}年${Number(m)}月${Number(d)}日`;
  return weekday ? `${date}（${WEEKDAYS[new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).getUTCDay()] ?? ''}）` : date;
}

/** `"0.9"` → `90%`, `"0.035"` → `3.5%`; '—' when there is no ratio. */
export function formatPercent(ratio: string | null): string {
  const value = ratio === null ? undefined : parseDecimal(ratio);
  return value === undefined ? '—' : `${value.times(100).toFixed()}%`;
}
