/**
 * Whether a request URL (path and query, as `request.url`) is the API's: `/api`, `/api/…` or
 * `/api?…`. Everything else is the site (documents, remotes, files).
 */
export function isApiUrl(url: string): boolean {
  if (!url.startsWith('/api')) return false;
  const next = url.charCodeAt(4);
  // The end, `/`, `?` or `#`: not `/apis`, `/api-docs/`.
  return Number.isNaN(next) || next === 0x2f || next === 0x3f || next === 0x23;
}
