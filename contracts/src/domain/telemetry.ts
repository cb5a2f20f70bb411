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
 * A stack frame as an error sample keeps it: as the browser printed it, without a leading `at `, the
 * origin and any query, so the served file (its version folder and content-hashed name), the line
 * and the column stay, and the API can map it through the build's source map.
 * `at render (https://site/remotes/mfe-auth/0.1.0-67ee/page-login.df49.js?v=3:1:2345)`
 * → `render (/remotes/mfe-auth/0.1.0-67ee/page-login.df49.js:1:2345)`. Null for an empty frame.
 */
export function servedFrame(frame: string): string | null {
  const text = frame.trim().replace(/^at(\s+|$)/, '');
  if (!text) return null;
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/[^/\s)]+/gi, '').replace(/\?[^:\s)]*/g, '');
}

/**
 * A stack frame without what changes between page views and builds of the same code (the
 * fingerprint's part): the served frame (servedFrame) without the content hash of a built file's
 * name (`page-login.df4984bb5b.js` → `page-login.js`), the version folder and the column.
 * `at render (https://site/remotes/mfe-auth/0.1.0-67ee/page-login.df49.js:1:2345)`
 * → `render (/remotes/mfe-auth/page-login.js:1)`. Null for an empty frame.
 */
export function normaliseFrame(frame: string): string | null {
  const served = servedFrame(frame);
  if (served === null) return null;
  return served
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

// ---------------------------------------------------------------------------------------------
// A canary judged by numbers: its version against the live one, over the same window and routes
// ---------------------------------------------------------------------------------------------

/** What one version of a remote did over a window (preview data excluded, the routes both versions saw). */
export interface VersionTelemetry {
  /** Sum of the page views flagged `first` (one per version per browser tab session). */
  readonly sessions: number;
  readonly pageViews: number;
  readonly errors: number;
  /** LCP histogram counts per bucket (VITAL_BUCKETS.LCP, the open bucket last). */
  readonly lcp: readonly number[];
  /** INP histogram counts per bucket (VITAL_BUCKETS.INP). */
  readonly inp: readonly number[];
}

/** A version's numbers as the health report shows them. */
export interface VersionHealth {
  readonly sessions: number;
  readonly pageViews: number;
  readonly errors: number;
  /** Errors per 1,000 page views; null without page views. */
  readonly errorRate: number | null;
  /** p75 in ms (the upper bound of its histogram bucket); null when nothing was measured. */
  readonly lcpP75: number | null;
  readonly inpP75: number | null;
}

/** When a canary is worse, and when there is too little to say. */
export interface CanaryThresholds {
  /** Worse when the canary's error rate is more than this many times the live one's (floored, see judgeCanary). */
  readonly maxErrorRatio: number;
  /** Worse when the canary's LCP p75 is more than this many times the live one's. */
  readonly maxLcpRatio: number;
  /** Not enough data when either version has fewer sessions than this. */
  readonly minSessions: number;
}

export const DEFAULT_CANARY_THRESHOLDS: CanaryThresholds = { maxErrorRatio: 2, maxLcpRatio: 1.25, minSessions: 50 };

/**
 * The live version's error rate counts as at least this many errors per 1,000 page views when the
 * canary's is compared with it: with a live rate of 0 any canary error would be infinitely worse, so
 * a canary is worse only once its own rate passes maxErrorRatio × 1/1,000 (2 errors per 1,000 page
 * views by default); a canary with no errors is healthy whatever the live version does.
 */
export const BASELINE_ERROR_RATE_FLOOR = 1;

export type CanaryVerdict = 'healthy' | 'worse' | 'not-enough-data';

export interface CanaryJudgement {
  readonly verdict: CanaryVerdict;
  /** Plain sentences with the numbers that decided (written into the release history as they are). */
  readonly reasons: readonly string[];
  /** Canary error rate ÷ max(live error rate, BASELINE_ERROR_RATE_FLOOR); null without canary page views. */
  readonly errorRateRatio: number | null;
  /** Canary LCP p75 ÷ live LCP p75; null when either has none. */
  readonly lcpRatio: number | null;
  /** Canary INP p75 ÷ live INP p75 (shown, not judged); null when either has none. */
  readonly inpRatio: number | null;
}

/** Errors per 1,000 page views, null without page views. */
export function errorRatePer1000(errors: number, pageViews: number): number | null {
  return pageViews > 0 ? (errors * 1000) / pageViews : null;
}

/** A version's report numbers from its counts: the error rate and the p75 of LCP and INP. */
export function versionHealth(telemetry: VersionTelemetry): VersionHealth {
  return {
    sessions: telemetry.sessions,
    pageViews: telemetry.pageViews,
    errors: telemetry.errors,
    errorRate: errorRatePer1000(telemetry.errors, telemetry.pageViews),
    lcpP75: histogramPercentile('LCP', telemetry.lcp, 75),
    inpP75: histogramPercentile('INP', telemetry.inp, 75),
  };
}

const ratioOf = (candidate: number | null, baseline: number | null): number | null =>
  candidate === null || baseline === null || baseline === 0 ? null : candidate / baseline;

/** `412.5`, `0.0`: one decimal. */
const oneDecimal = (value: number | null): string => (value === null ? 'none' : value.toFixed(1));
const ms = (value: number | null): string => (value === null ? 'none' : `${value} ms`);

/**
 * The verdict on a canary against the live version (the baseline), each over the same window and
 * routes: `not-enough-data` when either has fewer than `minSessions` sessions; else `worse` when its
 * error rate is more than `maxErrorRatio` times the live one's (the live rate read as at least
 * BASELINE_ERROR_RATE_FLOOR per 1,000 page views) or its LCP p75 more than `maxLcpRatio` times the
 * live one's (not judged when either measured no LCP); else `healthy`. The reasons say which
 * numbers decided, e.g. `error rate 412.5/1000 page views vs 0.0 (ratio 412.5 > 2)`.
 */
export function judgeCanary(candidate: VersionHealth, baseline: VersionHealth, thresholds: CanaryThresholds): CanaryJudgement {
  const errorRateRatio =
    candidate.errorRate === null ? null : candidate.errorRate / Math.max(baseline.errorRate ?? 0, BASELINE_ERROR_RATE_FLOOR);
  const lcpRatio = ratioOf(candidate.lcpP75, baseline.lcpP75);
  const inpRatio = ratioOf(candidate.inpP75, baseline.inpP75);
  const numbers = { errorRateRatio, lcpRatio, inpRatio };

  const short = [
    candidate.sessions < thresholds.minSessions ? `canary ${candidate.sessions} sessions < ${thresholds.minSessions}` : null,
    baseline.sessions < thresholds.minSessions ? `live ${baseline.sessions} sessions < ${thresholds.minSessions}` : null,
  ].filter((reason) => reason !== null);
  if (short.length > 0) return { verdict: 'not-enough-data', reasons: short, ...numbers };

  const errorWorse = errorRateRatio !== null && errorRateRatio > thresholds.maxErrorRatio;
  const lcpWorse = lcpRatio !== null && lcpRatio > thresholds.maxLcpRatio;
  const reasons = [
    `error rate ${oneDecimal(candidate.errorRate)}/1000 page views vs ${oneDecimal(baseline.errorRate)} (ratio ${oneDecimal(errorRateRatio)} ${errorWorse ? '>' : '≤'} ${thresholds.maxErrorRatio})`,
    lcpRatio === null
      ? `LCP p75 ${ms(candidate.lcpP75)} vs ${ms(baseline.lcpP75)} (not compared)`
      : `LCP p75 ${ms(candidate.lcpP75)} vs ${ms(baseline.lcpP75)} (ratio ${lcpRatio.toFixed(2)} ${lcpWorse ? '>' : '≤'} ${thresholds.maxLcpRatio})`,
  ];
  return { verdict: errorWorse || lcpWorse ? 'worse' : 'healthy', reasons, ...numbers };
}

/** One minute's counts of one version, as the chart's series is built from. */
export interface TelemetryMinute {
  /** The minute's start (ms since the epoch). */
  readonly minute: number;
  readonly pageViews: number;
  readonly errors: number;
  /** LCP histogram counts of the minute (sparse: missing buckets are 0). */
  readonly lcp: readonly number[];
}

export interface TelemetrySeriesPoint {
  /** The bucket's start (ms since the epoch). */
  readonly start: number;
  readonly pageViews: number;
  readonly errors: number;
  readonly errorRate: number | null;
  readonly lcpP75: number | null;
}

/**
 * A chart's series: the minutes in [since, since + buckets × bucketMinutes) summed per bucket of
 * `bucketMinutes` minutes, every bucket present (empty ones with null rates), in time order.
 */
export function telemetrySeries(
  minutes: readonly TelemetryMinute[],
  since: number,
  bucketMinutes: number,
  buckets: number,
): TelemetrySeriesPoint[] {
  const width = bucketMinutes * 60_000;
  const sums = Array.from({ length: buckets }, () => ({ pageViews: 0, errors: 0, lcp: VITAL_BUCKETS.LCP.map(() => 0).concat(0) }));
  for (const row of minutes) {
    const sum = sums[Math.floor((row.minute - since) / width)];
    if (sum === undefined) continue;
    sum.pageViews += row.pageViews;
    sum.errors += row.errors;
    row.lcp.forEach((count, i) => (sum.lcp[i] = (sum.lcp[i] as number) + count));
  }
  return sums.map((sum, i) => ({
    start: since + i * width,
    pageViews: sum.pageViews,
    errors: sum.errors,
    errorRate: errorRatePer1000(sum.errors, sum.pageViews),
    lcpP75: histogramPercentile('LCP', sum.lcp, 75),
  }));
}
