import type { ReactNode } from 'react';
import { AppLink } from '@app/shared';

/** A finished step of the account flows: what happened, then the way on to the login page. */
export function LoginNextCard({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="card status-page" aria-labelledby={id}>
      <h1 id={id} className="page-heading">
        {heading}
      </h1>
      <p className="muted">{children}</p>
      <div className="status-page__actions">
        <AppLink className="button button--primary" to="/login">
          ログインする
        </AppLink>
      </div>
    </section>
  );
}
