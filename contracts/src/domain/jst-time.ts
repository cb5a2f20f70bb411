/** Japan's offset from UTC (no daylight saving time). */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** An instant as Japan's local time, for "when" lines of mails and exports: 2026年11月23日 14:05. */
export function jstDateTime(date: Date): string {
  const jst = new Date(date.getTime() + JST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${jst.getUTCFullYear()}年${jst.getUTCMonth() + 1}月${jst.getUTCDate()}日 ${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`;
}

/** The instant a day in Japan (YYYY-MM-DD) begins. */
export function startOfJstDay(date: string): Date {
  return new Date(`${date}T00:00:00+09:00`);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
