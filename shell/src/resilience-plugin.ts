import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Module-federation runtime plugin: a remote that fails to load is retried with exponential
 * backoff (its mf-manifest.json fetch and its remoteEntry script); one that stays down resolves to
 * a fallback module (error-page lifecycles) so single-spa keeps running the rest of the site.
 */
export interface ResilienceOptions {
  /** Extra attempts after the first. */
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly fallback: (remoteId: string, error: unknown) => unknown;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly fetchFn?: typeof fetch;
  readonly onRetry?: (what: string, attempt: number, error: unknown) => void;
}

export const backoffDelay = (baseDelayMs: number, attempt: number): number => baseDelayMs * 2 ** attempt;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(
  what: string,
  attemptFn: () => Promise<T>,
  { retries, baseDelayMs, sleep = defaultSleep, onRetry }: Pick<ResilienceOptions, 'retries' | 'baseDelayMs' | 'sleep' | 'onRetry'>,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await attemptFn();
    } catch (error) {
      lastError = error;
      if (attempt < retries) {
        onRetry?.(what, attempt + 1, error);
        await sleep(backoffDelay(baseDelayMs, attempt));
      }
    }
  }
  throw lastError;
}

export function resiliencePlugin(options: ResilienceOptions): ModuleFederationRuntimePlugin {
  const fetchFn = options.fetchFn ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return {
    name: 'app-resilience',
    // mf-manifest.json: uncached, retried; a 4xx/5xx counts as a failure.
    async fetch(url, init) {
      return withRetry(
        url,
        async () => {
          const res = await fetchFn(url, { ...init, cache: 'no-cache' });
          if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
          return res;
        },
        options,
      );
    },
    // remoteEntry script: try again with backoff before giving up.
    // (The hook's declared type nests a promise; the runtime awaits whatever comes back.)
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      const recovered = withRetry(
        remoteInfo.entry,
        async () => {
          delete globalLoading[uniqueKey];
          const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (!exports) throw new Error(`${remoteInfo.entry}: no container`);
          return exports;
        },
        { ...options, retries: Math.max(0, options.retries - 1) },
      );
      return recovered as unknown as Promise<Promise<typeof remoteEntryExports>>;
    },
    // Still failing: hand back the fallback module instead of throwing.
    errorLoadRemote({ id, error }) {
      return options.fallback(id, error);
    },
  };
}
