import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COPY } from '@app/shared';
import type { Load } from '../staff/use-load';

export function Loading({ label = COPY.loading }: { label?: string }) {
  return (
    <p className="bo-skeleton" role="status">
      {label}
    </p>
  );
}

/** A boxed message: an error (announced) or a note. */
export function Notice({ tone, title, children }: { tone: 'error' | 'note'; title?: string; children: ReactNode }) {
  return (
    <div className={tone === 'error' ? 'bo-alert' : 'bo-note'} role={tone === 'error' ? 'alert' : undefined}>
      {title && <p>{title}</p>}
      {children}
    </div>
  );
}

/** The server's message next to the control that caused it (409/400/403 verbatim), announced. */
export function ServerMessage({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-live="assertive">
      {message && <p className="bo-alert">{message}</p>}
    </div>
  );
}

/** A status as a labelled badge (the colour is a hint only; the text says it). */
export function Badge({ kind, children }: { kind: string; children: ReactNode }) {
  return <span className={`bo-badge bo-badge--${kind}`}>{children}</span>;
}

/**
 * A table that may be wider than a phone: it scrolls sideways inside a region that takes focus, so
 * a keyboard can scroll it too (WCAG 2.1.1; axe scrollable-region-focusable). `labelledBy` names
 * the region (the table's caption or heading).
 */
export function ScrollTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // The focusable region is the point here: jsx-a11y does not know scroll containers.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="bo-table-wrap" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className="bo-table">{children}</table>
    </div>
  );
}

/** While a page's data loads, or when it could not: the loading line, or the server's message (announced). */
export function LoadPending({ result, loading }: { result: Exclude<Load<unknown>, { state: 'ready' }>; loading: string }) {
  if (result.state === 'loading') return <Loading label={loading} />;
  return (
    <Notice tone="error">
      <p>{result.message}</p>
    </Notice>
  );
}

/** The way back from a detail page to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p style={{ margin: 0 }}>
      <Link to={to}>{children}</Link>
    </p>
  );
}

/**
 * A detail page whose thing could not be loaded: the way back, a heading that says whether it does
 * not exist (404) or could not be shown, and the server's message (announced).
 */
export function LoadFailedPage({
  back,
  what,
  error,
}: {
  back: ReactNode;
  what: string;
  error: { status: number | null; message: string };
}) {
  return (
    <div className="bo-stack">
      {back}
      <h1>{`${what}${error.status === 404 ? 'が見つかりません' : 'を表示できません'}`}</h1>
      <p className="bo-alert" role="alert">
        {error.message}
      </p>
    </div>
  );
}

/** One way of a Pager: its label, and where it goes (null: nowhere from here, the button is disabled). */
export interface PagerStep {
  readonly label: string;
  readonly go: (() => void) | null;
}

function PagerButton({ step }: { step: PagerStep }) {
  return (
    <button type="button" className="button button--secondary" disabled={step.go === null} onClick={step.go ?? undefined}>
      {step.label}
    </button>
  );
}

/** Paging of a list: a button back and one on (each disabled at its end), `children` (where this is) between them. */
export function Pager({ previous, next, children }: { previous: PagerStep; next: PagerStep; children?: ReactNode }) {
  return (
    <nav className="bo-pager" aria-label="ページ送り">
      <PagerButton step={previous} />
      {children}
      <PagerButton step={next} />
    </nav>
  );
}

/** A table's column headers, one a label; the `numeric` ones align right (bo-num), as their figures do. */
export function TableHead({ columns, numeric = [] }: { columns: readonly string[]; numeric?: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((label) => (
          <th key={label} scope="col" className={numeric.includes(label) ? 'bo-num' : undefined}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
