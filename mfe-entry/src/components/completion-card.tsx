import type { ReactNode } from 'react';
import { Phrases } from '@app/shared';

/**
 * The page after a step is done (received, cancelled, signed): a card with the check mark, the
 * heading in unbreakable phrases (named `{id}`) and what happens next. `block` is the page's own
 * styles (`{block}__mark`, `--muted` for a cancellation).
 */
export function CompletionCard({
  id,
  block,
  heading,
  muted = false,
  children,
}: {
  readonly id: string;
  readonly block: string;
  readonly heading: readonly string[];
  readonly muted?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <section className={`card ${block}`} aria-labelledby={id}>
      <span className={muted ? `${block}__mark ${block}__mark--muted` : `${block}__mark`} aria-hidden="true">
        ✓
      </span>
      <h1 id={id} className="page-heading">
        <Phrases parts={heading} />
      </h1>
      {children}
    </section>
  );
}
