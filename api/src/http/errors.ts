import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@app/shared/contracts';

/** Django REST framework's key for errors of the form as a whole. */
export const NON_FIELD_ERRORS = 'non_field_errors';

/** A DRF validation body: each field with its messages. */
export type DrfErrors = Record<string, string[]>;

/**
 * An error with the exact answer the client gets: status, JSON body, and extra headers
 * (e.g. Retry-After). The app's error handler sends it as it is.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `API error ${statusCode}`);
    this.name = 'ApiError';
  }
}

/** 400 `{field: [msg], non_field_errors: [msg]}`. */
export class ValidationError extends ApiError {
  constructor(readonly errors: DrfErrors) {
    super(400, errors);
    this.name = 'ValidationError';
  }
}

/** A 400 with one message on one field (or on the form: NON_FIELD_ERRORS). */
export const fieldError = (field: string, message: string): ValidationError => new ValidationError({ [field]: [message] });

/** DRF NotAuthenticated: 403 (session authentication sends no WWW-Authenticate, so not 401). */
export const notAuthenticated = (): ApiError => new ApiError(403, { detail: ACCOUNT_MESSAGES.notAuthenticated });

/** zod issues as a DRF body: dotted paths (`claims.0.amount`), the root path as non_field_errors. */
export function drfErrors(error: z.ZodError): DrfErrors {
  const errors: DrfErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? NON_FIELD_ERRORS : issue.path.map(String).join('.');
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/**
 * Validates request parts with the contract's zod schema and reports failures as a DRF 400. A
 * missing body counts as `{}` (as DRF's request.data), so each required field says so.
 */
export const drfValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(httpPart === 'body' && (data === undefined || data === null) ? {} : data);
    return result.success ? { value: result.data } : { error: new ValidationError(drfErrors(result.error)) };
  };
