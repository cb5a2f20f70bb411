import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES } from './account-messages';
import { EmailFieldSchema, PasswordFieldSchema, body } from './fields';

/**
 * Login and what the session endpoints answer (`POST /api/auth/`, `POST /api/register/` 201):
 * kept apart from registration so the pages' shared runtime loads no password rules.
 */

/** `POST /api/register/` 201; `POST /api/auth/` 200. */
export const AccountSummarySchema = z.object({
  id: z.int().check(z.positive()),
  email: z.string(),
  corporate_division: z.enum(['none', 'corporate', 'individual']),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** The 200 answers that only say what happened. */
export const DetailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof DetailResponseSchema>;

/** `POST /api/auth/`: `persistLoginState` keeps the session after the browser closes (14 days). */
export const LoginRequestSchema = body({
  email: EmailFieldSchema,
  password: PasswordFieldSchema,
  persistLoginState: z.pipe(
    z.nullish(z.boolean({ error: ACCOUNT_MESSAGES.notABoolean })),
    z.transform((value) => value ?? false),
  ),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
