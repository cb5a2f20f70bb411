import { ofetch } from 'ofetch';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '../constants';

/** Reads one cookie by name from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The base API client: same-origin `/api`, credentials included, and `X-CSRFToken` echoed from the
 * `csrftoken` cookie on every call (spec §7). The full error catalogue (spec §8) comes with the
 * accounts issue.
 */
export function createApiClient(getCookies: () => string = () => (typeof document === 'undefined' ? '' : document.cookie)) {
  return ofetch.create({
    credentials: 'include',
    onRequest({ options }) {
      const token = readCookie(getCookies(), CSRF_COOKIE_NAME);
      const headers = new Headers(options.headers);
      if (token) headers.set(CSRF_HEADER_NAME, token);
      options.headers = headers;
    },
  });
}

export const apiClient = createApiClient();
