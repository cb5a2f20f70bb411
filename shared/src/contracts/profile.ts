import { z } from 'zod';
import { CORPORATE_DIVISIONS, DEFAULT_SECTOR, SECTORS } from '../domain/statuses';
import { BankAccountStringSchema, ConfirmationStatusSchema, ContentFileSchema, IdSchema } from './common';

/**
 * The profile: `GET /api/profile/` and its `PATCH`es (spec §3 "Profile", §7).
 *
 * `bank_account` is the bank account string of bank-account.ts (empty or null when none);
 * `sector` defaults to unknown and `has_entry_permission_when_delayed` to true when the API leaves
 * them out (spec §3).
 */
const text = z.string().nullable();
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
  company_name: z.string().nullable(),
  email: z.email(),
  identity_confirmation: ConfirmationStatusSchema,
  bank_account: z.string().nullable(),
  ...CONTACT_FIELDS,
  addfiles: z.array(ContentFileSchema),
  has_usable_password: z.boolean(),
  sector: z.enum(SECTORS).default(DEFAULT_SECTOR),
  business_summary: z.string().nullable(),
  can_edit_bank_account: z.boolean(),
  has_entry_permission_when_delayed: z.boolean().default(true),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * `PATCH /api/profile/`: the fields the applicant edits, each optional, and `addfiles` as the ids of
 * uploaded files to attach. Whether the bank account may change (`can_edit_bank_account`) is the
 * handler's check against the stored profile.
 */
export const ProfilePatchSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    corporate_division: z.enum(CORPORATE_DIVISIONS),
    company_name: z.string(),
    bank_account: BankAccountStringSchema,
    ...CONTACT_FIELDS,
    sector: z.enum(SECTORS),
    business_summary: z.string(),
    addfiles: z.array(IdSchema),
  })
  .partial();
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

/** `PATCH /api/profile_without_sector_and_business_summary/`: the same without those two (addfiles optional). */
export const ProfileWithoutSectorPatchSchema = ProfilePatchSchema.omit({ sector: true, business_summary: true });
export type ProfileWithoutSectorPatch = z.infer<typeof ProfileWithoutSectorPatchSchema>;
