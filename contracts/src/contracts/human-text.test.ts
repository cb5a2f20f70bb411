import { describe, expect, test } from 'vitest';
import { MESSAGES } from '../domain/messages';
import { ACCOUNT_MESSAGES } from './account-messages';
import {
  COMPANY_NAME,
  HUMAN_TEXT_MESSAGES,
  humanText,
  humanTextProblem,
  optionalHumanText,
  PERSON_NAME,
  type HumanTextRule,
} from './human-text';

const M = HUMAN_TEXT_MESSAGES;
const LINE: HumanTextRule = { maxLength: 10 };
const LINES: HumanTextRule = { maxLength: 10, multiline: true };

describe('humanTextProblem', () => {
  test.each([
    ['山田 太郎', PERSON_NAME, null],
    ['ＡＢＣ（株）', COMPANY_NAME, null],
    ['絵文字😀も可', PERSON_NAME, null],
    ["O'Brien-Smith Jr.", PERSON_NAME, null],
    ['Amazon.co.jp 出店者', COMPANY_NAME, null],
    ['1234567890', LINE, null],
    ['12345678901', LINE, ACCOUNT_MESSAGES.tooLong(10)],
    ['😀'.repeat(10), LINE, null],
    ['a\nb', LINE, M.lineBreak],
    ['a\r\nb', LINE, M.lineBreak],
    ['a\u2028b', LINE, M.lineBreak],
    ['a\u0085b', LINE, M.lineBreak],
    ['a\u000bb', LINE, M.lineBreak],
    ['a\nb', LINES, null],
    ['a\tb', LINES, null],
    ['a\tb', LINE, M.forbiddenCharacters],
    ['a\u0000b', LINES, M.forbiddenCharacters],
    ['a\u2028b', LINES, M.forbiddenCharacters],
    ['rtl\u202eevil', LINE, M.forbiddenCharacters],
    ['\u2066x\u2069', LINE, M.forbiddenCharacters],
    ['\u200ex', LINE, M.forbiddenCharacters],
    ['\u200fx', LINE, M.forbiddenCharacters],
    ['太郎 https://evil.example', PERSON_NAME, M.link],
    ['太郎HTTP://EVIL.EXAMPLE', PERSON_NAME, M.link],
    ['www.evil.example', COMPANY_NAME, M.link],
    ['株式会社WWW.evil', COMPANY_NAME, M.link],
    ['ftp://x', PERSON_NAME, M.link],
    ['mailto:a@b.example', PERSON_NAME, M.link],
    ['javascript:alert(1)', COMPANY_NAME, M.link],
    ['https://evil.example', LINE, ACCOUNT_MESSAGES.tooLong(10)],
    ['https://x', { maxLength: 50 }, null],
    ['awww.example', PERSON_NAME, null],
    ['datab: 1', PERSON_NAME, null],
  ])('%j → %j', (value, rule, expected) => {
    expect(humanTextProblem(value, rule)).toBe(expected);
  });
});

describe('the schemas', () => {
  const required = humanText(PERSON_NAME);
  const optional = optionalHumanText(COMPANY_NAME);
  test('trim and NFC', () => {
    expect(required.parse('  e\u0301 ')).toBe('é');
    expect(optional.parse(' ｶ\u3099 ')).toBe('ｶ\u3099'); // NFC, not NFKC: half-width kana stay as typed
  });
  test('required: missing, null, blank, not a string', () => {
    expect(required.safeParse(undefined).error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.required);
    expect(required.safeParse(null).error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.notNull);
    expect(required.safeParse('  ').error?.issues[0]?.message).toBe(MESSAGES.blank);
    expect(required.safeParse(3).error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.notAString);
    expect(required.safeParse('太郎\nhttps://x').error?.issues.map((i) => i.message)).toEqual([M.lineBreak]);
  });
  test('optional: missing, null and blank read as ""; the rules still apply', () => {
    expect(optional.parse(undefined)).toBe('');
    expect(optional.parse(null)).toBe('');
    expect(optional.parse('  ')).toBe('');
    expect(optional.safeParse('株式会社\u202e').error?.issues[0]?.message).toBe(M.forbiddenCharacters);
    expect(optional.safeParse(1).error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.notAString);
  });
});
