// Canaries judged by numbers (issue 26): `pnpm release canary health <remote>` and
// `pnpm release canary watch <remote> …`. The numbers come from the API, which aggregates the
// browsers' field signals (POST /api/telemetry/): `GET /ops/canary-health/<remote>` compares the
// canary's version with the live one over the same window and the same routes and gives a verdict
// for the thresholds asked (open to loopback clients, or with `Authorization: Bearer $METRICS_TOKEN`).
//
// The watch keeps no state of its own, so a restarted watch (or the API's own scheduled watch,
// RELEASE_WATCH=1, in whichever instance holds the job's lock) decides the same way:
//   - the last `--window` of the canary is worse than the live version's → abort, at once;
//   - the canary has run for `--promote-after`, everything since it started is healthy with enough
//     sessions, and the last window is not worse → promote (a last window without enough data does
//     not hold a quiet canary back: the whole period speaks for it);
//   - the whole period worse (a bad spell that stopped) → abort too;
//   - otherwise (not enough data yet, or still inside the period) → check again after `--every`.
// Every decision is recorded in the release history with the numbers that made it.
import { ReleaseError, canaryAbort, canaryPromote, readDeployment } from './release-core.mjs';

/** Exit code of a watch that aborted its canary (the canary was worse): a pipeline step fails on it. */
export const EXIT_ABORTED = 5;

export const WATCH_DEFAULTS = Object.freeze({
  maxErrorRatio: 2,
  maxLcpRatio: 1.25,
  minSessions: 50,
  promoteAfterMs: 2 * 60 * 60 * 1000,
  everyMs: 60 * 1000,
  windowMs: 30 * 60 * 1000,
});

const UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90s`, `30m`, `2h`, `1d`, `500ms` (or a bare number of seconds) → milliseconds. */
export function parseDuration(text, name = 'duration') {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(String(text ?? '').trim());
  if (!match) throw new ReleaseError(`${name} must be a duration such as 90s, 30m or 2h (got ${JSON.stringify(text)})`, 2);
  const ms = Number(match[1]) * UNITS[match[2] ?? 's'];
  if (!(ms > 0)) throw new ReleaseError(`${name} must be longer than zero`, 2);
  return ms;
}

/** A positive number option (`--max-error-ratio 2`). */
export function parsePositive(text, name) {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new ReleaseError(`${name} must be a number above zero (got ${JSON.stringify(text)})`, 2);
  return value;
}

/** Where the API is: --api, RELEASE_API_URL, or this machine's API on PORT (default 3000). */
export function apiBaseOf(option, env = process.env) {
  const base = option ?? env.RELEASE_API_URL ?? `http://127.0.0.1:${env.PORT || 3000}`;
  try {
    return new URL(base).href.replace(/\/$/, '');
  } catch {
    throw new ReleaseError(`--api (or RELEASE_API_URL) must be a URL (got ${JSON.stringify(base)})`, 2);
  }
}

/**
 * Reads the health report of one remote's canary from the API: `since`/`until` (Dates) bound the
 * window; the thresholds decide the verdict. Resolves to the report, or null when the remote has no
 * canary. A refused or failed request is a ReleaseError that says what to do.
 */
