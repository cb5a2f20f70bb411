import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type z } from 'zod/mini';
import { ACCOUNT_MESSAGES, NOT_FOUND_DETAIL, validationErrorBody } from '@app/contracts';
import { NON_FIELD_ERRORS } from '@app/contracts/domain';

export { NON_FIELD_ERRORS };

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

export { NOT_FOUND_DETAIL };
export const notFound = (): ApiError => new ApiError(404, { detail: NOT_FOUND_DETAIL });

/** DRF NotAuthenticated: 403 (session authentication sends no WWW-Authenticate, so not 401). */
export const notAuthenticated = (): ApiError => new ApiError(403, { detail: ACCOUNT_MESSAGES.notAuthenticated });

/**
 * Validates request parts with the contract's zod schema and reports failures as a DRF 400. A
 * missing body counts as `{}` (as DRF's request.data), so each required field says so.
 */
export const drfValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, httpPart === 'body' && (data === undefined || data === null) ? {} : data);
    return result.success ? { value: result.data } : { error: new ValidationError(validationErrorBody(result.error.issues)) };
  };
