import { z } from 'zod';
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

const DrfErrorValueSchema: z.ZodType<DrfErrorValue> = z.lazy(() =>
  z.union([z.string(), z.array(z.string()), ValidationErrorBodySchema, z.array(ValidationErrorBodySchema)]),
);

export const ValidationErrorBodySchema: z.ZodType<ValidationErrorBody> = z
  .object({ [NON_FIELD_ERRORS]: z.array(z.string()).optional() })
  .catchall(DrfErrorValueSchema);

/** Any other error with a message: `{"detail": "…"}` (shown as is, else `ステータス {status}`). */
export const DetailErrorBodySchema = z.object({ detail: z.string() });
export type DetailErrorBody = z.infer<typeof DetailErrorBodySchema>;
