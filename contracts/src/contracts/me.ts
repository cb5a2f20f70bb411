import * as z from 'zod/mini';
import { CORPORATE_DIVISIONS } from '../domain/statuses';
import { ConfirmationStatusSchema, ContentFileSchema, DateSchema, DateTimeSchema, IdSchema } from './common';

/**
 * The current user: `POST /api/me/` (spec §3 "Current user (me)", §7). The identity rules of the
 * domain (`identityStateOf`, `userStatusOf`) read this object as it is.
 *
 * Interpretations: `version` is the version of the user's record (the profile's 409 compares it),
 * a number or a string — not the site build: a release that needs newer pages says so with the
 * `X-Min-Client-Build` response header (runtime/min-client-build.ts);
 * `user_segment` is free text; `visited_at_entry_page_after_mail_verification` is a timestamp, null
 * until the visit. A logged-out session has no id and no version: the client treats a response that
 * fails this schema that way (spec §8 "Authentication fetch with no version").
 */
export const MeSchema = z.object({
  id: IdSchema,
  email: z.email(),
  first_name: z.string(),
  last_name: z.string(),
  create_time: DateTimeSchema,
  update_time: DateTimeSchema,
  corporate_division: z.enum(CORPORATE_DIVISIONS),
  company_name: z.nullable(z.string()),
  office_zipcode: z.nullable(z.string()),
  owner_zipcode: z.nullable(z.string()),
  identity_confirmation: ConfirmationStatusSchema,
  identity_valid_date: z.nullable(DateSchema),
  financial_statements_valid_date: z.nullable(DateSchema),
  last_withdrawals_detail_date: z.nullable(DateSchema),
  withdrawals_detail_status: ConfirmationStatusSchema,
  financial_statements_status: ConfirmationStatusSchema,
  addfiles: z.array(ContentFileSchema),
  version: z.union([z.number(), z.string().check(z.minLength(1))]),
  has_usable_password: z.boolean(),
  has_pre_entry_declined: z.boolean(),
  has_satisfied_profile: z.boolean(),
  allow_redirect_to_profile: z.boolean(),
  last_login: z.nullable(DateTimeSchema),
  visited_at_entry_page_after_mail_verification: z.nullable(DateTimeSchema),
  user_segment: z.nullable(z.string()),
  /** Analytics profile only (spec §3). */
  owner_phone: z.optional(z.nullable(z.string())),
  /** Analytics profile only (spec §3). */
  hashed_user_id: z.optional(z.nullable(z.string())),
});
export type Me = z.infer<typeof MeSchema>;

/** A visitor's answer to `POST /api/me/`: `{}` — no id and no version, read as logged out (spec §8). */
export const VisitorMeSchema = z.strictObject({});
export type VisitorMe = z.infer<typeof VisitorMeSchema>;

/** `POST /api/me/`: the user, or `{}` for a visitor. */
export const MeResponseSchema = z.union([MeSchema, VisitorMeSchema]);
export type MeResponse = z.infer<typeof MeResponseSchema>;
