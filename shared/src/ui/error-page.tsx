import { COPY } from '@app/contracts/copy';
import { isLoggedIn, useAuth } from '../auth-store';
import { AppLink } from './link';

export interface ErrorPageProps {
  readonly status: number;
  /** A more specific explanation shown under the heading. */
  readonly detail?: string;
}

interface ErrorText {
  readonly heading: string;
  readonly body: string;
  readonly showCode: boolean;
  readonly loginAgain: boolean;
}

/**
 * Spec §2: 404 / 5xx with its code / 400–403 session expired / anything else generic. 599 is the
 * spec §8 page for a 6th claim: shown with its code, but worded as the limit it is.
 */
export function errorTextFor(status: number): ErrorText {
  if (status === 599) return { heading: COPY.errors.limit, body: COPY.errors.limitBody, showCode: true, loginAgain: false };
  if (status === 404) return { heading: COPY.errors.notFound, body: COPY.errors.notFoundBody, showCode: false, loginAgain: false };
  if (status >= 500 && status <= 599)
    return { heading: COPY.errors.server, body: COPY.errors.serverBody, showCode: true, loginAgain: false };
  if (status >= 400 && status <= 403)
    return { heading: COPY.errors.sessionExpired, body: COPY.errors.sessionExpiredBody, showCode: false, loginAgain: true };
  return { heading: COPY.errors.generic, body: COPY.errors.genericBody, showCode: false, loginAgain: false };
}

export function ErrorPage({ status, detail }: ErrorPageProps) {
  const loggedIn = useAuth(isLoggedIn);
  const text = errorTextFor(status);
  return (
    <section className="card status-page" aria-labelledby="error-heading" data-error-status={status}>
      {text.showCode && <p className="status-page__code">{COPY.errors.statusLabel(status)}</p>}
      <h1 id="error-heading" className="page-heading">
        {text.heading}
      </h1>
      <p className="muted">{detail ?? text.body}</p>
      <div className="status-page__actions">
        {text.loginAgain && (
          <AppLink className="button button--primary" to="/login">
            {COPY.errors.loginAgain}
          </AppLink>
        )}
        <AppLink className={text.loginAgain ? 'button button--secondary' : 'button button--primary'} to={loggedIn ? '/mypage' : '/'}>
          {loggedIn ? COPY.backToMypage : COPY.backToTop}
        </AppLink>
      </div>
    </section>
  );
}
