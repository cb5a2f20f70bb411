import { useCallback, useEffect, useRef, useState } from 'react';
import { endSessionIfStaffLoggedOut } from './session';

export type Load<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly message: string; readonly status: number | null }
  | { readonly state: 'ready'; readonly data: T };

/**
 * Loads something from a staff endpoint whenever `key` changes (the newest answer wins); a staff
 * session that ended sends the person to the login (see endSessionIfStaffLoggedOut).
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): [Load<T>, (data: T) => void, () => void] {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const controller = new AbortController();
    setResult({ state: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ state: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || endSessionIfStaffLoggedOut(error)) return;
        const status =
          typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : null;
        setResult({ state: 'error', message: error instanceof Error ? error.message : String(error), status });
      },
    );
    return () => controller.abort();
  }, [key, generation]);
  const replace = useCallback((data: T) => setResult({ state: 'ready', data }), []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return [result, replace, reload];
}
