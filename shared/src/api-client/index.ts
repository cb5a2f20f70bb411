import { FetchError, ofetch } from 'ofetch';
import { safeParse } from 'zod/mini';
import { API_TIMEOUT_MS, MIN_CLIENT_BUILD_HEADER } from '../constants';
import { reportFieldError } from '../runtime/field-error';
import {
  pathOf,
  type AnyEndpoint,
  type CallArgs,
  type CallOptions,
  type MultipartCallOptions,
  type ResponseOf,
} from '@app/contracts/api/endpoint';
import { sessionEndpoints as endpoints } from '@app/contracts/api/endpoints-session';
import { IDEMPOTENCY_KEY_HEADER } from '@app/contracts/api/headers';
import { responseProblems } from './contract-problems';
import { ContractError, CsrfError, NetworkError, STALE_CREDENTIALS_MESSAGE, toApiError } from './errors';
import type * as Multipart from './multipart';
import { csrfHeaders } from './read-cookie';
import type { RawAnswer } from './raw-answer';

export * from './errors';
export { contractProblems, responseProblems } from './contract-problems';
export { csrfHeaders, readCookie, readCsrfToken } from './read-cookie';
export type { RawAnswer } from './raw-answer';

export interface ApiEnvironment {
  readonly getCookies: () => string;
  /** Spec §8: stale credentials → an alert, then /login/. */
  readonly onStaleCredentials: (message: string) => void;
  /** A response that does not match its contract (monitoring hook; the console by default). */
  readonly onContractError: (error: ContractError) => void;
  /** Origin for callers outside a page (Node tests, scripts); a page calls its own origin. */
  readonly baseUrl?: string;
  /**
   * A call without an answer after this long is given up: the §8 network error (499), which the
   * page offers to retry. An upload in a page is given up after this long without progress (a big
   * file on a slow line takes its time, so it is not a limit on the whole upload).
   */
  readonly timeoutMs?: number;
  /**
   * Each answer's `X-Min-Client-Build` header (or null), in a page: the core's check, which reloads
   * a page older than the release needs. The full entry (`@app/shared`, ../index.ts) and the auth
   * store's client pass the core's; nothing by default (Node tests, scripts). Passed in rather than
   * imported, so the client does not depend on the core (which loads it).
   */
  readonly onMinClientBuild?: (header: string | null) => unknown;
}

/** The caller's signal (if any), also aborted after `ms`; `cleanups` stop the timer and the listener. */
function withTimeout(signal: AbortSignal | undefined, ms: number, cleanups: (() => void)[]): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The API did not answer in time.', 'TimeoutError')), ms);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  signal?.addEventListener('abort', forward, { once: true });
  cleanups.push(() => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  });
  return controller.signal;
}

/** The upload path (./multipart), loaded on first use: pages without an upload do not download it. */
let multipart: typeof Multipart | undefined;

/**
 * Loads the client's upload path ahead of the first upload (an upload field does when it appears),
 * so that the upload starts at once; an upload before it has loaded loads it first.
 */
export async function preloadUploads(): Promise<void> {
  multipart ??= await import('./multipart');
}

/**
 * Stale credentials in the browser: say so, end the server session (a fresh token first, from
 * `POST /api/me/`, so the logout itself passes the CSRF check), then go to /login/ to log in again.
 * Plain fetch, not the client: a failure here must not start the same handling again.
 */
async function staleCredentialsInBrowser(message: string): Promise<void> {
  window.alert(message);
  const post = (path: string) => {
    return fetch(path, { method: 'POST', credentials: 'include', headers: csrfHeaders(document.cookie) });
  };
  try {
    await post(pathOf(endpoints.me.get));
    await post(pathOf(endpoints.auth.logout));
  } catch {
    // Going to the login page is what matters.
  }
  window.location.assign('/login/');
}

const browserEnvironment: ApiEnvironment = {
  getCookies: () => (typeof document === 'undefined' ? '' : document.cookie),
  onStaleCredentials: (message) => void staleCredentialsInBrowser(message),
  onContractError: (error) => {
    console.error(`[api contract] ${error.detail}`);
    // Field telemetry (the shell's collector), tagged with the page's remote.
    reportFieldError('contract', error);
  },
};

