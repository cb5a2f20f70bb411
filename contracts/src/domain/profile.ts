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

/** The 47 都道府県, in the order of the national code (JIS X 0401), for the prefecture selects. */
export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;
export type Prefecture = (typeof PREFECTURES)[number];
export const isPrefecture = (value: unknown): value is Prefecture => (PREFECTURES as readonly unknown[]).includes(value);

/** The longest text each profile field takes (characters); every text field is bounded. */
export const PROFILE_FIELD_MAX_LENGTHS = {
  first_name: 150,
  last_name: 150,
  company_name: 255,
  phone: 20,
  zipcode: 10,
  prefecture: 10,
  city: 100,
  building_number: 100,
  business_summary: 1000,
} as const;

/** C0 controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F). */
const isControl = (code: number): boolean => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
/** Tab, line feed and carriage return: allowed in multi-line text. */
const MULTILINE_CONTROLS: ReadonlySet<number> = new Set([0x09, 0x0a, 0x0d]);
/** Bidirectional controls (Trojan Source), the line and paragraph separators, zero-width no-break at the start of text. */
const INVISIBLE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/u;

/**
 * Whether a text has characters no name or address needs and that can disguise what is shown:
 * control characters (tab and line breaks allowed in multi-line text) and bidirectional or
 * invisible formatting characters.
 */
export function hasForbiddenCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  const multiline = options.multiline === true;
  // Code units are enough: every control character is in the BMP, and surrogates are not controls.
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (isControl(code) && !(multiline && MULTILINE_CONTROLS.has(code))) return true;
  }
  return INVISIBLE.test(value);
}

export const PROFILE_MESSAGES = {
  forbiddenCharacters: '使用できない文字（制御文字や表示方向を変える文字）が含まれています。',
  prefecture: '都道府県を選択してください。',
  divisionNone: '法人・個人事業主の区分は「未選択」に戻せません。',
} as const;
