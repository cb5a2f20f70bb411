import { http, HttpResponse, type HttpHandler } from 'msw';
import { safeParse } from 'zod/mini';
import { ACCOUNT_MESSAGES } from '@app/contracts/api/account-messages';
import { ERROR_CASES, type AnyEndpoint, type ErrorCase, type ResponseInputOf } from '@app/contracts/api/endpoint';
import { validationErrorBody, type ValidationErrorBody } from '@app/contracts/api/errors';

/**
 * MSW request handlers made from the endpoint catalogue: `mock(endpoint, resolver)` answers one
 * endpoint with a body its contract allows (checked by TypeScript), `failure(endpoint, case, body)`
 * with one of the failures the endpoint declares. `createMockBackend()` answers every endpoint of
 * the catalogue from an in-memory state — what `dev:mock` runs in the browser.
 */

/** An answer other than the success body: a status (one the endpoint declares), a body, headers. */
export class MockReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

export interface MockCall {
  readonly request: Request;
  readonly params: Readonly<Record<string, string>>;
  /** The JSON body, if any (unvalidated: the resolver decides). */
  readonly body: unknown;
}

export type MockResolver<E extends AnyEndpoint> = (
  call: MockCall,
) => ResponseInputOf<E> | MockReply | Promise<ResponseInputOf<E> | MockReply>;

/** The endpoint's path as an MSW pattern on any origin: `/api/entries/{id}/` → `*\/api/entries/:id/`. */
export const mswPath = (endpoint: AnyEndpoint): string => `*${endpoint.path.replace(/\{([^}]+)\}/g, ':$1')}`;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One endpoint's handler. A 204 endpoint's resolver returns `undefined`. */
export function mock<E extends AnyEndpoint>(endpoint: E, resolve: MockResolver<E>): HttpHandler {
  return METHODS[endpoint.method](mswPath(endpoint), async ({ request, params }) => {
    const contentType = request.headers.get('content-type') ?? '';
    const body = contentType.includes('multipart/form-data') ? undefined : await jsonBody(request.clone());
    const answer = await resolve({ request, params: params as Record<string, string>, body });
    if (answer instanceof MockReply) {
      const init = { status: answer.status, headers: answer.headers };
      if (answer.body === undefined) return new HttpResponse(null, init);
      // A file download answers bytes, not JSON.
      // Bytes, or text (a CSV) as it is; anything else as JSON.
      return answer.body instanceof ArrayBuffer || typeof answer.body === 'string'
        ? new HttpResponse(answer.body, init)
        : HttpResponse.json(answer.body, init);
    }
    const { status } = endpoint.spec.success;
    return answer === undefined || status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json(answer, { status });
  });
}

/** Answers the endpoint with this success body every time. */
export const answer = <E extends AnyEndpoint>(endpoint: E, body: ResponseInputOf<E>): HttpHandler => mock(endpoint, () => body);

type ErrorBody<C extends ErrorCase> = C extends 'validation'
  ? ValidationErrorBody
  : { readonly detail: string; readonly [extra: string]: unknown };

/** A failure the endpoint declares (`validation`, `operational`, `conflict`…) with its body. */
export function failureReply<C extends ErrorCase>(
  endpoint: AnyEndpoint,
  errorCase: C,
  body: ErrorBody<C>,
  headers?: Record<string, string>,
): MockReply {
  if (!endpoint.errors.includes(errorCase))
    throw new Error(`${endpoint.id} does not answer ${errorCase} (catalogue: ${endpoint.errors.join(', ')})`);
  return new MockReply(ERROR_CASES[errorCase].status, body, headers);
}

/** Answers the endpoint with this failure every time. */
export const failure = <C extends ErrorCase>(endpoint: AnyEndpoint, errorCase: C, body: ErrorBody<C>): HttpHandler =>
  mock(endpoint, () => failureReply(endpoint, errorCase, body));

/** A network failure (no response: the client's 499). */
export const offline = (endpoint: AnyEndpoint): HttpHandler => METHODS[endpoint.method](mswPath(endpoint), () => HttpResponse.error());

/** Validates a body with the endpoint's contract: the parsed body, or the 400 the API would send. */
export function validate<E extends AnyEndpoint>(
  endpoint: E,
  body: unknown,
): { ok: true; value: unknown } | { ok: false; reply: MockReply } {
  const schema = endpoint.spec.body;
  if (schema === undefined) return { ok: true, value: undefined };
  const result = safeParse(schema, body ?? {});
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, reply: failureReply(endpoint, 'validation', validationErrorBody(result.error.issues)) };
}

export const notAuthenticated = (endpoint: AnyEndpoint) =>
  failureReply(endpoint, 'forbidden', { detail: ACCOUNT_MESSAGES.notAuthenticated });
