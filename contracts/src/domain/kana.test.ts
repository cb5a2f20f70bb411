import { describe, expect, test } from 'vitest';
import {
  isAccountHolderNameChar,
  normalizeAccountHolderName,
  normalizeBankAccountNumber,
  stripAccountHolderNameSymbols,
  type KanaChange,
} from './kana';
import { validateAccountHolderName } from './validation';

describe('isAccountHolderNameChar', () => {
  test.each([
    // katakana: every letter of the Katakana block (ァ U+30A1 … ヺ U+30FA) except ヲ (spec §5)
    ['ァ', true],
    ['ア', true],
    ['ガ', true],
    ['パ', true],
    ['ッ', true],
    ['ロ', true],
    ['ヮ', true],
    ['ワ', true],
    ['ヰ', true],
    ['ヱ', true],
    ['ヲ', false],
    ['ン', true],
    ['ヴ', true],
    ['ヵ', true],
    ['ヶ', true],
    ['ヷ', true],
    ['ヸ', true],
    ['ヹ', true],
    ['ヺ', true],
    // the neighbours of the block's letters are not letters
    ['゠', false],
    ['・', false],
    ['ヽ', false],
    ['ヾ', false],
    ['ヿ', false],
    ['ㇰ', false],
    // full-width letters (both cases) and digits, with their neighbours
    ['Ａ', true],
    ['Ｚ', true],
    ['ａ', true],
    ['ｚ', true],
    ['０', true],
    ['９', true],
    ['＠', false],
    ['［', false],
    ['｀', false],
    ['｛', false],
    ['：', false],
    ['A', false],
    ['a', false],
    ['1', false],
    // the allowed symbols and the full-width space
    ['゛', true],
    ['゜', true],
    ['（', true],
    ['）', true],
    ['「', true],
    ['」', true],
    ['／', true],
    ['．', true],
    ['ー', true],
    ['￥', true],
    ['　', true],
    [' ', false],
    ['-', false],
    ['－', false],
    ['、', false],
    ['，', false],
    // other scripts
    ['あ', false],
    ['ｱ', false],
    ['山', false],
    ['😀', false],
    ['', false],
    ['アア', false],
  ])('%j → %s', (char, expected) => {
    expect(isAccountHolderNameChar(char)).toBe(expected);
  });
});

// The rule of spec §5 as a whole (validation.ts applies kana.ts): what the issue found refused.
describe('the §5 holder-name rule, exactly', () => {
  const bad = 'ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください。';
  test.each<[string, string | undefined]>([
    ['ヰヱヮヵヶ', undefined],
    ['ヷヸヹヺ', undefined],
    ['カ）ヤマダ　ヰスキー', undefined],
    ['ＡＢＣ　ｄｅｆ　０１２', undefined],
    ['（カ）「ヤマダ」／ＡＢ．ＣＤ￥ー゛゜', undefined],
    ['ア'.repeat(30), undefined],
    ['ヶ'.repeat(31), bad],
    ['ヲ', bad],
    ['ヤマダヲ', bad],
    ['ヤマダ・タロウ', bad],
    ['ヤマダ タロウ', bad],
    ['ヤマダ,タロウ', bad],
    ['ヽ', bad],
    ['（）「」／．ー￥゛゜　', bad],
    ['', bad],
  ])('%j → %s', (name, message) => {
    expect(validateAccountHolderName(name)).toBe(message);
  });
});

describe('stripAccountHolderNameSymbols', () => {
  test.each([
    ['カ）ヤマダ　タロウ', 'カヤマダタロウ'],
    ['（）「」／．ー￥゛゜　', ''],
    ['ＡＢＣ１２３', 'ＡＢＣ１２３'],
    ['', ''],
    ['ー　ー', ''],
  ])('%j → %j', (name, stripped) => {
    expect(stripAccountHolderNameSymbols(name)).toBe(stripped);
  });
});

const change = (kind: KanaChange['kind'], from: string, to: string): KanaChange => ({ kind, from, to });

