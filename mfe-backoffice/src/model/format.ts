/** Dates and times of the back office, always in Japan's time (the service's calendar). */
const DATE_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
const DAY_MS = 86_400_000;

/** `2026-11-10T01:00:00Z` → `2026/11/10 10:00` (JST); '' for something that is not a time. */
export function formatJst(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

/** `YYYY-MM-DD` of the instant in Japan. */
export function jstDay(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}

/** Whole days since the instant (0 on the same day), counted in Japan's calendar days. */
export function ageInDays(iso: string, now: Date): number {
  const from = Date.parse(`${jstDay(iso)}T00:00:00Z`);
  const to = Date.parse(`${jstDay(now)}T00:00:00Z`);
  return Number.isNaN(from) || Number.isNaN(to) ? 0 : Math.max(0, Math.round((to - from) / DAY_MS));
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

/** `2026-11-20` → `2026年11月20日`. */
export function formatDay(day: string | null): string {
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return y && m && d ? `${y}年${Number(m)}月${Number(d)}日` : day;
}

/**
 * How long an entry has waited since it came (back) to the reviewers, in words:
 * `受付から45分`, `受付から2時間`, `再提出から3日` (minutes below an hour, hours below two days).
 * `overdue` when it is past `limitHours`.
 */
export function waitingLabel(
  item: { readonly created_at: string; readonly waiting_since: string },
  now: Date,
  limitHours: number,
): { readonly text: string; readonly overdue: boolean } {
  const since = Date.parse(item.waiting_since);
  const minutes = Number.isNaN(since) ? 0 : Math.max(0, Math.floor((now.getTime() - since) / 60_000));
  const span =
    minutes < 60 ? `${minutes}分` : minutes < 48 * 60 ? `${Math.floor(minutes / 60)}時間` : `${Math.floor(minutes / (24 * 60))}日`;
  const resubmitted = item.waiting_since !== item.created_at;
  return { text: `${resubmitted ? '再提出' : '受付'}から${span}`, overdue: minutes >= limitHours * 60 };
}
