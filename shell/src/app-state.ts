/**
 * What the shell is doing, published on the document element so that browser tests (and anyone
 * looking at a page in the developer tools) wait on what the application says it is doing, never
 * on time (issue 24):
 *
 * - `data-app`: what has happened, as tokens — `started` (the current user was read and single-spa
 *   started), `mounted` (the first page mounted), `idle` (the first page's idle-time work ran: the
 *   prefetch of the remotes it links to has settled), `build` (the first read of
 *   builds/latest.json has answered: the hourly check runs from here), `warm` (an engaged
 *   visitor's warm-up of the header's pages has settled). `[data-app~="idle"]` in a selector.
 * - `data-app-pending`: background loads (prefetches, warm-ups) in flight; `0` when none.
 * - `data-app-mounted`: the single-spa applications mounted now, space-separated
 *   (`mfe_entry`, the container names): `[data-app-mounted~="mfe_entry"]`.
 *
 * Attributes only: nothing reads them back, and a page without the shell (a remote's standalone
 * dev server) simply has none.
 */
export interface AppState {
  /** Records that `token` has happened (once; later calls change nothing). */
  readonly mark: (token: AppStateToken) => void;
  /** Counts `work` in `data-app-pending` until it settles; returns it. */
  readonly track: <T>(work: Promise<T>) => Promise<T>;
  /** The applications mounted now. */
  readonly setMounted: (names: readonly string[]) => void;
}

export type AppStateToken = 'started' | 'mounted' | 'idle' | 'build' | 'warm';

export const APP_STATE_ATTR = 'data-app';
export const APP_PENDING_ATTR = 'data-app-pending';
export const APP_MOUNTED_ATTR = 'data-app-mounted';

export function createAppState(root: HTMLElement): AppState {
  const tokens: AppStateToken[] = [];
  let pending = 0;
  root.setAttribute(APP_PENDING_ATTR, '0');
  const writePending = () => root.setAttribute(APP_PENDING_ATTR, String(pending));
  return {
    mark(token) {
      if (tokens.includes(token)) return;
      tokens.push(token);
      root.setAttribute(APP_STATE_ATTR, tokens.join(' '));
    },
    track(work) {
      pending += 1;
      writePending();
      const done = () => {
        pending -= 1;
        writePending();
      };
      work.then(done, done);
      return work;
    },
    setMounted(names) {
      root.setAttribute(APP_MOUNTED_ATTR, [...names].sort().join(' '));
    },
  };
}
