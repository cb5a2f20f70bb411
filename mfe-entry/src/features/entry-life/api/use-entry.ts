import { useCallback, useEffect, useState } from 'react';
import { ApiError, useDataGeneration } from '@app/shared';
import type { Entry } from '@app/contracts';
import { entryLifeApi } from './entry-life-api';

export type EntryResource =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly entry: Entry }
  /** 404: unknown, or another applicant's entry (the API does not tell them apart). */
  | { readonly status: 'notFound' }
  | { readonly status: 'failed'; readonly httpStatus: number; readonly message: string };

const FALLBACK_MESSAGE = 'お申し込みを読み込めませんでした。時間をおいて、もう一度お試しください。';

/**
 * The applicant's entry of the page's `:entryId`, loaded once per id; `reload` asks again. Read
 * again, quietly, when the data generation moves (live status: the tab shown again, a stale
 * navigation, a staff decision announced by the stream): the entry shown stays until the new one
 * arrives, and stays when that re-read fails.
 */
export function useEntry(id: string): {
  readonly resource: EntryResource;
  readonly reload: () => void;
  readonly replace: (entry: Entry) => void;
} {
  const [resource, setResource] = useState<EntryResource>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const generation = useDataGeneration();
  useEffect(() => {
    let live = true;
    const shownHere = (shown: EntryResource) => shown.status === 'ready' && String(shown.entry.id) === id;
    setResource((shown) => (shownHere(shown) ? shown : { status: 'loading' }));
    entryLifeApi.get(id).then(
      (entry) => {
        if (live) setResource({ status: 'ready', entry });
      },
      (error: unknown) => {
        if (!live) return;
        let failed: EntryResource;
        if (error instanceof ApiError && error.status === 404) failed = { status: 'notFound' };
        else if (error instanceof ApiError) failed = { status: 'failed', httpStatus: error.status, message: error.message };
        else failed = { status: 'failed', httpStatus: 0, message: FALLBACK_MESSAGE };
        setResource((shown) => (shownHere(shown) && failed.status === 'failed' ? shown : failed));
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt, generation]);
  const reload = useCallback(() => {
    setResource({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback((entry: Entry) => setResource({ status: 'ready', entry }), []);
  return { resource, reload, replace };
}
