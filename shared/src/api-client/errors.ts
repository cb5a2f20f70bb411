import type { AnyEndpoint } from '@app/contracts/api/endpoint';
import { MESSAGES, statusMessage } from '@app/contracts/domain/messages';
import { serverFieldErrors } from '@app/contracts/domain/validation-server';
import { isRecord } from '../runtime/is-record';

/**
 * The API error catalogue of spec §8, as error classes the pages can tell apart. Every call
 * through the shared client rejects with one of these (never a raw fetch error).
 */
export type FieldErrors = Readonly<Record<string, string>>;

export abstract class ApiError extends Error {
  abstract readonly kind: 'validation' | 'badRequest' | 'unauthorized' | 'csrf' | 'server' | 'network' | 'operational' | 'contract';
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
  ) {
    super(message);
  }
}

/** 400 with a body: `{field: [msg], non_field_errors: [msg]}` → the first message of each field. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  readonly kind = 'validation';
  constructor(
    url: string,
    /** The first message of each field (spec §5: "first of the list"). */
    readonly fieldErrors: FieldErrors,
    readonly nonFieldErrors: readonly string[],
    /** The body as the server sent it. */
    readonly body: unknown,
  ) {
    super(nonFieldErrors[0] ?? Object.values(fieldErrors)[0] ?? MESSAGES.checkFieldErrors, 400, url);
  }
}

/** 400 without a body. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
  readonly kind = 'badRequest';
  constructor(url: string) {
    super('リクエストが正しくありません。', 400, url);
  }
}

/** 401/403: not allowed. Carries where to log in (`correct_login_url`) or go (`redirect_uri`). */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
  readonly kind = 'unauthorized';
  constructor(
    url: string,
    status: number,
    detail: string,
    readonly correctLoginUrl: string | null = null,
    readonly serviceName: string | null = null,
    readonly redirectUri: string | null = null,
  ) {
    super(detail, status, url);
  }
}

/** 401/403 whose body says the CSRF tokens do not match: the credentials in this tab are stale. */
export class CsrfError extends ApiError {
  override name = 'CsrfError';
  readonly kind = 'csrf';
  constructor(url: string, status: number, detail: string) {
    super(detail, status, url);
  }
}

/** Any other status: the server's `detail`, or `ステータス {status}`. */
export class ServerError extends ApiError {
  override name = 'ServerError';
  readonly kind = 'server';
  constructor(
    url: string,
    status: number,
    /** The body's `detail` (null: none, e.g. a proxy's own error page; the message is then the status's). */
    readonly detail: string | null,
  ) {
    super(detail ?? statusMessage(status), status, url);
  }
}

/** No response at all (offline, DNS, CORS, aborted): code 499. */
export class NetworkError extends ApiError {
  override name = 'NetworkError';
  readonly kind = 'network';
  constructor(url: string, cause?: unknown) {
    super('通信できませんでした。インターネット接続をご確認のうえ、もう一度お試しください。', 499, url);
    this.cause = cause;
  }
}

/** Login refused (401 on /api/auth/): an expected outcome with the server's `detail`. */
export class OperationalError extends ApiError {
  override name = 'OperationalError';
  readonly kind = 'operational';
  constructor(url: string, status: number, detail: string) {
    super(detail, status, url);
  }
}

/** One problem of a response that does not match its contract: the field (dotted path) and what is wrong. */
export interface ContractProblem {
  readonly field: string;
  readonly problem: string;
}

/**
 * A response that does not match the endpoint's schema in the catalogue: a renamed or missing
 * field, a wrong type. Raised where the response arrives (never three components later), reported
 * (console by default), and shown to the person as a plain message; `detail` names the endpoint and
 * the fields for the developer.
 */
export class ContractError extends ApiError {
  override name = 'ContractError';
  readonly kind = 'contract';
  constructor(
    /** The endpoint's id in the catalogue (`me.get`). */
    readonly endpoint: string,
    readonly method: string,
    url: string,
    status: number,
    readonly problems: readonly ContractProblem[],
  ) {
    super(CONTRACT_ERROR_MESSAGE, status, url);
  }
  /** `METHOD /path` as called. */
  get request(): string {
    return `${this.method} ${this.url}`;
  }
  /** The fields that do not match, as dotted paths (`claims.0.amount`; `(response)` for the whole body). */
  get fields(): string[] {
    return this.problems.map((p) => p.field);
  }
  /** For developers and monitoring: endpoint, status and every mismatch. */
  get detail(): string {
    const list = this.problems.map((p) => `${p.field}: ${p.problem}`).join('; ');
    return `${this.endpoint} (${this.request} → ${this.status}) does not match its contract: ${list}`;
  }
}

export const CONTRACT_ERROR_MESSAGE = 'サーバーからの応答を読み取れませんでした。時間をおいてもう一度お試しください。';
export const STALE_CREDENTIALS_MESSAGE = 'ログイン情報の有効期限が切れました。お手数ですが、もう一度ログインしてください。';

const firstString = (v: unknown): string | null => {
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && first !== '' ? first : null;
};

/**
 * Spec §8: the body says the CSRF token is missing or does not match — Django's (and our API's)
 * `CSRF Failed: CSRF token missing.` / `… CSRF token incorrect.` / `… CSRF cookie not set.` (and
 * the cookie's length or characters). Only that means the credentials in this tab are stale: an
 * Origin or Referer failure (`CSRF Failed: Origin checking failed - …`) is not, and logging out
 * would not help.
 */
export const isCsrfFailure = (body: unknown): boolean => {
  const detail = isRecord(body) ? firstString(body.detail) : typeof body === 'string' ? body : null;
  return detail !== null && /^CSRF Failed: CSRF (?:token|cookie)\b/i.test(detail.trim());
};

/**
 * Maps an HTTP failure (or its absence) of a call to the catalogue of spec §8. What the endpoint
 * declares decides the special cases: a 401 is an OperationalError where the endpoint answers
 * `operational` (login), and a CSRF failure is stale credentials except on the endpoint that hands
 * out the token (`csrf: 'bootstrap'`, `POST /api/me/`).
 */
export function toApiError(
  endpoint: Pick<AnyEndpoint, 'csrf' | 'errors'>,
  url: string,
  status: number | null,
  body: unknown,
  cause?: unknown,
): ApiError {
  if (status === null) return new NetworkError(url, cause);
  const detail = isRecord(body) ? firstString(body.detail) : null;
  if (status === 400) {
    if (!isRecord(body) || Object.keys(body).length === 0) return new BadRequestError(url);
    // First message per field, nested bodies as dotted paths (the domain's reading, spec §5).
    const { non_field_errors: _nonField, detail: _detail, ...fieldErrors } = serverFieldErrors(body);
    const nonField = [body.non_field_errors, body.detail]
      .flatMap((value): unknown[] => (Array.isArray(value) ? value : [value]))
      .filter((m): m is string => typeof m === 'string');
    return new ValidationError(url, fieldErrors, nonField, body);
  }
  if (status === 401 || status === 403) {
    if (isCsrfFailure(body) && endpoint.csrf !== 'bootstrap') return new CsrfError(url, status, detail ?? 'CSRF');
    if (status === 401 && endpoint.errors.includes('operational')) {
      return new OperationalError(url, status, detail ?? 'ログインできませんでした。');
    }
    const record = isRecord(body) ? body : {};
    return new UnauthorizedError(
      url,
      status,
      detail ?? 'ログインが必要です。',
      firstString(record.correct_login_url),
      firstString(record.service_name),
      firstString(record.redirect_uri),
    );
  }
  return new ServerError(url, status, detail);
}
