import Big from 'big.js';
import { isWholeYen } from './money';

/**
 * Amounts as an applicant types them into a form (issue #10): `1,000,000`, full-width
 * `１０００００`, `100万`, `1億2,000万円`, `￥50,000` — read as whole yen, and shown back with
 * thousands separators. The API receives the plain decimal string (`"1000000"`), never the text.
 *
 * What is read: NFKC width folding (full-width digits, `，` `．` `￥`), spaces anywhere, an optional
 * leading `¥` or `\`, an optional trailing `円`, then numbers with the units 億, 万 and 千 in that
 * order, each at most once, and a plain number after them (`100万5000`). A number is digits with
 * commas only in groups of three (`1,000` but not `1,00`) and an optional fraction (`1.5万`). The
 * total must be whole yen (`1.5` is refused, `1.5万` is 15,000) and below 1兆円.
 */

/** Why an amount could not be read, each with the sentence shown under the field. */
export const YEN_INPUT_MESSAGES = {
  invalid: '金額は数字で入力してください（例: 1,000,000 または 100万）。',
  fraction: '1円未満の端数は入力できません。',
  tooLarge: '金額は1兆円未満で入力してください。',
} as const;

export type YenInputProblem = keyof typeof YEN_INPUT_MESSAGES;

export type YenInputResult =
  | { readonly kind: 'empty' }
  /** `value`: whole yen as a plain decimal string (`"1000000"`). */
  | { readonly kind: 'yen'; readonly value: string }
  | { readonly kind: 'invalid'; readonly problem: YenInputProblem; readonly message: string };

/** Amounts from 1兆円 up are refused: no invoice of this service comes near, and a typo of extra zeros is caught. */
export const YEN_INPUT_LIMIT = new Big('1000000000000');

const UNIT_VALUES = { 億: 100_000_000, 万: 10_000, 千: 1000 } as const;

const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const AMOUNT = new RegExp(`^(?:(${NUMBER})億)?(?:(${NUMBER})万)?(?:(${NUMBER})千)?(${NUMBER})?$`);

const invalid = (problem: YenInputProblem): YenInputResult => ({ kind: 'invalid', problem, message: YEN_INPUT_MESSAGES[problem] });

/** Reads what was typed into an amount field (see the module comment). */
export function parseYenInput(text: string): YenInputResult {
  const folded = text
    .normalize('NFKC')
    .replace(/\s/g, '')
    .replace(/^[¥\\]/, '')
    .replace(/円$/, '');
  if (folded === '') return text.trim() === '' ? { kind: 'empty' } : invalid('invalid');
  const match = AMOUNT.exec(folded);
  if (match === null) return invalid('invalid');
  const [, oku, man, sen, rest] = match;
  const parts: [string | undefined, number][] = [
    [oku, UNIT_VALUES.億],
    [man, UNIT_VALUES.万],
    [sen, UNIT_VALUES.千],
    [rest, 1],
  ];
  const total = parts.reduce(
    (sum, [number, unit]) => (number === undefined ? sum : sum.plus(new Big(number.replace(/,/g, '')).times(unit))),
    new Big(0),
  );
  if (!isWholeYen(total)) return invalid('fraction');
  if (total.gte(YEN_INPUT_LIMIT)) return invalid('tooLarge');
  return { kind: 'yen', value: total.toFixed(0) };
}

/**
 * A whole-yen decimal string for an amount field, with thousands separators and no unit:
 * `"1000000"` / `"1000000.00"` → `1,000,000`. Anything else (blank, not whole yen) comes back as
 * it is, so a field never loses what it holds.
 */
export function formatYenInput(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (!/^\d+(\.0+)?$/.test(value)) return value;
  return new Big(value).toFixed(0).replace(/\B(?=(\d{3})+$)/g, ',');
}
