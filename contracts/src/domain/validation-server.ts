import { MESSAGES } from './messages';
import type { FieldErrors } from './validation';

/**
 * Server validation errors (spec §5 last bullet, §8): a 400 with a Django REST framework body
 * `{ field: [message], non_field_errors: [message] }` is kept per entry step and read by field —
 * the first message of the field's list, or the first of `non_field_errors` for the form as a whole.
 * Any other error is rethrown for the error page / toast to handle.
 *
 * Bodies may be flat (`{"claims.0.amount": ["…"]}`, what this API sends, see `toDrfErrorBody`) or
 * nested the DRF way (`{"claims": [{"amount": ["…"]}, {}]}`); both read the same.
 */
export type DrfErrorBody = { readonly [field: string]: unknown };

export const NON_FIELD_ERRORS = 'non_field_errors';

/**
 * A 400 validation error as an API client throws it, recognised by its shape: the status in
 * `status` (or `statusCode`) and the body in `body` (the shared api-client's `ValidationError`) or
 * `data` (ofetch's `FetchError`).
 */
export type ServerValidationError = { readonly status?: number; readonly statusCode?: number } & (
  { readonly body: DrfErrorBody } | { readonly data: DrfErrorBody }
);

/** Per-step errors of the entry wizard (step names of entry-steps.ts, or any other key). */
export type StepServerErrors<Step extends string> = Readonly<Partial<Record<Step, DrfErrorBody>>>;

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

/** True for a DRF error body: a JSON object (not an array). */
export function isDrfErrorBody(value: unknown): value is DrfErrorBody {
  return isObject(value) && !Array.isArray(value);
}

/** The DRF body of a 400 validation error, or undefined for anything else (a 400 without a body is a plain bad request). */
export function serverValidationBody(error: unknown): DrfErrorBody | undefined {
  if (!isObject(error) || (error.status ?? error.statusCode) !== 400) return undefined;
  const body = error.body ?? error.data;
  return isDrfErrorBody(body) ? body : undefined;
}

/** True for a 400 whose body is a DRF error body. */
export function isServerValidationError(error: unknown): error is ServerValidationError {
  return serverValidationBody(error) !== undefined;
}

/**
 * Keeps the validation errors of `step` (replacing what the step had) and returns the new state.
 * Rethrows anything that is not a validation error.
 */
export function keepServerErrors<Step extends string>(
  errors: StepServerErrors<Step>,
  step: NoInfer<Step>,
  error: unknown,
): StepServerErrors<Step> {
  const body = serverValidationBody(error);
  if (body === undefined) throw error;
  return { ...errors, [step]: body };
}

/** Forgets the errors of `step` (after a successful save or when the step's input changes). */
export function clearServerErrors<Step extends string>(errors: StepServerErrors<Step>, step: NoInfer<Step>): StepServerErrors<Step> {
  const next: Partial<Record<Step, DrfErrorBody>> = { ...errors };
  delete next[step];
  return next;
}

function firstMessage(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function valueAt(body: DrfErrorBody, path: string): unknown {
  if (Object.hasOwn(body, path)) return body[path];
  let node: unknown = body;
  for (const segment of path.split('.')) {
    node = isObject(node) && Object.hasOwn(node, segment) ? node[segment] : undefined;
  }
  return node;
}

/** The first message for the field (dotted path, e.g. `claims.0.amount`), if any. */
export function serverFieldError(body: DrfErrorBody | undefined, field: string): string | undefined {
  return body === undefined ? undefined : firstMessage(valueAt(body, field));
}

/** The first of `non_field_errors`, if any. */
export function serverNonFieldError(body: DrfErrorBody | undefined): string | undefined {
  return serverFieldError(body, NON_FIELD_ERRORS);
}

/** The first message for `field` kept for `step`. */
export function readServerError<Step extends string>(
  errors: StepServerErrors<Step>,
  step: NoInfer<Step>,
  field: string,
): string | undefined {
  return serverFieldError(errors[step], field);
}

function flatten(value: unknown, path: string, into: Record<string, string>): void {
  const message = firstMessage(value);
  if (message !== undefined) {
    into[path] = message;
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, path === '' ? key : `${path}.${key}`, into);
  }
}

/** Every field's first message by dotted path (nested bodies flattened), e.g. for a form's `setError`. */
export function serverFieldErrors(body: DrfErrorBody): FieldErrors {
  const errors: Record<string, string> = {};
  flatten(body, '', errors);
  return errors;
}

/** The API side: domain `FieldErrors` as a DRF error body, each message in a one-element list. */
export function toDrfErrorBody(errors: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
}

/**
 * §8 upload failure: the title `アップロードエラー` and, as detail, the body's `message` (or `detail`),
 * else its first non-field error; null when the body says nothing usable.
 */
export function uploadFailure(body: unknown): { readonly title: string; readonly detail: string | null } {
  const detail = isDrfErrorBody(body) ? (firstMessage(body.message) ?? firstMessage(body.detail) ?? serverNonFieldError(body)) : undefined;
  return { title: MESSAGES.uploadError, detail: detail ?? null };
}
