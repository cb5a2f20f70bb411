/**
 * Profile satisfaction (spec §3 `has_satisfied_profile`, §4 user status `login` vs `lackOfUserData`):
 * whether the profile (spec §3 "Profile") is complete enough to apply. The API computes
 * `has_satisfied_profile` with `isProfileSatisfied`; the pages read the flag (identity.ts).
 *
 * The spec does not list the fields; our reading: the division is chosen (corporate or individual),
 * both names are given, the owner's (代表者) phone and address are given, and a corporation also
 * gives its company name and its office's phone and address. Building numbers, sector and business
 * summary are optional. A field counts as given when it has a character other than whitespace
 * (a full-width space alone is blank too).
 */

/** Required of every applicant: both names and the owner's (代表者) phone and address. */
export const PROFILE_REQUIRED_FIELDS = [
  'last_name',
  'first_name',
  'owner_phone',
  'owner_zipcode',
  'owner_prefecture',
  'owner_city',
] as const;

/** Required of a corporation besides: the company name and the office's phone and address. */
export const CORPORATE_PROFILE_REQUIRED_FIELDS = [
  'company_name',
  'office_phone',
  'office_zipcode',
  'office_prefecture',
  'office_city',
] as const;

export type ProfileRequiredField = (typeof PROFILE_REQUIRED_FIELDS)[number] | (typeof CORPORATE_PROFILE_REQUIRED_FIELDS)[number];

/** The profile fields `isProfileSatisfied` reads; an API profile object (spec §3 "Profile") fits as is. */
export type ProfileSatisfactionFields = { readonly corporate_division?: string | null } & {
  readonly [field in ProfileRequiredField]?: string | null;
};

const isGiven = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

/**
 * `has_satisfied_profile`: the division is `corporate` or `individual` (not `none`, missing or
 * anything else), every field of `PROFILE_REQUIRED_FIELDS` is given, and for a corporation every
 * field of `CORPORATE_PROFILE_REQUIRED_FIELDS` too. Blank, whitespace-only, null and missing
 * fields are not given.
 */
export function isProfileSatisfied(profile: ProfileSatisfactionFields): boolean {
  const division = profile.corporate_division;
  if (division !== 'corporate' && division !== 'individual') return false;
  const required: readonly ProfileRequiredField[] =
    division === 'corporate' ? [...PROFILE_REQUIRED_FIELDS, ...CORPORATE_PROFILE_REQUIRED_FIELDS] : PROFILE_REQUIRED_FIELDS;
  return required.every((field) => isGiven(profile[field]));
}