/**
 * Calls one endpoint of the catalogue: `api(endpoints.me.get)`, `api(endpoints.profile.patch, { body })`.
 * Its params, query and body are typed from the endpoint, and so is the answer — parsed with the
 * endpoint's schema, so what a page gets is what the contract says or a ContractError. A multipart
 * endpoint (an upload) takes `{ fields, file, onProgress?, signal? }`: see `createApi`.
 */
export type Api = <E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>) => Promise<ResponseOf<E>>;

/**
 * The API client: same-origin `/api`, credentials included, `X-CSRFToken` echoed from the
 * `csrftoken` cookie on every call (spec §7), failures mapped to the error catalogue (spec §8),
 * answers parsed with the catalogue's schemas.
 *
 * Uploads are calls of the same client: a multipart endpoint's body is built from its contract (the
 * text fields, then the file as the part the endpoint names) and, in a page, sent through
 * XMLHttpRequest — the only browser API that reports upload progress — with the same headers, the
 * same reading of the answer and the same hooks; its time limit counts from the last progress event.
 * Outside a page (Node: tests, scripts) it goes through fetch, without progress.
 */
export function createApi(env: Partial<ApiEnvironment> = {}): Api {
  const {
    getCookies,
    onStaleCredentials,
    onContractError,
    onMinClientBuild,
    baseUrl,
    timeoutMs = API_TIMEOUT_MS,
  } = { ...browserEnvironment, ...env };
  /** The headers of every call: `X-CSRFToken` from the cookie (csrfHeaders, the one place it is written), JSON answers. */
  const requestHeaders = (): Record<string, string> => ({ ...csrfHeaders(getCookies()), Accept: 'application/json' });
  const onHeaders = (header: (name: string) => string | null) => {
    // A release that needs newer pages than this one (pnpm release force-reload): reload once.
    if (typeof window !== 'undefined') onMinClientBuild?.(header(MIN_CLIENT_BUILD_HEADER));
  };
  const raw = ofetch.create({
    ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
    credentials: 'include',
    retry: 0,
    onRequest({ options }) {
      const headers = new Headers(options.headers);
      for (const [name, value] of Object.entries(requestHeaders())) headers.set(name, value);
      options.headers = headers;
    },
    onResponse({ response }) {
      onHeaders((name) => response.headers.get(name));
    },
  });

  /** A JSON call (or, outside a page, a multipart one without progress) through fetch. */
  async function viaFetch(
    endpoint: AnyEndpoint,
    url: string,
    options: CallOptions<AnyEndpoint>,
    headers: Record<string, string>,
    form?: FormData,
  ): Promise<RawAnswer> {
    const cleanups: (() => void)[] = [];
    try {
      const response = await raw.raw(url, {
        method: endpoint.method,
        headers,
        body: (options.body as Record<string, unknown> | undefined) ?? form,
        query: options.query as Record<string, unknown> | undefined,
        // No overall limit for an upload: a big file on a slow line takes its time.
        signal: form === undefined ? withTimeout(options.signal, timeoutMs, cleanups) : options.signal,
      });
      return { ok: true, status: response.status, data: response._data };
    } catch (error) {
      const status = error instanceof FetchError && error.response ? error.response.status : null;
      return { ok: false, status, data: error instanceof FetchError ? error.data : undefined, error };
    } finally {
      for (const cleanup of cleanups) cleanup();
    }
  }

  /** One request of a call (sent again, with the same Idempotency-Key, after a network failure). */
  async function send(endpoint: AnyEndpoint, url: string, options: CallOptions<AnyEndpoint>, headers: Record<string, string>) {
    let answer: RawAnswer;
    if (endpoint.spec.multipart === undefined) answer = await viaFetch(endpoint, url, options, headers);
    else {
      const { fields, file, onProgress, signal } = options as CallOptions<AnyEndpoint> & MultipartCallOptions<AnyEndpoint>;
      // Synchronous once loaded: the request is then under way when the call returns.
      if (multipart === undefined) {
        try {
          await preloadUploads();
        } catch (error) {
          throw new NetworkError(url, error);
        }
      }
      const { multipartBody, sendWithXhr } = multipart as typeof Multipart;
      const body = multipartBody(endpoint, fields ?? {}, file);
      // In a page through XMLHttpRequest, the only browser API that reports upload progress.
      answer =
        typeof XMLHttpRequest === 'undefined'
          ? await viaFetch(endpoint, url, options, headers, body)
          : await sendWithXhr({
              method: endpoint.method,
              url: `${baseUrl ?? ''}${url}`,
              headers: { ...requestHeaders(), ...headers },
              body,
              signal,
              onProgress,
              idleTimeoutMs: timeoutMs,
              onHeaders,
            });
    }
    return answer;
  }

  async function call(endpoint: AnyEndpoint, options: CallOptions<AnyEndpoint> = {}): Promise<unknown> {
    const url = pathOf(endpoint, options.params);
    // An endpoint that honours an Idempotency-Key (issue 27): one key per call — one user action —
    // and the same key when the request goes again after a network failure (once; never after an
    // answer, a timeout or the caller's abort), so the server answers it once whatever arrived.
    const key = endpoint.spec.idempotent === true ? newIdempotencyKey() : undefined;
    const headers: Record<string, string> = key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key };
    let answer = await send(endpoint, url, options, headers);
    if (key !== undefined && answer.status === null && isRetryableNetworkFailure(answer.error, options.signal)) {
      answer = await send(endpoint, url, options, headers);
    }
    if (answer.status === null || !answer.ok) throw failure(endpoint, url, answer.status, answer.data, answer.error, onStaleCredentials);
    return success(endpoint, url, answer.status, answer.data, onContractError);
  }
  return call as Api;
}

