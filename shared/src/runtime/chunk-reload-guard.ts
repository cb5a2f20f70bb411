import { CHUNK_RELOAD_GUARD_MS } from '../constants';

/**
 * Spec §8: a chunk that fails to load reloads the page at most once per path within 10 s. The
 * last reload time per path is kept in sessionStorage so it survives the reload itself.
 */
const KEY_PREFIX = 'chunk-reload:';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message) ||
    /Failed to fetch dynamically imported module/i.test(error.message)
  );
}

/** Decides and records: true = reload now; false = we already reloaded for this path recently. */
export function shouldReloadForChunkError(pathname: string, now: number, storage: KeyValueStorage): boolean {
  const key = KEY_PREFIX + pathname;
  const last = Number(storage.getItem(key) ?? NaN);
  if (Number.isFinite(last) && now - last >= 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

/**
 * Called by error boundaries and the shell's global handlers. Returns 'reloading' when it started a
 * reload, 'gave-up' when the page should show the error instead.
 */
export function handleChunkLoadError(
  win: Pick<Window, 'location' | 'sessionStorage'> = window,
  now: number = Date.now(),
): 'reloading' | 'gave-up' {
  let storage: KeyValueStorage;
  try {
    storage = win.sessionStorage;
  } catch {
    return 'gave-up';
  }
  if (!shouldReloadForChunkError(win.location.pathname, now, storage)) return 'gave-up';
  win.location.reload();
  return 'reloading';
}
