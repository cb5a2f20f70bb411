/**
 * 法人番号 (corporate number, National Tax Agency): 13 digits, a check digit followed by the
 * 12-digit base (for a registered company, its 会社法人等番号).
 *
 * The check digit (法人番号の指定等に関する省令 第2条) is the first digit:
 *   9 − (Σ_{n=1..12} Pn × Qn mod 9)
 * where Pn is the base's n-th digit counted from the right and Qn is 1 for odd n, 2 for even n.
 * It is therefore 1–9, never 0. Known-good numbers (the tests pin them): 7000012050002 (国税庁),
 * 4000012090001 (経済産業省), 1180301018771 (トヨタ自動車).
 */

const BASE = /^[0-9]{12}$/;
const NUMBER = /^[0-9]{13}$/;

/** The check digit of a 12-digit base (ASCII digits only), or null when it is not one. */
export function houjinbangouCheckDigit(base: string): number | null {
  if (!BASE.test(base)) return null;
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const weight = n % 2 === 0 ? 2 : 1;
    sum += Number(base[12 - n]) * weight;
  }
  return 9 - (sum % 9);
}

/** True for 13 ASCII digits whose first digit is the check digit of the other twelve. */
export function isValidHoujinbangou(value: string): boolean {
  return NUMBER.test(value) && houjinbangouCheckDigit(value.slice(1)) === Number(value[0]);
}

const FULL_WIDTH_DIGITS = '０１２３４５６７８９';
/** Spaces and hyphens people type between groups of digits (1-1803-0101-8771, 1 1803 …). */
const SEPARATORS = /[\s\-‐‑–—―−－ー]/gu;

/**
 * What someone typed or pasted as a 法人番号 → 13 ASCII digits with a valid check digit, or null.
 * Full-width digits become ASCII, spaces and hyphens are dropped, and the `T` of an invoice
 * registration number (適格請求書発行事業者登録番号 = T + 法人番号) is accepted in either width
 * and case. Nothing is guessed: a wrong check digit is null.
 */
export function normalizeHoujinbangou(input: string): string | null {
  let text = input.replace(SEPARATORS, '');
  text = text.replace(/^[TtＴｔ]/u, '');
  let digits = '';
  for (const char of text) {
    const index = FULL_WIDTH_DIGITS.indexOf(char);
    digits += index >= 0 ? String(index) : char;
  }
  return isValidHoujinbangou(digits) ? digits : null;
}