describe('normalizeAccountHolderName', () => {
  test.each<[string, string, KanaChange[]]>([
    // already what banks expect: nothing changes
    ['カ）ヤマダ　タロウ', 'カ）ヤマダ　タロウ', []],
    ['', '', []],
    // hiragana → katakana
    ['やまだ', 'ヤマダ', [change('hiragana', 'や', 'ヤ'), change('hiragana', 'ま', 'マ'), change('hiragana', 'だ', 'ダ')]],
    ['ぁっゔ', 'ァッヴ', [change('hiragana', 'ぁ', 'ァ'), change('hiragana', 'っ', 'ッ'), change('hiragana', 'ゔ', 'ヴ')]],
    // half-width katakana → full-width, voiced and semi-voiced pairs become one letter
    ['ｶﾞｸ', 'ガク', [change('halfWidthKana', 'ｶﾞ', 'ガ'), change('halfWidthKana', 'ｸ', 'ク')]],
    ['ﾊﾟﾝ', 'パン', [change('halfWidthKana', 'ﾊﾟ', 'パ'), change('halfWidthKana', 'ﾝ', 'ン')]],
    ['ｳﾞ', 'ヴ', [change('halfWidthKana', 'ｳﾞ', 'ヴ')]],
    ['ｶﾟ', 'カ゜', [change('halfWidthKana', 'ｶ', 'カ'), change('halfWidthKana', 'ﾟ', '゜')]],
    ['ﾞ', '゛', [change('halfWidthKana', 'ﾞ', '゛')]],
    ['ｧｰ', 'ァー', [change('halfWidthKana', 'ｧ', 'ァ'), change('halfWidthKana', 'ｰ', 'ー')]],
    ['｢ｱ｣', '「ア」', [change('halfWidthKana', '｢', '「'), change('halfWidthKana', 'ｱ', 'ア'), change('halfWidthKana', '｣', '」')]],
    ['ﾀﾞﾞ', 'ダ゛', [change('halfWidthKana', 'ﾀﾞ', 'ダ'), change('halfWidthKana', 'ﾞ', '゛')]],
    // half-width letters and digits → full-width, lower case → upper case
    [
      'AZ09',
      'ＡＺ０９',
      [
        change('halfWidthAlphanumeric', 'A', 'Ａ'),
        change('halfWidthAlphanumeric', 'Z', 'Ｚ'),
        change('halfWidthAlphanumeric', '0', '０'),
        change('halfWidthAlphanumeric', '9', '９'),
      ],
    ],
    ['az', 'ＡＺ', [change('lowerCase', 'a', 'Ａ'), change('lowerCase', 'z', 'Ｚ')]],
    ['ａｚ', 'ＡＺ', [change('lowerCase', 'ａ', 'Ａ'), change('lowerCase', 'ｚ', 'Ｚ')]],
    // symbols with an obvious full-width equivalent
    [
      '()./',
      '（）．／',
      [change('symbol', '(', '（'), change('symbol', ')', '）'), change('symbol', '.', '．'), change('symbol', '/', '／')],
    ],
    ['\\¥＼', '￥￥￥', [change('symbol', '\\', '￥'), change('symbol', '¥', '￥'), change('symbol', '＼', '￥')]],
    ['-－‐‑−–—―', 'ーーーーーーーー', [...'-－‐‑−–—―'].map((dash) => change('symbol', dash, 'ー'))],
    // spaces: inner half-width (and no-break) → full-width; ends trimmed
    ['ヤマダ タロウ', 'ヤマダ　タロウ', [change('space', ' ', '　')]],
    ['ヤマダ\u00a0タロウ', 'ヤマダ　タロウ', [change('space', '\u00a0', '　')]],
    [' ヤマダ　', 'ヤマダ', [change('trimmed', ' ヤマダ　', 'ヤマダ')]],
    // NFC first: a combining sound mark becomes part of the letter
    ['カ\u3099', 'ガ', [change('composed', 'カ\u3099', 'ガ')]],
    ['は\u309a', 'パ', [change('composed', 'は\u309a', 'ぱ'), change('hiragana', 'ぱ', 'パ')]],
    // a natural company name, typed in half-width katakana with ASCII
    [
      'ｶ)ﾔﾏﾀﾞ ｼｮｳｼﾞ',
      'カ）ヤマダ　ショウジ',
      [
        change('halfWidthKana', 'ｶ', 'カ'),
        change('symbol', ')', '）'),
        change('halfWidthKana', 'ﾔ', 'ヤ'),
        change('halfWidthKana', 'ﾏ', 'マ'),
        change('halfWidthKana', 'ﾀﾞ', 'ダ'),
        change('space', ' ', '　'),
        change('halfWidthKana', 'ｼ', 'シ'),
        change('halfWidthKana', 'ｮ', 'ョ'),
        change('halfWidthKana', 'ｳ', 'ウ'),
        change('halfWidthKana', 'ｼﾞ', 'ジ'),
      ],
    ],
  ])('%j → %j', (input, value, changes) => {
    expect(normalizeAccountHolderName(input)).toEqual({ value, changes });
  });

  // Hiragana whose katakana the spec allows (ヰ ヱ ヮ ヵ ヶ) convert like any other.
  test.each([
    ['ゐ', 'ヰ'],
    ['ゑ', 'ヱ'],
    ['ゎ', 'ヮ'],
    ['ゕ', 'ヵ'],
    ['ゖ', 'ヶ'],
  ])('%j → %j, and is then valid', (input, value) => {
    const result = normalizeAccountHolderName(`ヤ${input}ダ`);
    expect(result).toEqual({ value: `ヤ${value}ダ`, changes: [change('hiragana', input, value)] });
    expect(validateAccountHolderName(result.value)).toBeUndefined();
  });

  // Never turn what a bank would reject into something valid: these stay as typed, and fail.
  test.each([
    ['ヲ', 'ヲ'],
    ['ｦ', 'ｦ'],
    ['を', 'を'],
    ['ゝ', 'ゝ'],
    ['山田', '山田'],
    ['😀', '😀'],
    ['・', '・'],
    ['｡', '｡'],
    ['､', '､'],
    [',', ','],
    ['~', '~'],
    ['\t', '\t'],
  ])('%j stays %j and stays invalid', (input, value) => {
    const result = normalizeAccountHolderName(`ヤ${input}ダ`);
    expect(result).toEqual({ value: `ヤ${value}ダ`, changes: [] });
    expect(validateAccountHolderName(result.value)).toBeDefined();
  });

  test.each([
    ['をかだ', 'ヲカダ' /* would be valid-looking but ヲ is banned */],
    ['ｦｶﾀﾞ', 'ヲカダ'],
  ])('a name with %j only gets its valid letters converted', (input) => {
    const result = normalizeAccountHolderName(input);
    expect(result.value).toBe(`${input[0]}カダ`);
    expect(validateAccountHolderName(result.value)).toBeDefined();
  });

  test.each(['やまだ たろう', 'ｶ)ﾔﾏﾀﾞ', 'abc-123', ' ﾀﾞｲｺﾞ ', 'ヲ山田', '(ｶ)ﾃｽﾄ.ｺｰﾎﾟﾚｰｼｮﾝ'])('is idempotent for %j', (input) => {
    const once = normalizeAccountHolderName(input).value;
    expect(normalizeAccountHolderName(once)).toEqual({ value: once, changes: [] });
  });

  test.each(['やまだ たろう', 'ｶ)ﾔﾏﾀﾞ ｼｮｳｼﾞ', 'abc (ｶ)', 'ﾊﾟﾅｿﾆｯｸ', 'ヤマダ-タロウ'])(
    '%j types naturally and passes once normalised',
    (input) => {
      expect(validateAccountHolderName(normalizeAccountHolderName(input).value)).toBeUndefined();
    },
  );
});

describe('normalizeBankAccountNumber', () => {
  test.each<[string, string, KanaChange[]]>([
    ['1234567', '1234567', []],
    ['１２３４５６７', '1234567', [...'１２３４５６７'].map((digit, index) => change('fullWidthDigit', digit, String(index + 1)))],
    ['０９', '09', [change('fullWidthDigit', '０', '0'), change('fullWidthDigit', '９', '9')]],
    [' 1234567　', '1234567', [change('trimmed', ' 1234567　', '1234567')]],
    ['123-4567', '123-4567', []],
    ['12３', '123', [change('fullWidthDigit', '３', '3')]],
    ['ａ', 'ａ', []],
    ['／：', '／：', []], // the neighbours of ０ and ９
    ['', '', []],
  ])('%j → %j', (input, value, changes) => {
    expect(normalizeBankAccountNumber(input)).toEqual({ value, changes });
  });
});
