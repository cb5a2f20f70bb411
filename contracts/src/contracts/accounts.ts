import * as z from 'zod/mini';
import { MESSAGES } from '../domain/messages';
import { ACCOUNT_MESSAGES } from './account-messages';
import { LinkParamSchema, addIssue, always, body, EmailFieldSchema, optionalText, PasswordFieldSchema, text } from './fields';
import { COMPANY_NAME, humanText, optionalHumanText, PERSON_NAME } from './human-text';
import { validatePassword } from './passwords';

/**
 * Accounts (issue #4; spec §7): registration, activation, login, the password flows — one zod schema
 * per payload, used by the API to validate and by the pages to check before sending.
 *
 * Errors follow Django REST framework: a 400 body `{field: [message], non_field_errors: [message]}`
 * whose messages are DRF's and Django's own Japanese translations (the spec words only the blank
 * field, `この項目は空にできません`, which comes from the domain's `MESSAGES`). Each field reports its
 * first failing rule only, except the password, which reports every rule it breaks (as Django does).
 *
 * The password rules are Django's four default validators (`validatePassword`), with Django's
 * Japanese messages: similar to the e-mail address or a name, shorter than 8 characters, a common
 * password, entirely numeric.
 */

/** At registration the applicant chooses 法人 (corporate) or 個人事業主 (individual); `none` is not offered. */
export const REGISTRATION_DIVISIONS = ['corporate', 'individual'] as const;
export const NAME_MAX_LENGTH = 150;
export const COMPANY_NAME_MAX_LENGTH = 255;

/**
 * `POST /api/register/`. `company_name` is required for a corporation and ignored (stored empty)
 * for an individual; `ceres_xuid` is the analytics id the client reads from local storage.
 */
export const RegisterRequestSchema = body({
  email: EmailFieldSchema,
  password: PasswordFieldSchema,
  corporate_division: z.enum(REGISTRATION_DIVISIONS, {
    error: (issue) =>
      issue.input === undefined
        ? ACCOUNT_MESSAGES.required
        : issue.input === null
          ? ACCOUNT_MESSAGES.notNull
          : ACCOUNT_MESSAGES.invalidChoice(issue.input),
  }),
  // Names reach the activation mail and the back office: one line of plain text, no links (human-text.ts).
  last_name: humanText(PERSON_NAME),
  first_name: humanText(PERSON_NAME),
  company_name: optionalHumanText(COMPANY_NAME),
  ceres_xuid: optionalText(255),
}).check(
  z.superRefine((value: unknown, ctx) => {
    const raw = value;
    if (text(raw, 'corporate_division') === 'corporate' && (text(raw, 'company_name') ?? '') === '') {
      addIssue(ctx, MESSAGES.blank, ['company_name']);
    }
    const password = (raw as Record<string, unknown> | undefined)?.password;
    if (typeof password === 'string' && password !== '') {
      const attributes = { email: text(raw, 'email'), last_name: text(raw, 'last_name'), first_name: text(raw, 'first_name') };
      for (const problem of validatePassword(password, attributes)) addIssue(ctx, problem, ['password']);
    }
  }, always),
);
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/**
 * `POST /api/register/activation/`: the `uid` and `token` of the link in the activation mail
 * (`/register/activation?uid=…&token=…`). A bad link is reported on `uid` or `token`.
 */
export const ActivationRequestSchema = body({ uid: LinkParamSchema, token: LinkParamSchema });
export type ActivationRequest = z.infer<typeof ActivationRequestSchema>;

/** Django SetPasswordForm: a mismatch is reported on new_password2, and the rules only run on a match. */
function newPasswordsMatch(value: unknown, ctx: z.core.$RefinementCtx): void {
  const raw = value as Record<string, unknown> | undefined;
  const first = raw?.new_password1;
  const second = raw?.new_password2;
  if (typeof first === 'string' && typeof second === 'string' && first !== '' && second !== '' && first !== second) {
    addIssue(ctx, ACCOUNT_MESSAGES.passwordMismatch, ['new_password2']);
  }
}

/** `POST /api/password/reset/`: always the same 200 answer (`passwordResetSent`). */
export const PasswordResetRequestSchema = body({ email: EmailFieldSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/**
 * `POST /api/password/reset/confirm/`: the link's `uid` and `token` and the new password twice.
 * A bad link is reported on `uid` or `token`; the password rules (which need the account, so the
 * API checks them) on `new_password2`, as Django does.
 */
export const PasswordResetConfirmRequestSchema = body({
  uid: LinkParamSchema,
  token: LinkParamSchema,
  new_password1: PasswordFieldSchema,
  new_password2: PasswordFieldSchema,
}).check(z.superRefine(newPasswordsMatch, always));
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequestSchema>;

/** `POST /api/password/change/` (logged in): the current password, then the new one twice. */
export const PasswordChangeRequestSchema = body({
  old_password: PasswordFieldSchema,
  new_password1: PasswordFieldSchema,
  new_password2: PasswordFieldSchema,
}).check(z.superRefine(newPasswordsMatch, always));
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>;
