import * as z from 'zod/mini';
import { MESSAGES } from '../domain/messages';
import { ACCOUNT_MESSAGES } from './account-messages';
import { DB_INTEGER_MAX } from './common';

/**
 * Field builders of the request bodies, with Django REST framework's semantics (missing → required,
 * null → not null, "" → blank) and its Japanese messages.
 */

export const typeError = (notOfType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? ACCOUNT_MESSAGES.required : issue.input === null ? ACCOUNT_MESSAGES.notNull : notOfType;

export function addIssue(ctx: z.core.$RefinementCtx, message: string, path?: PropertyKey[]): void {
  ctx.addIssue({ code: 'custom', message, ...(path ? { path } : {}) });
}

/** Required text, trimmed (DRF CharField): blank → `この項目は空にできません`. */
export const requiredText = (maxLength: number) =>
  z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }).check(
    z.trim(),
    z.superRefine((value, ctx) => {
      if (value === '') addIssue(ctx, MESSAGES.blank);
      else if ([...value].length > maxLength) addIssue(ctx, ACCOUNT_MESSAGES.tooLong(maxLength));
    }),
  );

/** Optional text, trimmed: missing or null reads as "". */
export const optionalText = (maxLength: number) =>
  z.pipe(
    z.nullish(z.string({ error: ACCOUNT_MESSAGES.notAString }).check(z.trim())),
    z
      .transform((value: string | null | undefined) => value ?? '')
      .check(
        z.superRefine((value, ctx) => {
          if ([...value].length > maxLength) addIssue(ctx, ACCOUNT_MESSAGES.tooLong(maxLength));
        }),
      ),
  );

/** Longer passwords are refused (hashing cost stays bounded); pass phrases fit easily. */
export const PASSWORD_MAX_LENGTH = 128;

/** Django's EmailField limit. */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_FORMAT = z.email();

/** An e-mail address, trimmed: blank, too long or malformed each with its message. */
export const EmailFieldSchema = z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }).check(
  z.trim(),
  z.superRefine((value, ctx) => {
    if (value === '') addIssue(ctx, MESSAGES.blank);
    else if (value.length > EMAIL_MAX_LENGTH) addIssue(ctx, ACCOUNT_MESSAGES.tooLong(EMAIL_MAX_LENGTH));
    else if (!EMAIL_FORMAT.safeParse(value).success) addIssue(ctx, ACCOUNT_MESSAGES.invalidEmail);
  }),
);

/** A password as typed (never trimmed): blank or too long. The rules are `validatePassword`. */
export const PasswordFieldSchema = z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }).check(
  z.superRefine((value, ctx) => {
    if (value === '') addIssue(ctx, MESSAGES.blank);
    else if ([...value].length > PASSWORD_MAX_LENGTH) addIssue(ctx, ACCOUNT_MESSAGES.tooLong(PASSWORD_MAX_LENGTH));
  }),
);

/**
 * The optimistic lock of a PATCH: the `version` the client read (`GET /api/profile/`, `POST /api/me/`).
 * A stale one gets 409 and changes nothing; a successful PATCH answers with the next version.
 */
export const VersionFieldSchema = z
  .number({ error: typeError(ACCOUNT_MESSAGES.invalidInteger) })
  .check(
    z.int({ error: ACCOUNT_MESSAGES.invalidInteger }),
    z.positive({ error: ACCOUNT_MESSAGES.invalidInteger }),
    z.lte(DB_INTEGER_MAX, { error: ACCOUNT_MESSAGES.invalidInteger }),
  );

/** A one-time link parameter (`uid`, `token`). */
export const LinkParamSchema = requiredText(200);

/** The body must be a JSON object (DRF); each field reports its own errors. */
export const body = <Shape extends z.core.$ZodShape>(shape: Shape) => z.object(shape, { error: ACCOUNT_MESSAGES.invalidData });

/** Runs a cross-field rule even when some fields failed (DRF would only run it on valid fields, but
 * reporting the password rules together with, say, a blank name is friendlier). */
export const always = { when: () => true };

/** The raw value of `field` when it is a string (cross-field rules see unvalidated input). */
export function text(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = (value as Record<string, unknown>)[field];
  return typeof raw === 'string' ? raw.trim() : undefined;
}
