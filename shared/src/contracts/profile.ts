import * as z from 'zod/mini';
import { CORPORATE_DIVISIONS, DEFAULT_SECTOR, SECTORS } from '../domain/statuses';
import { ACCOUNT_MESSAGES } from './account-messages';
import { BankAccountStringSchema } from './amounts';
import { ConfirmationStatusSchema, ContentFileSchema, IdSchema } from './common';
import { VersionFieldSchema } from './fields';

/**
 * The profile: `GET /api/profile/` and its `PATCH`es (spec §3 "Profile", §7).
 *
 * `bank_account` is the bank account string of bank-account.ts (empty or null when none);
 * `sector` defaults to unknown and `has_entry_permission_when_delayed` to true when the API leaves
 * them out (spec §3).
 */
const text = z.nullable(z.string());
/** Office and owner contact fields (spec §3), empty ones null. */
const CONTACT_FIELDS = {
  office_phone: text,
  office_zipcode: text,
  office_prefecture: text,
  office_city: text,
  office_building_number: text,
  owner_phone: text,
  owner_zipcode: text,
  owner_prefecture: text,
  owner_city: text,
  owner_building_number: text,
};

export const ProfileSchema = z.object({
  id: IdSchema,
  first_name: z.string(),
  last_name: z.string(),
  corporate_division: z.enum(CORPORATE_DIVISIONS),
  company_name: z.nullable(z.string()),
  email: z.email(),
  identity_confirmation: ConfirmationStatusSchema,
  bank_account: z.nullable(z.string()),
  ...CONTACT_FIELDS,
  addfiles: z.array(ContentFileSchema),
  has_usable_password: z.boolean(),
  sector: z._default(z.enum(SECTORS), DEFAULT_SECTOR),
  business_summary: z.nullable(z.string()),
  can_edit_bank_account: z.boolean(),
  has_entry_permission_when_delayed: z._default(z.boolean(), true),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * `PATCH /api/profile/`: the fields the applicant edits, each optional, and `addfiles` as the ids of
 * uploaded files to attach. Whether the bank account may change (`can_edit_bank_account`) is the
 * handler's check against the stored profile.
 */
export const ProfilePatchFieldsSchema = z.partial(
  z.object({
    first_name: z.string(),
    last_name: z.string(),
    corporate_division: z.enum(CORPORATE_DIVISIONS),
    company_name: z.string(),
    bank_account: BankAccountStringSchema,
    ...CONTACT_FIELDS,
    sector: z.enum(SECTORS),
    business_summary: z.string(),
    addfiles: z.array(IdSchema),
  }),
);

/** The profile as the API answers it, with the `version` a PATCH must name (optimistic lock). */
export const ProfileResponseSchema = z.extend(ProfileSchema, { version: z.int().check(z.positive()) });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** Names, when sent, must not be blank (DRF CharField). */
const namesNotBlank = z.superRefine(
  (value: unknown, ctx) => {
    for (const field of ['first_name', 'last_name'] as const) {
      const name = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
      if (typeof name === 'string' && name.trim() === '') ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.blank, path: [field] });
    }
  },
  { when: () => true },
);

/** A PATCH body: the fields, optionally the `version` read (a stale one gets 409), names not blank. */
const patchOf = <Shape extends z.core.$ZodShape>(schema: z.ZodMiniObject<Shape>) =>
  z.extend(schema, { version: z.optional(VersionFieldSchema) }).check(namesNotBlank);

export const ProfilePatchSchema = patchOf(ProfilePatchFieldsSchema);
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

/** `PATCH /api/profile_without_sector_and_business_summary/`: the same without those two (addfiles optional). */
export const ProfileWithoutSectorPatchSchema = patchOf(z.omit(ProfilePatchFieldsSchema, { sector: true, business_summary: true }));
export type ProfileWithoutSectorPatch = z.infer<typeof ProfileWithoutSectorPatchSchema>;

/** `PATCH /api/profile_name_and_identity/`: the names (the identity documents come as addfiles). */
export const ProfileNameAndIdentityPatchSchema = patchOf(
  z.pick(ProfilePatchFieldsSchema, { first_name: true, last_name: true, addfiles: true }),
);
export type ProfileNameAndIdentityPatch = z.infer<typeof ProfileNameAndIdentityPatchSchema>;
