import jaconv from 'jaconv';

/**
 * Account holder names the way spec §5 words them: full-width katakana except ヲ, full-width
 * alphanumerics, ゛゜（）「」／．ー￥ and the space, at most 30 characters, and at least one character
 * once the symbols are stripped.
 *
 * Interpretation of the spec (documented choices):
 * - "Full-width katakana" is every letter of the Katakana block, ァ (U+30A1) to ヺ (U+30FA): the
 *   small letters (ァ…ヮ, ヵ, ヶ), ヰ, ヱ, ヴ and ヷ…ヺ included, ヲ (U+30F2) excluded by the spec. The
 *   marks around them are not letters and are not allowed: ゠, ・ (not in the spec's symbol list),
 *   the iteration marks ヽ ヾ and ヿ; nor are the Ainu small letters (U+31F0…) of another block.
 * - "英数字" is every full-width letter and digit: Ａ–Ｚ, ａ–ｚ and ０–９ (the normaliser still
 *   writes letters in upper case, as banks print them, but a lower-case letter is not refused).
 * - "スペース" is the full-width space U+3000 (`\u3000`), like every other allowed character. The half-width space
 *   is normalised to it, which also keeps the bank account string (parts separated by half-width
 *   spaces, see bank-account.ts) unambiguous.
 */
const KATAKANA = 'ァ-ヱン-ヺ';
const ALPHANUMERIC = 'Ａ-Ｚａ-ｚ０-９';
/** The symbols that the "at least one character" rule strips, space included. */
const SYMBOLS = '゛゜（）「」／．ー￥　';

const HOLDER_NAME_CHAR = new RegExp(`^[${KATAKANA}${ALPHANUMERIC}${SYMBOLS}]$`, 'u');
const HOLDER_NAME_SYMBOLS = new RegExp(`[${SYMBOLS}]`, 'gu');

/** True when `char` (one character) may appear in an account holder name. */
export function isAccountHolderNameChar(char: string): boolean {
  return HOLDER_NAME_CHAR.test(char);
}

/** The name with the allowed symbols and spaces removed (what must keep at least one character). */
export function stripAccountHolderNameSymbols(name: string): string {
  return name.replace(HOLDER_NAME_SYMBOLS, '');
}

/** What a normalisation changed, so a page can tell the applicant (labels: `NORMALIZATION_NOTICES` in messages.ts). */
export type KanaChangeKind =
  'composed' | 'trimmed' | 'hiragana' | 'halfWidthKana' | 'halfWidthAlphanumeric' | 'lowerCase' | 'symbol' | 'space' | 'fullWidthDigit';

export interface KanaChange {
  readonly kind: KanaChangeKind;
  readonly from: string;
  readonly to: string;
}

export interface Normalized {
  readonly value: string;
  readonly changes: readonly KanaChange[];
}

/** Symbols and spaces with an obvious allowed equivalent (anything else is left for validation to reject). */
const REPLACEMENTS: Readonly<Record<string, { readonly to: string; readonly kind: 'symbol' | 'space' }>> = {
  '(': { to: '（', kind: 'symbol' },
  ')': { to: '）', kind: 'symbol' },
  '.': { to: '．', kind: 'symbol' },
  '/': { to: '／', kind: 'symbol' },
  '\\': { to: '￥', kind: 'symbol' },
  '¥': { to: '￥', kind: 'symbol' },
  '＼': { to: '￥', kind: 'symbol' },
  '-': { to: 'ー', kind: 'symbol' },
  '－': { to: 'ー', kind: 'symbol' },
  '‐': { to: 'ー', kind: 'symbol' },
  '‑': { to: 'ー', kind: 'symbol' },
  '−': { to: 'ー', kind: 'symbol' },
  '–': { to: 'ー', kind: 'symbol' },
  '—': { to: 'ー', kind: 'symbol' },
  '―': { to: 'ー', kind: 'symbol' },
  ' ': { to: '\u3000', kind: 'space' },
  '\u00a0': { to: '\u3000', kind: 'space' },
};

const HALF_WIDTH_KANA = /^[\uff61-\uff9f]$/u;
const HALF_WIDTH_SOUND_MARK = /^[ﾞﾟ]$/u;
const HIRAGANA = /^[ぁ-ゖ]$/u;
const HALF_WIDTH_ALPHANUMERIC = /^[A-Za-z0-9]$/u;
const LOWER_CASE = /^[a-zａ-ｚ]$/u;

