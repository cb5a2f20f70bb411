import type { User } from '../db/schema';

/**
 * The profile's row ↔ contract mapping, in one place (issue 24): each profile field of the contract
 * (`ProfileSchema`, `ProfilePatchFieldsSchema`, `MeSchema`, `StaffApplicantSchema`) that is a users
 * column as it is, and its drizzle column. The SQL column has the contract field's name
 * (`firstName: text('first_name')`); profile-columns.test.ts holds this table to the drizzle
 * schema and the zod contracts, so a field added to one and not the others fails there.
 *
 * Fields the contract computes (`identity_confirmation`, `has_usable_password`, `addfiles`, …) are
 * written where they are computed (users.ts `toProfile`, `toMe`).
 */
export const PROFILE_COLUMNS = {
  id: 'id',
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  corporate_division: 'corporateDivision',
  company_name: 'companyName',
  bank_account: 'bankAccount',
  office_phone: 'officePhone',
  office_zipcode: 'officeZipcode',
  office_prefecture: 'officePrefecture',
  office_city: 'officeCity',
  office_building_number: 'officeBuildingNumber',
  owner_phone: 'ownerPhone',
  owner_zipcode: 'ownerZipcode',
  owner_prefecture: 'ownerPrefecture',
  owner_city: 'ownerCity',
  owner_building_number: 'ownerBuildingNumber',
  sector: 'sector',
  business_summary: 'businessSummary',
  identity_document_type: 'identityDocumentType',
  can_edit_bank_account: 'canEditBankAccount',
  has_entry_permission_when_delayed: 'hasEntryPermissionWhenDelayed',
} as const satisfies Record<string, keyof User>;

type ProfileColumns = typeof PROFILE_COLUMNS;
/** A profile field stored as it is in a users column. */
export type ProfileColumnField = keyof ProfileColumns;
/** The users column of a profile field. */
export type ProfileColumn = ProfileColumns[ProfileColumnField];

/** The fields' values of a row, under the contract's names. */
export type ProfileColumnValues<F extends ProfileColumnField> = { [K in F]: User[ProfileColumns[K]] };

/** The values of `fields` in `row`, named as the contract names them (`firstName` → `first_name`). */
export function profileValuesOf<F extends ProfileColumnField>(
  row: Pick<User, ProfileColumns[F]>,
  fields: readonly F[],
): ProfileColumnValues<F> {
  const values: Partial<Record<ProfileColumnField, unknown>> = {};
  for (const field of fields) values[field] = row[PROFILE_COLUMNS[field]];
  return values as ProfileColumnValues<F>;
}

/** The office's and the owner's phone and address, as the profile and the reviewer's view name them. */
export const PROFILE_CONTACT_FIELDS = [
  'office_phone',
  'office_zipcode',
  'office_prefecture',
  'office_city',
  'office_building_number',
  'owner_phone',
  'owner_zipcode',
  'owner_prefecture',
  'owner_city',
  'owner_building_number',
] as const satisfies readonly ProfileColumnField[];