/** A random UUID (v4) for an Idempotency-Key; `crypto.randomUUID` only exists in secure contexts. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A request that got no answer because the connection failed (not because the caller aborted it
 * or the time limit ran out: then the server may still be working on it, and the page offers the retry).
 */
function isRetryableNetworkFailure(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted === true) return false;
  for (let cause: unknown = error, depth = 0; cause !== undefined && cause !== null && depth < 5; depth++) {
    if (cause instanceof Error || cause instanceof DOMException) {
      if (cause.name === 'AbortError' || cause.name === 'TimeoutError') return false;
      cause = (cause as { cause?: unknown }).cause;
    } else break;
  }
  return true;
}

/** A failed call as the pages get it: the §8 error (stale credentials handled on the way). */
function failure(
  endpoint: AnyEndpoint,
  url: string,
  status: number | null,
  body: unknown,
  cause: unknown,
  onStaleCredentials: ApiEnvironment['onStaleCredentials'],
): Error {
  const mapped = toApiError(endpoint, url, status, body, cause);
  if (mapped instanceof CsrfError) onStaleCredentials(STALE_CREDENTIALS_MESSAGE);
  return mapped;
}

/** A successful call's answer, parsed with the endpoint's schema (or a ContractError). */
function success(
  endpoint: AnyEndpoint,
  url: string,
  status: number,
  data: unknown,
  onContractError: ApiEnvironment['onContractError'],
): unknown {
  const schema = endpoint.spec.success.schema;
  if (schema === null) return undefined;
  const parsed = safeParse(schema, data);
  if (parsed.success) return parsed.data;
  const error = new ContractError(endpoint.id, endpoint.method, url, status, responseProblems(schema, data));
  onContractError(error);
  throw error;
}

/**
 * The answer to a request made without the client (the auth store's start-up `POST /api/me/`,
 * auth-store/me-request.ts), read exactly as `api` reads its own: the §8 error, or the answer
 * parsed with the endpoint's schema.
 */
export function readAnswer<E extends AnyEndpoint>(endpoint: E, answer: RawAnswer, env: Partial<ApiEnvironment> = {}): ResponseOf<E> {
  const { onStaleCredentials, onContractError } = { ...browserEnvironment, ...env };
  const url = pathOf(endpoint);
  if (answer.status === null || !answer.ok) throw failure(endpoint, url, answer.status, answer.data, answer.error, onStaleCredentials);
  return success(endpoint, url, answer.status, answer.data, onContractError) as ResponseOf<E>;
}
