import { useEffect, useSyncExternalStore } from 'react';
import { endpoints } from '@app/contracts';
import { staffApi } from './api';

/**
 * Work waiting, on every back-office page (issue 25: "the tab title and navigation show the open
 * counts"): entries 審査中 (the queue's first tab) and identities 確認中 (the identity queue). Read
 * when a page opens, when the tab comes back into view and each minute while it is in view; a page
 * that reads the queue itself publishes what it read, so the numbers never disagree on one screen.
 */
export interface OpenCounts {
  /** Entries waiting for review (審査中); null: not read yet (or the read failed). */
  readonly entries: number | null;
  /** Identities waiting for review (確認中). */
  readonly identities: number | null;
}

/** How often a visible back office reads the counts again. */
export const OPEN_COUNTS_REFRESH_MS = 60_000;

let counts: OpenCounts = { entries: null, identities: null };
const listeners = new Set<() => void>();
const set = (next: Partial<OpenCounts>) => {
  const merged = { ...counts, ...next };
  if (merged.entries === counts.entries && merged.identities === counts.identities) return;
  counts = merged;
  for (const listener of listeners) listener();
};

/** What the queue page read (its tab counts): the navigation shows the same number. */
export const publishOpenEntries = (entries: number): void => set({ entries });

/** Reads both counts (one row each: the answers carry the totals). A failed read keeps what was shown. */
export async function refreshOpenCounts(): Promise<void> {
  const [queue, identity] = await Promise.allSettled([
    staffApi(endpoints.staff.entries.list, { query: { status: 'under_review', limit: '1' } }),
    staffApi(endpoints.staff.identityQueue.list, { query: { limit: '1' } }),
  ]);
  set({
    ...(queue.status === 'fulfilled' ? { entries: queue.value.counts.under_review } : {}),
    ...(identity.status === 'fulfilled' ? { identities: identity.value.count } : {}),
  });
}

/** For tests: back to "not read". */
export const resetOpenCounts = (): void => set({ entries: null, identities: null });

/** The counts, kept fresh while a staff member has the back office in view (read again on each page). */
export function useOpenCounts(active: boolean, page: string): OpenCounts {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => counts,
  );
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void refreshOpenCounts();
    };
    refresh();
    const timer = window.setInterval(refresh, OPEN_COUNTS_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [active, page]);
  return current;
}

/** 「(3) 審査キュー｜…」: the tab title leads with the entries waiting, when there are any. */
export const withOpenCount = (title: string, entries: number | null): string =>
  entries !== null && entries > 0 ? `(${entries}) ${title}` : title;