type Conversion = { readonly to: string; readonly kind: KanaChangeKind; readonly length: number };

/** One allowed conversion at `chars[index]`, or undefined to keep the character as typed. */
function convertAt(chars: readonly string[], index: number): Conversion | undefined {
  const char = chars[index] as string;
  const next = chars[index + 1];
  if (HALF_WIDTH_KANA.test(char)) {
    // ｶﾞ → ガ, ﾊﾟ → パ: try the pair first; jaconv leaves an impossible pair (ｶﾟ) as two letters.
    if (next !== undefined && HALF_WIDTH_SOUND_MARK.test(next)) {
      const pair = jaconv.toZenKana(char + next);
      if (pair.length === 1) return { to: pair, kind: 'halfWidthKana', length: 2 };
    }
    return allowed(jaconv.toZenKana(char), 'halfWidthKana');
  }
  if (HIRAGANA.test(char)) return allowed(jaconv.toKatakana(char), 'hiragana');
  if (HALF_WIDTH_ALPHANUMERIC.test(char)) {
    return allowed(jaconv.toZenAscii(char.toUpperCase()), LOWER_CASE.test(char) ? 'lowerCase' : 'halfWidthAlphanumeric');
  }
  if (LOWER_CASE.test(char)) return allowed(char.toUpperCase(), 'lowerCase');
  const replacement = REPLACEMENTS[char];
  return replacement && allowed(replacement.to, replacement.kind);
}

/** A conversion is applied only when its result is allowed: を and ｦ stay as typed and fail. */
function allowed(to: string, kind: KanaChangeKind): Conversion | undefined {
  return isAccountHolderNameChar(to) ? { to, kind, length: 1 } : undefined;
}

/**
 * Normalises what an applicant typed into the holder name banks expect: NFC first (カ + combining
 * ゙ → ガ), leading and trailing spaces removed, hiragana and half-width katakana (ｶﾞ → ガ) to
 * full-width katakana, half-width letters and digits to full-width, lower case to upper case, and
 * half-width symbols with an obvious equivalent to the allowed full-width ones (( ) → （）, - and
 * ｰ → ー, . → ．, / → ／, \ and ¥ → ￥, space → full-width space).
 *
 * It never makes an invalid name valid by guessing: ヲ (を, ｦ), kanji, ・, emoji and the rest stay
 * as they are so validation rejects them. Every change is listed so the page can show it.
 */
export function normalizeAccountHolderName(input: string): Normalized {
  const changes: KanaChange[] = [];
  const composed = input.normalize('NFC');
  if (composed !== input) changes.push({ kind: 'composed', from: input, to: composed });
  const trimmed = composed.trim();
  if (trimmed !== composed) changes.push({ kind: 'trimmed', from: composed, to: trimmed });

  const chars = [...trimmed];
  let value = '';
  for (let index = 0; index < chars.length;) {
    const conversion = convertAt(chars, index);
    if (conversion === undefined) {
      value += chars[index];
      index += 1;
    } else {
      changes.push({ kind: conversion.kind, from: chars.slice(index, index + conversion.length).join(''), to: conversion.to });
      value += conversion.to;
      index += conversion.length;
    }
  }
  return { value, changes };
}

const FULL_WIDTH_DIGITS = '０１２３４５６７８９';

/**
 * Normalises a typed bank account number: surrounding spaces removed and full-width digits
 * (`１２３４５６７`, what a Japanese IME gives) made half-width. Anything else stays for validation.
 */
export function normalizeBankAccountNumber(input: string): Normalized {
  const changes: KanaChange[] = [];
  const trimmed = input.trim();
  if (trimmed !== input) changes.push({ kind: 'trimmed', from: input, to: trimmed });
  let value = '';
  for (const char of trimmed) {
    const digit = FULL_WIDTH_DIGITS.indexOf(char);
    if (digit >= 0) {
      changes.push({ kind: 'fullWidthDigit', from: char, to: String(digit) });
      value += String(digit);
    } else {
      value += char;
    }
  }
  return { value, changes };
}
