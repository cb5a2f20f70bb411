import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '../constants';
import { CsrfError, STALE_CREDENTIALS_MESSAGE, toApiError } from './errors';

export * from './errors';

/** Reads one cookie by name from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export interface ApiClientEnvironment {
  readonly getCookies: () => string;
  /** Spec §8: stale credentials → an alert, then /login/. */
  readonly onStaleCredentials: (message: string) => void;
}

/**
 * Stale credentials in the browser: say so, end the server session (a fresh token first, from
 * `POST /api/me/`, so the logout itself passes the CSRF check), then go to /login/ to log in again.
 */
async function staleCredentialsInBrowser(message: string): Promise<void> {
  window.alert(message);
  const post = (path: string) => {
    const token = readCookie(document.cookie, CSRF_COOKIE_NAME);
    return fetch(path, { method: 'POST', credentials: 'include', headers: token ? { [CSRF_HEADER_NAME]: token } : {} });
  };
  try {
    await post('/api/me/');
    await post('/api/auth/session/delete');
  } catch {
    // Going to the login page is what matters.
  }
  window.location.assign('/login/');
}

const browserEnvironment: ApiClientEnvironment = {
  getCookies: () => (typeof document === 'undefined' ? '' : document.cookie),
  onStaleCredentials: (message) => void staleCredentialsInBrowser(message),
};

export type ApiClient = <T = unknown>(path: string, options?: FetchOptions<'json'>) => Promise<T>;

/**
 * The API client: same-origin `/api`, credentials included, `X-CSRFToken` echoed from the
 * `csrftoken` cookie on every call (spec §7), failures mapped to the error catalogue (spec §8).
 */
export function createApiClient(env: Partial<ApiClientEnvironment> = {}): ApiClient {
  const { getCookies, onStaleCredentials } = { ...browserEnvironment, ...env };
  const raw = ofetch.create({
    credentials: 'include',
    retry: 0,
    onRequest({ options }) {
      const token = readCookie(getCookies(), CSRF_COOKIE_NAME);
      const headers = new Headers(options.headers);
      if (token) headers.set(CSRF_HEADER_NAME, token);
      headers.set('Accept', 'application/json');
      options.headers = headers;
    },
  });
  return async function api<T>(path: string, options?: FetchOptions<'json'>): Promise<T> {
    try {
      return (await raw<T>(path, options)) as T;
    } catch (error) {
      const status = error instanceof FetchError && error.response ? error.response.status : null;
      const body = error instanceof FetchError ? error.data : undefined;
      const mapped = toApiError(path, status, body, error);
      if (mapped instanceof CsrfError) onStaleCredentials(STALE_CREDENTIALS_MESSAGE);
      throw mapped;
    }
  };
}

export const apiClient: ApiClient = createApiClient();
