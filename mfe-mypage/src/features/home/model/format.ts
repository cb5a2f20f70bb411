const DATE = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });
const YEN = new Intl.NumberFormat('ja-JP');

/** `2026-11-01T09:00:00+09:00` → `2026年11月1日` (the service's calendar: Japan). */
export function formatDate(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

/** The same day as a machine-readable `<time dateTime>` value (YYYY-MM-DD, in Japan). */
export function isoDay(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** `"1200000"` → `1,200,000円`. */
export function formatYen(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? `${YEN.format(value)}円` : `${amount}円`;
}