export async function fetchHealth({ api, remote, since, until, thresholds, token = process.env.METRICS_TOKEN, fetchFn = fetch }) {
  const url = new URL(`${api}/ops/canary-health/${encodeURIComponent(remote)}`);
  url.searchParams.set('since', since.toISOString());
  url.searchParams.set('until', until.toISOString());
  url.searchParams.set('maxErrorRatio', String(thresholds.maxErrorRatio));
  url.searchParams.set('maxLcpRatio', String(thresholds.maxLcpRatio));
  url.searchParams.set('minSessions', String(thresholds.minSessions));
  let response;
  try {
    response = await fetchFn(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new ReleaseError(
      `the API at ${api} did not answer (${error.cause?.code ?? error.message}): is it running? (--api, RELEASE_API_URL)`,
    );
  }
  if (response.status === 404) {
    const body = await response.json().catch(() => null);
    if (body?.code === 'no-canary') return null;
    throw new ReleaseError(`${url.pathname}: not found on ${api} (an API without canary health?)`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new ReleaseError(
      `the API at ${api} refused the health request (${response.status}): run this on the API's machine or set METRICS_TOKEN`,
    );
  }
  if (!response.ok) throw new ReleaseError(`the API at ${api} answered ${response.status} to ${url.pathname}`);
  return response.json();
}

const fixed = (value, digits = 1) => (value === null || value === undefined ? '—' : Number(value).toFixed(digits));
const ms = (value) => (value === null || value === undefined ? '—' : `${Math.round(value)} ms`);
const ratio = (value) => (value === null || value === undefined ? '—' : `${Number(value).toFixed(2)}×`);

/**
 * The report (the API's RemoteHealth, @app/contracts releases.ts) as the table the CLI prints:
 * canary beside live, then the new error fingerprints, the verdict and its reasons.
 */
export function formatHealth(report) {
  const { candidate: c, baseline: b } = report;
  const fresh = report.newFingerprints ?? [];
  const rows = [
    ['', `canary ${c.version}`, `live ${b.version}`, 'ratio'],
    ['sessions', String(c.sessions), String(b.sessions), ''],
    ['page views', String(c.pageViews), String(b.pageViews), ''],
    ['errors', String(c.errors), String(b.errors), ''],
    ['errors / 1,000 views', fixed(c.errorRate), fixed(b.errorRate), ratio(report.errorRateRatio)],
    ['new error fingerprints', String(fresh.length), '', ''],
    ['LCP p75', ms(c.lcpP75), ms(b.lcpP75), ratio(report.lcpRatio)],
    ['INP p75', ms(c.inpP75), ms(b.inpP75), ratio(report.inpRatio)],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const routes = report.routes.length > 0 ? report.routes.join(', ') : '(none in common yet)';
  return [
    `${report.remote}: ${report.since} → ${report.until}, routes: ${routes}`,
    ...rows.map(line),
    ...fresh.map((f) => `  new: ${f.errors}× ${f.kind ?? 'error'} ${JSON.stringify(f.message ?? '')}${whereOf(f)}`),
    `verdict: ${report.verdict}${report.reasons.length > 0 ? ` — ${report.reasons.join('; ')}` : ''}`,
  ].join('\n');
}

/** Where a new error was thrown: in the repository (through the build's source map) and as served, or as served only. */
function whereOf({ frame, mappedFrame }) {
  if (mappedFrame) return ` at ${mappedFrame}${frame ? ` (served: ${frame})` : ''}`;
  return frame ? ` at ${frame}` : '';
}

/** One line of numbers for the release history's `why`. */
export function summarise(report) {
  const { candidate: c, baseline: b } = report;
  return (
    `${report.verdict}: ${c.sessions} vs ${b.sessions} sessions, errors/1,000 views ${fixed(c.errorRate)} vs ${fixed(b.errorRate)}, ` +
    `LCP p75 ${ms(c.lcpP75)} vs ${ms(b.lcpP75)}, ${(report.newFingerprints ?? []).length} new error fingerprint(s)` +
    (report.reasons.length > 0 ? ` (${report.reasons.join('; ')})` : '')
  );
}

/**
 * One decision of the watch, pure: `recent` is the report of the last window, `period` the report
 * of everything since the canary started (null while it is younger than the promote-after period).
 * → { action: 'abort' | 'promote' | 'wait', why }
 */
export function decide({ recent, period }) {
  if (recent.verdict === 'worse') return { action: 'abort', why: `canary watch: worse than live — ${summarise(recent)}` };
  if (period?.verdict === 'worse') return { action: 'abort', why: `canary watch: worse than live since it started — ${summarise(period)}` };
  if (period?.verdict === 'healthy') {
    return { action: 'promote', why: `canary watch: healthy for the whole period — ${summarise(period)}` };
  }
  const waiting =
    period !== null
      ? 'not enough data since the canary started'
      : recent.verdict === 'not-enough-data'
        ? 'not enough data yet'
        : 'healthy so far; the promote-after period has not passed';
  return { action: 'wait', why: waiting };
}

/**
 * Watches one remote's canary until it is aborted or promoted (or ended by someone else).
 * `health({ since, until })` reads a report (fetchHealth bound to the API; the API's own job reads it
 * in-process). Resolves to { outcome: 'aborted' | 'promoted' | 'gone', report }; with `once`, after the
 * first check that decides nothing: { outcome: 'waiting', report } (the API's scheduled watch).
 */
export async function watchCanary({
  store,
  remote,
  who,
  health,
  options,
  once = false,
  now = () => new Date(),
  sleep = (delay) => new Promise((resolve) => setTimeout(resolve, delay)),
  log = () => {},
}) {
  const first = (await readDeployment(store)).deployment.canary?.[remote];
  if (!first) throw new ReleaseError(`${remote} has no canary`);
  const version = first.version;
  const started = new Date(first.since ?? now().toISOString());
  log(`watching ${remote} canary ${version} (since ${started.toISOString()})`);
  for (;;) {
    const current = (await readDeployment(store)).deployment.canary?.[remote];
    if (current?.version !== version) {
      log(`${remote}: the canary ${version} was ended or replaced by someone else: the watch stops`);
      return { outcome: 'gone', report: null };
    }
    const result = await judge({ remote, version, started, health, options, now });
    if (result === null) {
      log(`${remote}: the canary ${version} is no longer running: the watch stops`);
      return { outcome: 'gone', report: null };
    }
    const { decision, recent, period } = result;
    log(
      `${now().toISOString()} ${remote} ${version}: ${summarise(recent)} → ${decision.action === 'wait' ? decision.why : decision.action}`,
    );
    if (decision.action === 'abort') {
      await canaryAbort(store, { remote, who, why: decision.why, expectVersion: version, health: recent, now });
      return { outcome: 'aborted', report: recent };
    }
    if (decision.action === 'promote') {
      await canaryPromote(store, { remote, who, why: decision.why, expectVersion: version, health: period, now });
      return { outcome: 'promoted', report: period };
    }
    if (once) return { outcome: 'waiting', report: recent };
    await sleep(options.everyMs);
  }
}

/** Reads the recent and (when due) the period report and decides; null when the API says there is no canary. */
export async function judge({ version, started, health, options, now }) {
  const until = now();
  const windowStart = new Date(Math.max(started.getTime(), until.getTime() - options.windowMs));
  const recent = await health({ since: windowStart, until });
  if (recent === null || recent.candidate.version !== version) return null;
  const due = until.getTime() - started.getTime() >= options.promoteAfterMs;
  const period = due ? await health({ since: started, until }) : null;
  if (due && (period === null || period.candidate.version !== version)) return null;
  return { decision: decide({ recent, period }), recent, period };
}
