/**
 * Field telemetry (issue 26), the pure part both sides apply: what an error message may carry
 * (scrubbed in the browser before sending and again on the server), how an error is recognised
 * across page views (its fingerprint: the normalised message and top frame), and the buckets of
 * the Web Vitals histograms the server keeps per minute (enough for a p75).
 */

/** The longest message kept, after scrubbing (characters). */
export const TELEMETRY_MESSAGE_MAX = 300;

/** Mail addresses, anywhere in a message. */
const MAIL = /[^\s@<>()"'`,;:]+@[^\s@<>()"'`,;:]+\.[^\s@<>()"'`,;:]+/g;
/**
 * Runs of digits (full-width ones included, after NFKC) longer than 4, also when a phone number,
 * a card or an account number splits them with hyphens, dots, slashes or spaces.
 */
const LONG_DIGITS = /\d(?:[\s\-./]?\d){4,}/g;

/**
 * A message as it may be sent and stored: no mail address, no run of more than 4 digits (phone,
 * account and card numbers, amounts, ids), whitespace collapsed, at most TELEMETRY_MESSAGE_MAX
 * characters. What the applicant typed never reaches a message in the first place (the pages do not
 * put values in errors); this is the second line.
 */
export function scrubMessage(message: string): string {
  const scrubbed = message.normalize('NFKC').replace(MAIL, '[mail]').replace(LONG_DIGITS, '[number]').replace(/\s+/g, ' ').trim();
  return scrubbed.length > TELEMETRY_MESSAGE_MAX ? `${scrubbed.slice(0, TELEMETRY_MESSAGE_MAX - 1)}…` : scrubbed;
}

/**
 * A stack frame without what changes between page views and builds of the same code: the origin,
 * the query, the content hash of a built file's name (`page-login.df4984bb5b.js` → `page-login.js`)
 * and the column. `at render (https://site/remotes/mfe-auth/0.1.0-67ee/page-login.df49.js:1:2345)`
 * → `render (/remotes/mfe-auth/page-login.js:1)`. Null for an empty frame.
 */
export function normaliseFrame(frame: string): string | null {
  const text = frame.trim().replace(/^at(\s+|$)/, '');
  if (!text) return null;
  return text
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^/\s)]+/gi, '')
    .replace(/\?[^:\s)]*/g, '')
    .replace(/\/\d+\.\d+\.\d+-[0-9a-f]+\//g, '/')
    .replace(/\.[0-9a-f]{8,}\.js/g, '.js')
    .replace(/:(\d+):\d+/g, ':$1');
}

/** The message's shape: what differs between two occurrences of one error (numbers, quoted values, ids) replaced. */
export function normaliseMessage(message: string): string {
  return scrubMessage(message)
    .replace(/(["'`]).*?\1/g, '$1…$1')
    .replace(/\b[0-9a-f]{8,}\b/gi, '#')
    .replace(/\d+/g, '#');
}

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, no crypto needed (a grouping key, not a secret). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** One error's fingerprint: the same for every occurrence of it in one remote's code, whatever the page view. */
export function errorFingerprint(message: string, topFrame: string | null | undefined): string {
  return fnv1a(`${normaliseMessage(message)}\n${topFrame ? (normaliseFrame(topFrame) ?? '') : ''}`);
}

/** The Web Vitals the shell reports, with the unit of their values. */
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type WebVital = (typeof WEB_VITALS)[number];

/**
 * Upper bounds of the histogram buckets, per vital (ms; CLS unitless), the last bucket open-ended.
 * Finer where the "good" thresholds are (LCP 2.5 s, INP 200 ms, CLS 0.1, TTFB 0.8 s).
 */
export const VITAL_BUCKETS: Readonly<Record<WebVital, readonly number[]>> = {
  LCP: [500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 10000],
  INP: [50, 100, 150, 200, 300, 500, 1000, 2000],
  CLS: [0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5],
  TTFB: [100, 200, 400, 600, 800, 1200, 1800, 3000],
};

/** The index of the bucket a value falls in (its count goes there): the first bound ≥ the value, or the open one. */
export function vitalBucket(vital: WebVital, value: number): number {
  const bounds = VITAL_BUCKETS[vital];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/**
 * A percentile of a histogram (counts per bucket, as vitalBucket fills them): the upper bound of the
 * bucket where the percentile falls (an overestimate by at most one bucket: what a canary judgement
 * needs), the last bound when it falls in the open bucket, null when there is nothing counted.
 */
export function histogramPercentile(vital: WebVital, counts: readonly number[], percentile: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const bounds = VITAL_BUCKETS[vital];
  // The bound of bucket i; the open bucket (and past it) reads as the last bound.
  const boundAt = (i: number) => bounds[Math.min(i, bounds.length - 1)] as number;
  const rank = Math.ceil((percentile / 100) * total);
  let seen = 0;
  for (const [i, count] of counts.entries()) {
    seen += count;
    if (seen >= rank) return boundAt(i);
  }
  return boundAt(bounds.length);
}
