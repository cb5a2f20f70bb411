import { z } from 'zod';
import { CORPORATE_DIVISIONS } from '../domain/statuses';
import { ConfirmationStatusSchema, ContentFileSchema, DateSchema, DateTimeSchema, IdSchema } from './common';

/**
 * The current user: `POST /api/me/` (spec §3 "Current user (me)", §7). The identity rules of the
 * domain (`identityStateOf`, `userStatusOf`) read this object as it is.
 *
 * Interpretations: `version` (the site build the session was made with) is a number or a string;
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
  company_name: z.string().nullable(),
  office_zipcode: z.string().nullable(),
  owner_zipcode: z.string().nullable(),
  identity_confirmation: ConfirmationStatusSchema,
  identity_valid_date: DateSchema.nullable(),
  financial_statements_valid_date: DateSchema.nullable(),
  last_withdrawals_detail_date: DateSchema.nullable(),
  withdrawals_detail_status: ConfirmationStatusSchema,
  financial_statements_status: ConfirmationStatusSchema,
  addfiles: z.array(ContentFileSchema),
  version: z.union([z.number(), z.string().min(1)]),
  has_usable_password: z.boolean(),
  has_pre_entry_declined: z.boolean(),
  has_satisfied_profile: z.boolean(),
  allow_redirect_to_profile: z.boolean(),
  last_login: DateTimeSchema.nullable(),
  visited_at_entry_page_after_mail_verification: DateTimeSchema.nullable(),
  user_segment: z.string().nullable(),
  /** Analytics profile only (spec §3). */
  owner_phone: z.string().nullable().optional(),
  /** Analytics profile only (spec §3). */
  hashed_user_id: z.string().nullable().optional(),
});
export type Me = z.infer<typeof MeSchema>;
