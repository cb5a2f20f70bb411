// `pnpm release canary health <remote>` and `pnpm release canary watch <remote>` (scripts/release.mjs):
// the options read, the report printed, the watch's progress logged. The logic: release-watch.mjs.
import { ReleaseError, readDeployment } from './release-core.mjs';
import {
  EXIT_ABORTED,
  WATCH_DEFAULTS,
  apiBaseOf,
  fetchHealth,
  formatHealth,
  parseDuration,
  parsePositive,
  watchCanary,
} from './release-watch.mjs';

/** The watch's options from the command line, the defaults where not given. */
export function watchOptionsOf(o) {
  return {
    maxErrorRatio:
      o['max-error-ratio'] === undefined ? WATCH_DEFAULTS.maxErrorRatio : parsePositive(o['max-error-ratio'], '--max-error-ratio'),
    maxLcpRatio: o['max-lcp-ratio'] === undefined ? WATCH_DEFAULTS.maxLcpRatio : parsePositive(o['max-lcp-ratio'], '--max-lcp-ratio'),
    minSessions: o['min-sessions'] === undefined ? WATCH_DEFAULTS.minSessions : parsePositive(o['min-sessions'], '--min-sessions'),
    promoteAfterMs: o['promote-after'] === undefined ? WATCH_DEFAULTS.promoteAfterMs : parseDuration(o['promote-after'], '--promote-after'),
    everyMs: o.every === undefined ? WATCH_DEFAULTS.everyMs : parseDuration(o.every, '--every'),
    windowMs: o.window === undefined ? WATCH_DEFAULTS.windowMs : parseDuration(o.window, '--window'),
  };
}

const healthReader = (api, remote, options) => (window) => fetchHealth({ api, remote, ...window, thresholds: options });

export async function canaryHealthCommand(store, { remote, options: o, now = () => new Date(), print = console.log }) {
  const options = watchOptionsOf(o);
  const canary = (await readDeployment(store)).deployment.canary?.[remote];
  if (!canary) throw new ReleaseError(`${remote} has no canary`);
  const until = now();
  const since = new Date(Math.max(new Date(canary.since ?? 0).getTime(), until.getTime() - options.windowMs));
  const report = await healthReader(apiBaseOf(o.api), remote, options)({ since, until });
  if (report === null) throw new ReleaseError(`${remote} has no canary (the API's site says so)`);
  print(o.json ? JSON.stringify(report, null, 2) : formatHealth(report));
}

/**
 * Runs the watch; resolves to the process's exit code (0 promoted — or, with --once, nothing decided
 * yet —, 5 aborted, 3 ended by someone else).
 */
export async function canaryWatchCommand(store, { remote, who, options: o, log = (line) => console.log(line) }) {
  const options = watchOptionsOf(o);
  const { outcome, report } = await watchCanary({
    store,
    remote,
    who,
    options,
    once: o.once === true,
    health: healthReader(apiBaseOf(o.api), remote, options),
    log,
  });
  if (outcome === 'aborted') {
    log(`${remote}: canary ${report.candidate.version} aborted (worse than live ${report.baseline.version}); recorded in the history`);
    return EXIT_ABORTED;
  }
  if (outcome === 'promoted') {
    log(`${remote}: canary ${report.candidate.version} promoted to everyone (healthy for the period); recorded in the history`);
    return 0;
  }
  if (outcome === 'waiting') return 0;
  return 3;
}
