import * as z from 'zod/mini';
import { normalizePhoneNumber, PHONE_MESSAGES } from '../domain/phone';
import { isPrefecture, PROFILE_FIELD_MAX_LENGTHS, PROFILE_MESSAGES } from '../domain/profile';
import { CORPORATE_DIVISIONS, DEFAULT_SECTOR, IDENTITY_DOCUMENT_TYPES, SECTORS } from '../domain/statuses';
import { ACCOUNT_MESSAGES } from './account-messages';
import { BankAccountStringSchema } from './amounts';
import { ConfirmationStatusSchema, ContentFileSchema, IdSchema } from './common';
import { addIssue, VersionFieldSchema } from './fields';
import { COMPANY_NAME, humanTextProblem, PERSON_NAME, type HumanTextRule } from './human-text';
import { normalizePostalCode, POSTAL_CODE_MESSAGES } from './postal-code';

/** The office and owner contact fields of a profile (spec §3), each read by `schema`. */
export const contactFields = <const S extends z.core.$ZodType>(schema: S) => ({
  office_phone: schema,
  office_zipcode: schema,
  office_prefecture: schema,
  office_city: schema,
  office_building_number: schema,
  owner_phone: schema,
  owner_zipcode: schema,
  owner_prefecture: schema,
  owner_city: schema,
  owner_building_number: schema,
});

/**
 * The profile: `GET /api/profile/` and its `PATCH`es (spec §3 "Profile", §7).
 *
 * `bank_account` is the bank account string of bank-account.ts (empty or null when none);
 * `sector` defaults to unknown and `has_entry_permission_when_delayed` to true when the API leaves
 * them out (spec §3).
 */
export const ProfileSchema = z.object({
  id: IdSchema,
  first_name: z.string(),
  last_name: z.string(),
  corporate_division: z.enum(CORPORATE_DIVISIONS),
  company_name: z.nullable(z.string()),
  email: z.email(),
  identity_confirmation: ConfirmationStatusSchema,
  bank_account: z.nullable(z.string()),
  /** Empty ones null. */
  ...contactFields(z.nullable(z.string())),
  addfiles: z.array(ContentFileSchema),
  /** The identity document type last submitted (null before the first). Ours: the spec lists the types only. */
  identity_document_type: z.nullable(z.enum(IDENTITY_DOCUMENT_TYPES)),
  has_usable_password: z.boolean(),
  sector: z._default(z.enum(SECTORS), DEFAULT_SECTOR),
  business_summary: z.nullable(z.string()),
  can_edit_bank_account: z.boolean(),
  has_entry_permission_when_delayed: z._default(z.boolean(), true),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * A profile text field as a PATCH takes it: human text (human-text.ts: trimmed, NFC, bounded, one
 * line unless multi-line, no control or bidi characters, no links in names), then the field's own rule.
 */
const profileText = (rule: HumanTextRule, fieldRule?: (value: string) => string | null) =>
  z.string({ error: ACCOUNT_MESSAGES.notAString }).check(
    z.trim(),
    z.normalize('NFC'),
    z.superRefine((value, ctx) => {
      if (value === '') return;
      const message = humanTextProblem(value, rule) ?? fieldRule?.(value) ?? null;
      if (message !== null) addIssue(ctx, message);
    }),
  );
const L = PROFILE_FIELD_MAX_LENGTHS;
/** A phone number as typed (full-width digits, any dash); the API stores `normalizePhoneNumber`'s form. */
const phone = profileText({ maxLength: L.phone }, (value) => (normalizePhoneNumber(value) === null ? PHONE_MESSAGES.invalid : null));
/** A postal code as typed; the API stores the 7 digits. */
const zipcode = profileText({ maxLength: L.zipcode }, (value) =>
  normalizePostalCode(value) === null ? POSTAL_CODE_MESSAGES.invalid : null,
);
const prefecture = profileText({ maxLength: L.prefecture }, (value) => (isPrefecture(value) ? null : PROFILE_MESSAGES.prefecture));

/**
 * `PATCH /api/profile/`: the fields the applicant edits, each optional, and `addfiles` as the ids of
 * the applicant's own uploaded files to attach (identity documents among them submit the identity
 * for review, with `identity_document_type`). Whether the bank account may change
 * (`can_edit_bank_account`) and whether the identity locks the names are the handler's checks
 * against the stored profile. The division can be chosen but never set back to `none`.
 */
export const ProfilePatchFieldsSchema = z.partial(
  z.object({
    first_name: profileText(PERSON_NAME),
    last_name: profileText(PERSON_NAME),
    corporate_division: z
      .enum(CORPORATE_DIVISIONS)
      .check(z.refine((division) => division !== 'none', { message: PROFILE_MESSAGES.divisionNone })),
    company_name: profileText(COMPANY_NAME),
    bank_account: BankAccountStringSchema,
    office_phone: z.nullable(phone),
    office_zipcode: z.nullable(zipcode),
    office_prefecture: z.nullable(prefecture),
    office_city: z.nullable(profileText({ maxLength: L.city })),
    office_building_number: z.nullable(profileText({ maxLength: L.building_number })),
    owner_phone: z.nullable(phone),
    owner_zipcode: z.nullable(zipcode),
    owner_prefecture: z.nullable(prefecture),
    owner_city: z.nullable(profileText({ maxLength: L.city })),
    owner_building_number: z.nullable(profileText({ maxLength: L.building_number })),
    sector: z.enum(SECTORS),
    business_summary: profileText({ maxLength: L.business_summary, multiline: true }),
    identity_document_type: z.enum(IDENTITY_DOCUMENT_TYPES),
    addfiles: z.array(IdSchema).check(z.maxLength(20)),
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

/**
 * `PATCH /api/profile_name_and_identity/`: the names, company name and division that the identity
 * vouches for, changed together with a new identity document (its files in `addfiles`, its type in
 * `identity_document_type`, both required); the identity goes back to 確認中.
 */
export const ProfileNameAndIdentityPatchSchema = patchOf(
  z.extend(z.pick(ProfilePatchFieldsSchema, { first_name: true, last_name: true, company_name: true, corporate_division: true }), {
    identity_document_type: z.enum(IDENTITY_DOCUMENT_TYPES),
    addfiles: z.array(IdSchema).check(z.minLength(1), z.maxLength(20)),
  }),
);
export type ProfileNameAndIdentityPatch = z.infer<typeof ProfileNameAndIdentityPatchSchema>;
