import * as z from 'zod/mini';

/**
 * `GET /api/postal-codes/{code}/`: a Japanese postal code (郵便番号) → the address parts Japan Post
 * lists for it, so a form can fill 都道府県 and 市区町村 (from the first address) and let the person
 * edit. The API looks it up in Japan Post's data shipped offline (api/README.md "Postal codes").
 */

export const POSTAL_CODE_MESSAGES = {
  invalid: '郵便番号は7桁の数字で入力してください。',
} as const;

/** A postal code as the API takes and answers it: 7 ASCII digits, no hyphen (`1000001`). */
export const POSTAL_CODE_PATTERN = /^[0-9]{7}$/;
export const PostalCodeSchema = z.string().check(z.regex(POSTAL_CODE_PATTERN, POSTAL_CODE_MESSAGES.invalid));

/** `{code}` in the path: anything but 7 digits is 400 `{"code": [message]}` (call `normalizePostalCode` first). */
export const PostalCodeParamsSchema = z.object({ code: PostalCodeSchema });
export type PostalCodeParams = z.infer<typeof PostalCodeParamsSchema>;

/**
 * One address of a code: 都道府県, 市区町村 (with the ward of a designated city: `札幌市中央区`), and
 * the town (町域: `千代田`), which is `""` where Japan Post lists the code for the whole city
 * (「以下に掲載がない場合」) or for several towns it does not name.
 */
export const PostalAddressSchema = z.object({
  prefecture: z.string(),
  city: z.string(),
  town: z.string(),
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

/**
 * The answer: the code and every address listed for it, in Japan Post's order. A code can name
 * several towns (even several cities); a code the data does not list answers `addresses: []`
 * (200, not 404: "unknown" is an answer the page shows, not an error).
 */
export const PostalCodeLookupSchema = z.object({
  code: PostalCodeSchema,
  addresses: z.array(PostalAddressSchema),
});
export type PostalCodeLookup = z.infer<typeof PostalCodeLookupSchema>;

/** Hyphens as people type them (after NFKC): ASCII, the Unicode dashes and minus, the katakana long vowel mark. */
const SEPARATOR = '[-\\u2010-\\u2015\\u2212\\u30fc]';
const TYPED_POSTAL_CODE = new RegExp(`^([0-9]{3})\\s*(?:${SEPARATOR}\\s*)?([0-9]{4})$`);

/**
 * A postal code as typed → the 7 digits the API takes, or null when it is not a postal code.
 * Full-width digits and hyphens become ASCII (NFKC), a leading 〒 and surrounding spaces go, and the
 * digits may be split 3-4 by one hyphen or space: `'〒１００－０００１'`, `'100-0001'`, `'100 0001'`,
 * `'1000001'` → `'1000001'`; `'100-001'`, `'1000-001'`, `'100-00011'`, `'abc'` → null.
 */
export function normalizePostalCode(input: string): string | null {
  const text = input
    .normalize('NFKC')
    .trim()
    .replace(/^〒\s*/, '');
  const match = TYPED_POSTAL_CODE.exec(text);
  return match === null ? null : `${match[1]}${match[2]}`;
}
