import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { recordInstance } from '../runtime/instances';

/**
 * Live status (issue 22), the part every page shares: the **data generation**. A page's loaders
 * depend on it (`useDataGeneration()` in their effect's dependencies) and read their data again,
 * through the API client as usual, whenever it moves: when the tab becomes visible again, at a
 * navigation once what the tab holds is older than STALE_AFTER_MS, and when the live-status stream
 * says something of this applicant changed (live.ts). The same moments re-read `POST /api/me/`.
 */

/** What a change notice of the stream says (the contract's `ChangeNotice`, without loading zod here). */
export interface LiveNotice {
  readonly kind: 'identity' | 'entry';
  readonly id: number;
}

export interface RevalidationState {
  /** Moves by one at every re-read; loaders depend on it. */
  readonly generation: number;
  /** Why it last moved (the notice, when the stream said so). */
  readonly cause: 'visible' | 'navigation' | 'notice' | 'reconnect' | null;
  readonly notice: LiveNotice | null;
}

export const revalidationStore = createStore<RevalidationState>()(() => ({ generation: 0, cause: null, notice: null }));
recordInstance('@app/shared/revalidation-store', revalidationStore);

/** The generation to put in a loader's dependencies: the loader runs again when it moves. */
export function useDataGeneration(): number {
  return useStore(revalidationStore, (s) => s.generation);
}

/** Asks every page's loaders to read their data again. */
export function bumpDataGeneration(cause: NonNullable<RevalidationState['cause']>, notice: LiveNotice | null = null): void {
  revalidationStore.setState((s) => ({ generation: s.generation + 1, cause, notice }));
}

/** How old the tab's copy may be before a navigation reads it again (issue 22: 30 s). */
export const STALE_AFTER_MS = 30_000;

/**
 * The staleness rule: a copy read at `readAt` (ms) is stale at `now` once STALE_AFTER_MS have
 * passed; a copy never read is stale. A clock that went backwards (the system clock was set back)
 * counts as stale too, rather than fresh for ever.
 */
export function isStale(readAt: number | null, now: number, maxAgeMs: number = STALE_AFTER_MS): boolean {
  if (readAt === null) return true;
  const age = now - readAt;
  return age < 0 || age >= maxAgeMs;
}

export interface RevalidatorDeps {
  /** The clock (ms); tests inject their own. */
  readonly now: () => number;
  /** Reads the current user again (refreshAuth, quietly); resolves true when the API answered. */
  readonly refreshMe: () => Promise<boolean>;
  /** Moves the data generation (default: bumpDataGeneration). */
  readonly bump?: typeof bumpDataGeneration;
}

export interface Revalidator {
  /** The tab became visible again: read again, whatever the copy's age. */
  readonly visible: () => Promise<boolean>;
  /** A navigation: read again when the copy is stale. */
  readonly navigated: () => Promise<boolean>;
  /** The stream said something changed. */
  readonly notice: (notice: LiveNotice) => Promise<boolean>;
  /** The stream (re)opened after a gap: notices may have been missed. */
  readonly reconnected: () => Promise<boolean>;
  /** The copy was read now (the shell's first `POST /api/me/`, a page's own refreshAuth). */
  readonly markRead: () => void;
  /** When the copy was last read (ms), null before the first read. */
  readonly readAt: () => number | null;
}

/**
 * When to read again. Each trigger re-reads the user and moves the generation (the page's own data);
 * a navigation does so only when the copy is stale. Resolves whether it re-read and the API answered
 * (false also when it did not need to).
 */
export function createRevalidator(deps: RevalidatorDeps): Revalidator {
  const bump = deps.bump ?? bumpDataGeneration;
  let readAt: number | null = null;
  const read = async (cause: NonNullable<RevalidationState['cause']>, notice: LiveNotice | null = null): Promise<boolean> => {
    readAt = deps.now();
    bump(cause, notice);
    return deps.refreshMe();
  };
  return {
    visible: () => read('visible'),
    navigated: () => (isStale(readAt, deps.now()) ? read('navigation') : Promise.resolve(false)),
    notice: (notice) => read('notice', notice),
    reconnected: () => read('reconnect'),
    markRead: () => {
      readAt = deps.now();
    },
    readAt: () => readAt,
  };
}

const noticeListeners = new Set<(notice: LiveNotice) => void>();

/**
 * The stream's notices, for a page that wants more than the generation (e.g. to say 「状況が更新されました」).
 * One stream per tab, shared by every remote through this singleton; returns the unsubscribe function.
 */
export function subscribeLiveNotices(listener: (notice: LiveNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => {
    noticeListeners.delete(listener);
  };
}

/** Hands a notice of the stream to the listeners (live.ts). */
export function emitLiveNotice(notice: LiveNotice): void {
  for (const listener of [...noticeListeners]) listener(notice);
}
