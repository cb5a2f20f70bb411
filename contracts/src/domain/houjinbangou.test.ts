import { describe, expect, test } from 'vitest';
import { houjinbangouCheckDigit, isValidHoujinbangou, normalizeHoujinbangou } from './houjinbangou';

/** Published 法人番号 of public bodies and listed companies (国税庁法人番号公表サイト). */
const KNOWN_GOOD = [
  ['7000012050002', '国税庁'],
  ['4000012090001', '経済産業省'],
  ['1180301018771', 'トヨタ自動車株式会社'],
  ['5010401067252', 'ソニーグループ株式会社'],
  ['1130001011420', '任天堂株式会社'],
] as const;

describe('houjinbangouCheckDigit', () => {
  test.each(KNOWN_GOOD)('%s (%s): the first digit is the check digit of the other twelve', (number) => {
    expect(houjinbangouCheckDigit(number.slice(1))).toBe(Number(number[0]));
  });

  test.each([
    // Σ = 0 → 9 − 0 = 9 (never 0: the check digit is 1–9)
    ['000000000000', 9],
    // Σ = 9 → 9 − 0 = 9
    ['000000000009', 9],
    // the rightmost digit weighs 1: Σ = 1 → 8
    ['000000000001', 8],
    // the second from the right weighs 2: Σ = 2 → 7
    ['000000000010', 7],
    // the twelfth from the right (the leftmost) weighs 2: Σ = 2 → 7
    ['100000000000', 7],
    // the eleventh weighs 1: Σ = 1 → 8
    ['010000000000', 8],
    // Σ = 6 × 9 + 6 × 18 = 162 = 18 × 9 → 9
    ['999999999999', 9],
    // Σ = (2+4+6+8+0+2)×1 + (1+3+5+7+9+1)×2 = 22 + 52 = 74, 74 mod 9 = 2 → 7
    ['123456789012', 7],
    // Σ = 8 (mod 9 = 8) → 1, the smallest check digit
    ['000000000008', 1],
  ])('%s → %i', (base, digit) => {
    expect(houjinbangouCheckDigit(base)).toBe(digit);
  });

  test.each([
    ['', 'empty'],
    ['00000000000', 'eleven digits'],
    ['0000000000000', 'thirteen digits'],
    ['x000000000000', 'a letter before twelve digits'],
    ['000000000000x', 'a letter after twelve digits'],
    ['00000000000a', 'a letter'],
    ['０００００００００００１', 'full-width digits'],
    ['00000 0000000', 'a space'],
  ])('%j (%s) is no base', (base) => {
    expect(houjinbangouCheckDigit(base)).toBeNull();
  });
});

describe('isValidHoujinbangou', () => {
  test.each(KNOWN_GOOD)('%s (%s) is valid', (number) => {
    expect(isValidHoujinbangou(number)).toBe(true);
  });

  test.each<[string, boolean]>([
    ['9000000000000', true],
    ['7123456789012', true],
    ['1000000000008', true],
    // every other first digit of a valid number
    ...[0, 2, 3, 4, 5, 6, 7, 8, 9].map((digit): [string, boolean] => [`${digit}180301018771`, false]),
    // one digit of the base changed
    ['1180301018772', false],
    ['1280301018771', false],
    // check digit 0 never occurs
    ['0000000000000', false],
  ])('%s → %s', (number, valid) => {
    expect(isValidHoujinbangou(number)).toBe(valid);
  });

  test.each([
    ['', 'empty'],
    ['118030101877', 'twelve digits'],
    ['11803010187710', 'fourteen digits'],
    ['T1180301018771', 'the invoice T prefix'],
    ['1180301018771 ', 'a trailing space'],
    [' 1180301018771', 'a leading space'],
    ['1-1803-0101-8771', 'hyphens'],
    ['１１８０３０１０１８７７１', 'full-width digits'],
    ['a180301018771', 'a letter as check digit'],
  ])('%j (%s) is not valid (no normalisation here)', (number) => {
    expect(isValidHoujinbangou(number)).toBe(false);
  });
});

describe('normalizeHoujinbangou', () => {
  test.each([
    ['1180301018771', '1180301018771'],
    ['１１８０３０１０１８７７１', '1180301018771'],
    ['７００００１２０５０００２', '7000012050002'],
    ['1-1803-0101-8771', '1180301018771'],
    ['1－1803－0101－8771', '1180301018771'],
    ['1ー1803ー0101ー8771', '1180301018771'],
    ['1‐1803‐0101‐8771', '1180301018771'],
    ['1−1803−0101−8771', '1180301018771'],
    ['1 1803 0101 8771', '1180301018771'],
    [' 1180301018771\t', '1180301018771'],
    ['1\u30001803\u30000101\u30008771', '1180301018771'],
    ['T1180301018771', '1180301018771'],
    ['t1180301018771', '1180301018771'],
    ['Ｔ１１８０３０１０１８７７１', '1180301018771'],
    ['ｔ1180301018771', '1180301018771'],
    ['T-1180-3010-18771', '1180301018771'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeHoujinbangou(input)).toBe(expected);
  });

  test.each([
    ['', 'empty'],
    ['1180301018772', 'a wrong check digit'],
    ['１１８０３０１０１８７７２', 'a wrong check digit, full width'],
    ['118030101877', 'twelve digits'],
    ['TT1180301018771', 'two Ts'],
    ['1180301018771T', 'a T at the end'],
    ['X1180301018771', 'another letter'],
    ['1180301018771号', 'a trailing character'],
    ['1/1803/0101/8771', 'slashes'],
  ])('%j (%s) → null', (input) => {
    expect(normalizeHoujinbangou(input)).toBeNull();
  });
});
