import type { ReactNode } from 'react';
import { COPY } from '@app/shared';

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
