import * as z from 'zod/mini';
import { NON_FIELD_ERRORS } from '../domain/validation-server';

/**
 * Error bodies of spec §8.
 *
 * A 400 validation error is a Django REST framework body: each field with its list of messages, the
 * form-wide ones in `non_field_errors`. Nested serializers nest (`{"claims": [{"amount": ["…"]}]}`);
 * this API sends flat dotted keys (`{"claims.0.amount": ["…"]}`, `toDrfErrorBody`). The domain reads
 * both (`serverFieldError`).
 */
export type DrfErrorValue = string | readonly string[] | ValidationErrorBody | readonly ValidationErrorBody[];
export interface ValidationErrorBody {
  readonly [field: string]: DrfErrorValue;
}

const DrfErrorValueSchema: z.ZodMiniType<DrfErrorValue> = z
  .lazy(() => z.union([z.string(), z.array(z.string()), ValidationErrorBodySchema, z.array(ValidationErrorBodySchema)]))
  // Recursive: named, so the API document can refer to it.
  .register(z.globalRegistry, { id: 'DrfErrorValue' });

export const ValidationErrorBodySchema: z.ZodMiniType<ValidationErrorBody> = z
  .catchall(z.object({ [NON_FIELD_ERRORS]: z.optional(z.array(z.string())) }), DrfErrorValueSchema)
  .register(z.globalRegistry, { id: 'ValidationErrorBody' });

/** DRF NotFound (404): also the answer for someone else's record, which is not theirs to know about. */
export const NOT_FOUND_DETAIL = '見つかりません。';

/** Any other error with a message: `{"detail": "…"}` (shown as is, else `ステータス {status}`). */
export const DetailErrorBodySchema = z.object({ detail: z.string() });
export type DetailErrorBody = z.infer<typeof DetailErrorBodySchema>;

/**
 * Failed zod issues as the DRF 400 body this API sends: each dotted field path (`claims.0.amount`)
 * with its messages in order, without repeats; issues of the whole body under `non_field_errors`.
 * The API answers with it and the mocks too, so both speak the same shape.
 */
export function validationErrorBody(
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
): Record<string, string[]> {
  // A Map, not `{}`: a field is a key the request chose (a record's key), and `body.valueOf` or
  // `body.__proto__` of a plain object is already there (the catalogue fuzz test found the 500).
  const body = new Map<string, string[]>();
  for (const issue of issues) {
    const field = issue.path.length === 0 ? NON_FIELD_ERRORS : issue.path.map(String).join('.');
    const messages = body.get(field) ?? [];
    body.set(field, messages);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  // Own properties, `__proto__` included (fromEntries defines them; it never sets a prototype).
  return Object.fromEntries(body);
}
