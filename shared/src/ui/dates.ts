/** Date and time as the applicant reads them: in Japan's time (the service's calendar). */
const DATE_TIME_JST = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `2026-11-01T00:30:00Z` → `2026年11月1日 09:30` (Japan time); '' for an unreadable value. */
export function formatDateTimeJst(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME_JST.format(date);
}
