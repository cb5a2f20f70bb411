import type { ReactNode } from 'react';

/**
 * A section of the landing page: `#{id}` (a link target, e.g. /#fees), its eyebrow, its heading
 * (which names it) and lead, then the content. `surface` gives the alternating background.
 */
export function HomeSection({
  id,
  eyebrow,
  title,
  lead,
  surface = false,
  children,
}: {
  readonly id: string;
  readonly eyebrow: string;
  readonly title: string;
  readonly lead?: ReactNode;
  readonly surface?: boolean;
  readonly children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={surface ? 'mk-section mk-section--surface' : 'mk-section'} aria-labelledby={headingId}>
      <div className="mk-container">
        <div className="mk-section__head">
          <span className="mk-eyebrow">{eyebrow}</span>
          <h2 id={headingId} className="mk-section__title">
            {title}
          </h2>
          {lead && <p>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
