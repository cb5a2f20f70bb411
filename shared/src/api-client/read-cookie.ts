import { CSRF_HEADER_NAME } from '../constants';
import { CSRF_COOKIE_NAME, HOST_CSRF_COOKIE_NAME } from '@app/contracts/domain/constants';

/** Reads one cookie by name from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The csrf token the API handed out: `__Host-csrftoken` on an https site (the API names it so when
 * PUBLIC_URL is https), else `csrftoken` (spec §7). Sent back in the X-CSRFToken header either way.
 */
export function readCsrfToken(cookieString: string): string | null {
  return readCookie(cookieString, HOST_CSRF_COOKIE_NAME) ?? readCookie(cookieString, CSRF_COOKIE_NAME);
}

/**
 * The header every request of the site's pages sends (spec §7): `X-CSRFToken` with the csrf
 * cookie's token, none while there is no cookie yet. The one place the header is written: the API
 * client (its JSON calls and its uploads), the start-up `/api/me/` request, the draft's last save
 * on leaving and the back office's file view all take it from here (a test keeps it so).
 */
export function csrfHeaders(cookieString: string): Record<string, string> {
  const token = readCsrfToken(cookieString);
  return token ? { [CSRF_HEADER_NAME]: token } : {};
}
