import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, useDataGeneration } from '@app/shared';

/** One section's data: loading, loaded, or failed with a message to show quietly. */
export type Resource<T> =
  { readonly status: 'loading' } | { readonly status: 'ready'; readonly data: T } | { readonly status: 'failed'; readonly message: string };

export interface ResourceHandle<T> {
  readonly resource: Resource<T>;
  /** Loads again (after a failure). */
  readonly reload: () => void;
  /** Replaces the data with what a later call answered (an upload, an activation). */
  readonly set: (data: T) => void;
}

const LOADING = { status: 'loading' } as const;
const FALLBACK_MESSAGE = '読み込めませんでした。時間をおいて、もう一度お試しください。';

/**
 * Loads one section's data when the page opens, and again when the data generation moves (live
 * status: the tab shown again, a stale navigation, a notice of the stream) without showing the
 * loading state, and keeping what is shown when such a quiet re-read fails. Each section has its
 * own, so one failing API call leaves the others working. `load` must be stable (a module function
 * or a useCallback).
 */
export function useResource<T>(load: () => Promise<T>): ResourceHandle<T> {
  // The answer is kept with the loader that produced it: a new loader reads as loading at once,
  // never as the previous loader's data.
  const [state, setState] = useState<{ readonly load: () => Promise<T>; readonly resource: Resource<T> }>({ load, resource: LOADING });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const generation = useDataGeneration();
  useEffect(() => {
    const call = ++latest.current;
    const settle = (resource: Resource<T>) => {
      if (call !== latest.current) return;
      // A quiet re-read that failed leaves the data shown (an explicit reload shows loading first).
      setState((shown) =>
        resource.status === 'failed' && shown.load === load && shown.resource.status === 'ready' ? shown : { load, resource },
      );
    };
    load()
      .then((data) => settle({ status: 'ready', data }))
      .catch((error: unknown) => settle({ status: 'failed', message: error instanceof ApiError ? error.message : FALLBACK_MESSAGE }));
    return () => {
      // A newer call (or the page closing) makes this answer stale.
      latest.current += 1;
    };
  }, [load, attempt, generation]);
  const reload = useCallback(() => {
    setState({ load, resource: LOADING });
    setAttempt((n) => n + 1);
  }, [load]);
  const set = useCallback((data: T) => setState({ load, resource: { status: 'ready', data } }), [load]);
  return { resource: state.load === load ? state.resource : LOADING, reload, set };
}
