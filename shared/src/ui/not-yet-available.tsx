import type { RouteDef } from '@app/contracts/routes/table';
import { COPY } from '@app/contracts/copy';
import { AppLink } from './link';

/** Honest placeholder for a page whose feature has not been built yet (README feature table). */
export function NotYetAvailable({ route }: { route: RouteDef }) {
  return (
    <section className="card" aria-labelledby="page-heading" data-not-yet-available={route.id}>
      <p className="pending-badge">{COPY.notYetAvailableHeading}</p>
      <h1 id="page-heading" className="page-heading">
        {route.title}
      </h1>
      <p className="muted">{COPY.notYetAvailableBody}</p>
      <AppLink className="button button--secondary" to="/">
        {COPY.backToTop}
      </AppLink>
    </section>
  );
}
