import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@app/shared';
import type { Entry } from '@app/shared/contracts';
import { entryLifeApi } from './entry-life-api';

export type EntryResource =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly entry: Entry }
  /** 404: unknown, or another applicant's entry (the API does not tell them apart). */
  | { readonly status: 'notFound' }
  | { readonly status: 'failed'; readonly httpStatus: number; readonly message: string };

const FALLBACK_MESSAGE = 'お申し込みを読み込めませんでした。時間をおいて、もう一度お試しください。';

/** The applicant's entry of the page's `:entryId`, loaded once per id; `reload` asks again. */
export function useEntry(id: string): {
  readonly resource: EntryResource;
  readonly reload: () => void;
  readonly replace: (entry: Entry) => void;
} {
  const [resource, setResource] = useState<EntryResource>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setResource({ status: 'loading' });
    entryLifeApi.get(id).then(
      (entry) => {
        if (live) setResource({ status: 'ready', entry });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) setResource({ status: 'notFound' });
        else if (error instanceof ApiError) setResource({ status: 'failed', httpStatus: error.status, message: error.message });
        else setResource({ status: 'failed', httpStatus: 0, message: FALLBACK_MESSAGE });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((entry: Entry) => setResource({ status: 'ready', entry }), []);
  return { resource, reload, replace };
}
