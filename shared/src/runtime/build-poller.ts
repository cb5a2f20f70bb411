import { noteRunningRevision } from './min-client-build';
import { BUILD_METADATA_URL, BUILD_POLL_INTERVAL_MS } from '../constants';

/**
 * Spec §7/§9: `builds/latest.json` is fetched at start and polled hourly. When its id changes, the
 * site is marked stale and the next navigation becomes a full page load, so old and new code never
 * mix in one tab.
 */
export interface BuildPollerOptions {
  fetchBuildId: () => Promise<string | null>;
  onStale: (newId: string) => void;
  intervalMs?: number;
  setIntervalFn?: (fn: () => void, ms: number) => unknown;
  clearIntervalFn?: (handle: unknown) => void;
}

export interface BuildPoller {
  /** Id seen at start (null when the first fetch failed). */
  readonly initialId: () => string | null;
  readonly isStale: () => boolean;
  /** One poll now (what the timer runs). */
  readonly check: () => Promise<void>;
  readonly stop: () => void;
}

export async function startBuildPoller(options: BuildPollerOptions): Promise<BuildPoller> {
  const {
    fetchBuildId,
    onStale,
    intervalMs = BUILD_POLL_INTERVAL_MS,
    setIntervalFn = (fn, ms) => setInterval(fn, ms),
    clearIntervalFn = (h) => clearInterval(h as ReturnType<typeof setInterval>),
  } = options;
  let known = await safe(fetchBuildId);
  const initial = known;
  let stale = false;
  const check = async () => {
    if (stale) return;
    const id = await safe(fetchBuildId);
    if (id === null) return; // offline or a failed poll: try again next time
    if (known === null) {
      known = id;
      return;
    }
    if (id !== known) {
      stale = true;
      onStale(id);
    }
  };
  const handle = setIntervalFn(() => void check(), intervalMs);
  return {
    initialId: () => initial,
    isStale: () => stale,
    check,
    stop: () => clearIntervalFn(handle),
  };
}

async function safe(fn: () => Promise<string | null>): Promise<string | null> {
  try {
    return await fn();
  } catch {
    return null;
  }
}

/** Reads the build id from `builds/latest.json` (`{ "id": "…" }`), uncached. */
export async function fetchLatestBuildId(fetchFn: typeof fetch = fetch): Promise<string | null> {
  const res = await fetchFn(BUILD_METADATA_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) return null;
  const body: unknown = await res.json();
  // The deployment revision the page started with (the forced reload compares it: min-client-build.ts).
  if (typeof body === 'object' && body !== null && 'revision' in body && typeof body.revision === 'number')
    noteRunningRevision(body.revision);
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string') return body.id;
  return null;
}
