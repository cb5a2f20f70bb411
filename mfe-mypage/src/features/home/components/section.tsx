import type { ReactNode } from 'react';

/** A section of the home: a card with its heading, busy while its data loads. */
export function Section({
  id,
  title,
  busy = false,
  children,
  className,
}: {
  readonly id: string;
  readonly title: string;
  readonly busy?: boolean;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <section className={`mp-card${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-heading`} aria-busy={busy || undefined}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** Placeholder boxes the size of what will replace them; one hidden line says what is loading. */
export function Skeleton({
  label,
  kind,
  count = 1,
}: {
  readonly label: string;
  readonly kind: 'step' | 'row' | 'line' | 'upload';
  readonly count?: number;
}) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}を読み込んでいます…</span>
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          aria-hidden="true"
          className={`mp-skeleton mp-skeleton--${kind}${kind === 'line' && i === count - 1 ? ' mp-skeleton--short' : ''}`}
        />
      ))}
    </div>
  );
}

/** A section that could not load: a quiet line and a way to try again; the rest of the page works. */
export function QuietError({ what, onRetry }: { readonly what: string; readonly onRetry: () => void }) {
  return (
    <p className="mp-error">
      {what}を読み込めませんでした。
      <button type="button" className="mp-retry" onClick={onRetry}>
        もう一度読み込む
      </button>
    </p>
  );
}
