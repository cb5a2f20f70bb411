import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Japanese phone numbers as people type them (issue #9): full-width digits, the many dashes of a
 * Japanese keyboard, spaces and brackets are accepted; the number is checked against the numbering
 * plan (libphonenumber's metadata) and stored in the national format with hyphens, `03-1234-5678`,
 * `090-1234-5678`, `0120-123-456`.
 */

export const PHONE_MESSAGES = {
  invalid: '電話番号を正しく入力してください（例: 03-1234-5678、090-1234-5678）。',
} as const;

/** Dashes people type between the groups (after NFKC): the Unicode dashes, minus and the long vowel mark. */
const DASHES = /[\u2010-\u2015\u2212\u30fc]/g;
/** What a typed number may contain besides digits. */
const TYPED = /^\+?[0-9()\-\s]+$/;

/**
 * A phone number as typed → its national format (`03-1234-5678`), or null when it is not a valid
 * Japanese number. `+81` numbers become national ones; foreign numbers are refused.
 */
export function normalizePhoneNumber(input: string): string | null {
  const typed = input.normalize('NFKC').replace(DASHES, '-').trim();
  if (!TYPED.test(typed)) return null;
  const phone = parsePhoneNumberFromString(typed, 'JP');
  if (phone?.country !== 'JP' || !phone.isValid()) return null;
  return phone.formatNational();
}
