import { describe, expect, test } from 'vitest';
import {
  CORPORATE_PROFILE_REQUIRED_FIELDS,
  PROFILE_REQUIRED_FIELDS,
  isProfileSatisfied,
  PREFECTURES,
  isPrefecture,
  hasForbiddenCharacters,
  type ProfileRequiredField,
  type ProfileSatisfactionFields,
} from './profile';

/** Every required field given, for either division (a corporation's own fields included). */
const FILLED: Record<ProfileRequiredField, string> = {
  last_name: '佐藤',
  first_name: '花子',
  owner_phone: '0312345678',
  owner_zipcode: '1500002',
  owner_prefecture: '東京都',
  owner_city: '渋谷区渋谷1-1',
  company_name: '株式会社サンプル',
  office_phone: '0312345679',
  office_zipcode: '1500001',
  office_prefecture: '東京都',
  office_city: '渋谷区神宮前1-1',
};
const corporate: ProfileSatisfactionFields = { corporate_division: 'corporate', ...FILLED };
const individual: ProfileSatisfactionFields = { corporate_division: 'individual', ...FILLED };
const individualOnly: ProfileSatisfactionFields = {
  corporate_division: 'individual',
  ...Object.fromEntries(PROFILE_REQUIRED_FIELDS.map((field) => [field, FILLED[field]])),
};

const BLANKS = [
  ['empty', ''],
  ['spaces', '   '],
  ['a full-width space', '\u3000'],
  ['a tab and a newline', '\t\n'],
  ['null', null],
  ['missing', undefined],
] as const;

describe('isProfileSatisfied (has_satisfied_profile, spec §3/§4)', () => {
  test('the required fields: names and owner contact for all; company and office contact for a corporation', () => {
    expect(PROFILE_REQUIRED_FIELDS).toEqual(['last_name', 'first_name', 'owner_phone', 'owner_zipcode', 'owner_prefecture', 'owner_city']);
    expect(CORPORATE_PROFILE_REQUIRED_FIELDS).toEqual([
      'company_name',
      'office_phone',
      'office_zipcode',
      'office_prefecture',
      'office_city',
    ]);
  });

  test.each([
    ['corporate, every field given', corporate, true],
    ['individual, every field given', individual, true],
    ['individual, only the personal fields given (no company or office)', individualOnly, true],
    ['corporate, only the personal fields given (no company or office)', { ...individualOnly, corporate_division: 'corporate' }, false],
    ['division none (unselected), every field given', { ...FILLED, corporate_division: 'none' }, false],
    ['division missing, every field given', { ...FILLED }, false],
    ['division null, every field given', { ...FILLED, corporate_division: null }, false],
    ['division unknown, every field given', { ...FILLED, corporate_division: 'Corporate' }, false],
    ['division empty, every field given', { ...FILLED, corporate_division: '' }, false],
    ['nothing at all', {}, false],
  ] as const)('%s → %s', (_, profile: ProfileSatisfactionFields, satisfied) => {
    expect(isProfileSatisfied(profile)).toBe(satisfied);
  });

  describe.each(PROFILE_REQUIRED_FIELDS)('%s (required of everyone)', (field) => {
    test.each(BLANKS)('%s → not satisfied, corporate or individual', (_, blank) => {
      expect(isProfileSatisfied({ ...corporate, [field]: blank })).toBe(false);
      expect(isProfileSatisfied({ ...individual, [field]: blank })).toBe(false);
      expect(isProfileSatisfied({ ...individualOnly, [field]: blank })).toBe(false);
    });

    test('one character surrounded by spaces is given', () => {
      expect(isProfileSatisfied({ ...corporate, [field]: ' x ' })).toBe(true);
      expect(isProfileSatisfied({ ...individualOnly, [field]: '\u3000x\u3000' })).toBe(true);
    });
  });

  describe.each(CORPORATE_PROFILE_REQUIRED_FIELDS)('%s (required of a corporation only)', (field) => {
    test.each(BLANKS)('%s → a corporation is not satisfied, an individual is', (_, blank) => {
      expect(isProfileSatisfied({ ...corporate, [field]: blank })).toBe(false);
      expect(isProfileSatisfied({ ...individual, [field]: blank })).toBe(true);
    });

    test('one character surrounded by spaces is given', () => {
      expect(isProfileSatisfied({ ...corporate, [field]: ' x ' })).toBe(true);
    });
  });

  test('the optional fields do not count (building numbers, sector, business summary)', () => {
    const optional = { office_building_number: '', owner_building_number: null, sector: 'unknown', business_summary: '' };
    expect(isProfileSatisfied({ ...corporate, ...optional })).toBe(true);
    expect(isProfileSatisfied({ ...individualOnly, ...optional })).toBe(true);
  });
});

describe('PREFECTURES', () => {
  test('47, unique, Tokyo 13th', () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(new Set(PREFECTURES).size).toBe(47);
    expect(PREFECTURES[12]).toBe('東京都');
    expect(PREFECTURES[0]).toBe('北海道');
    expect(PREFECTURES[46]).toBe('沖縄県');
  });
  test.each([
    ['東京都', true],
    ['大阪府', true],
    ['東京', false],
    ['', false],
    [null, false],
  ])('isPrefecture(%j) → %j', (value, expected) => {
    expect(isPrefecture(value)).toBe(expected);
  });
});

describe('hasForbiddenCharacters', () => {
  test.each([
    ['山田 太郎', false, false],
    ['株式会社　テスト', false, false],
    ['ＡＢＣ（株）', false, false],
    ['a\u0000b', false, true],
    ['a\u0007b', false, true],
    ['line\nbreak', false, true],
    ['line\nbreak', true, false],
    ['tab\there', true, false],
    ['cr\r\nlf', true, false],
    ['bell\u0007', true, true],
    ['\u000b', true, true],
    ['\u000c', true, true],
    ['\u001f', true, true],
    ['del\u007f', false, true],
    ['c1\u0085', true, true],
    ['\u009f', false, true],
    ['rtl\u202eevil', false, true],
    ['\u202a', true, true],
    ['\u2066isolate\u2069', false, true],
    ['\u200fmark', false, true],
    ['\u200e', false, true],
    ['\u061c', false, true],
    ['\u2028', true, true],
    ['\u2029', false, true],
    ['\ufeffbom', false, true],
    ['\u0020\u00a0', false, false],
    ['\u00a0', true, false],
    ['絵文字😀も可', false, false],
    ['\u0008', true, true],
    ['\u000e', true, true],
  ])('%j (multiline %j) → %j', (value, multiline, expected) => {
    expect(hasForbiddenCharacters(value, { multiline })).toBe(expected);
  });
  test('default is single-line', () => {
    expect(hasForbiddenCharacters('a\nb')).toBe(true);
  });
});
