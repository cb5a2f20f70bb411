import { API_TIMEOUT_MS, MIN_CLIENT_BUILD_HEADER } from '../constants';
import { csrfHeaders } from '../api-client/read-cookie';
import type { RawAnswer } from '../api-client/raw-answer';
import { checkMinClientBuild } from '../runtime/min-client-build';

/** `POST /api/me/` (the catalogue's `sessionEndpoints.me.get`; a test keeps the two the same). */
export const ME_REQUEST = { method: 'POST', path: '/api/me/' } as const;

/**
 * `GET /api/system_settings/supress_entries/` (the catalogue's `sessionEndpoints.systemSettings.suppressEntries`;
 * a test keeps the two the same): on a page that needs a logged-in user it goes out with the
 * current-user request rather than after it (refreshAuth's `settingsAtOnce`).
 */
export const SUPPRESS_ENTRIES_REQUEST = { method: 'GET', path: '/api/system_settings/supress_entries/' } as const;

/** One of the start-up requests above, sent without the client. */
type StartUpRequest = typeof ME_REQUEST | typeof SUPPRESS_ENTRIES_REQUEST;

/**
 * The current-user request as the API client sends it (credentials, `X-CSRFToken` from the cookie,
 * `Accept: application/json`, the 30 s limit, the minimum-client-build check of the answer), made
 * without the client: a visitor's page needs neither ofetch nor the contracts (zod) to learn that
 * no one is logged in. What the answer means is the client's to say (`readAnswer`), except for the
 * visitor's `{}` (`isVisitorAnswer`).
 */
export function requestMe(timeoutMs: number = API_TIMEOUT_MS): Promise<RawAnswer> {
  return requestRaw(ME_REQUEST, timeoutMs);
}

/** The settings request, made as requestMe makes its own (what the answer means is the client's to say). */
export function requestSuppressEntries(timeoutMs: number = API_TIMEOUT_MS): Promise<RawAnswer> {
  return requestRaw(SUPPRESS_ENTRIES_REQUEST, timeoutMs);
}

async function requestRaw(request: StartUpRequest, timeoutMs: number): Promise<RawAnswer> {
  const headers = new Headers({ Accept: 'application/json', ...csrfHeaders(typeof document === 'undefined' ? '' : document.cookie) });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The API did not answer in time.', 'TimeoutError')), timeoutMs);
  try {
    const response = await fetch(request.path, {
      method: request.method,
      credentials: 'include',
      headers,
      signal: controller.signal,
    });
    if (typeof window !== 'undefined') checkMinClientBuild(response.headers.get(MIN_CLIENT_BUILD_HEADER));
    const text = await response.text();
    return { ok: response.ok, status: response.status, data: bodyOf(text, response.headers.get('content-type')) };
  } catch (error) {
    return { ok: false, status: null, data: undefined, error };
  } finally {
    clearTimeout(timer);
  }
}

/** The body as the client reads it: JSON parsed (text that is not JSON stays text), nothing when empty. */
function bodyOf(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (!contentType || /json/i.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A visitor's answer: a successful `{}` (no id, no version). The contract's `VisitorMeSchema` (a
 * strict empty object) accepts exactly this, so reading it without the schema changes nothing.
 */
export function isVisitorAnswer(answer: RawAnswer): boolean {
  const { data } = answer;
  return (
    answer.ok &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    Object.getPrototypeOf(data) === Object.prototype &&
    Object.keys(data).length === 0
  );
}
