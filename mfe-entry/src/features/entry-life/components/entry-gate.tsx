import { useEffect, type ReactNode } from 'react';
import { COPY, ErrorPage, NOT_FOUND_ROUTE, documentTitle, type PageProps } from '@app/shared';
import type { Entry } from '@app/contracts';
import { useEntry, type EntryResource } from '../api/use-entry';
import { useEntryLifeStyles } from '../styles';

/**
 * The frame of an entry's page: its heading at once (focus lands on it and it never moves), a
 * placeholder as tall as the content while the entry loads (no layout shift), the 404 page for an
 * unknown or another applicant's entry, and a plain message with a retry for other failures.
 */
export function EntryGate({
  title,
  resource,
  onRetry,
  children,
}: {
  readonly title: string;
  readonly resource: EntryResource;
  readonly onRetry: () => void;
  readonly children: (entry: Entry) => ReactNode;
}) {
  useEntryLifeStyles();
  const notFound = resource.status === 'notFound';
  useEffect(() => {
    // The tab's title says what the page says (the route's own title was set before the API answered).
    if (notFound) document.title = documentTitle(NOT_FOUND_ROUTE);
  }, [notFound]);
  if (resource.status === 'notFound') return <ErrorPage status={404} />;
  if (resource.status === 'failed' && resource.httpStatus >= 400 && resource.httpStatus <= 403) {
    return <ErrorPage status={resource.httpStatus} />;
  }
  return (
    <div className="el-page">
      <h1 className="page-heading el-page__heading">{title}</h1>
      {resource.status === 'loading' && (
        <div className="el-loading" aria-busy="true">
          <p className="visually-hidden" role="status">
            {COPY.loading}
          </p>
          <div className="el-skeleton" aria-hidden="true" />
          <div className="el-skeleton el-skeleton--tall" aria-hidden="true" />
        </div>
      )}
      {resource.status === 'failed' && (
        <div className="el-section" role="alert">
          <p>{resource.message}</p>
          <div className="el-actions">
            <button type="button" className="button button--secondary" onClick={onRetry}>
              {COPY.errors.reload}
            </button>
          </div>
        </div>
      )}
      {resource.status === 'ready' && children(resource.entry)}
    </div>
  );
}

/**
 * An entry's page: the entry of the route's `:entryId` (`useEntry`) inside its gate; `children`
 * gets the entry and `replace`, which shows the entry an action answered with.
 */
export function EntryPage({
  params,
  title,
  children,
}: {
  readonly params: PageProps['params'];
  readonly title: string;
  readonly children: (entry: Entry, replace: (entry: Entry) => void) => ReactNode;
}) {
  const { resource, reload, replace } = useEntry(params.entryId ?? '');
  return (
    <EntryGate title={title} resource={resource} onRetry={reload}>
      {(entry) => children(entry, replace)}
    </EntryGate>
  );
}
