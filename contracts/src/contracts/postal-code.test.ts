import { describe, expect, test } from 'vitest';
import { POSTAL_CODE_MESSAGES, PostalCodeLookupSchema, PostalCodeParamsSchema, normalizePostalCode } from './postal-code';

describe('normalizePostalCode', () => {
  test.each([
    ['1000001', '1000001'],
    ['100-0001', '1000001'],
    ['〒１００－０００１', '1000001'],
    ['〒100-0001', '1000001'],
    ['〒 100-0001', '1000001'],
    ['〶100-0001', '1000001'],
    ['１０００００１', '1000001'],
    ['  100-0001  ', '1000001'],
    ['\u3000１００\u3000０００１\u3000', '1000001'],
    ['100 0001', '1000001'],
    ['100 - 0001', '1000001'],
    ['100ー0001', '1000001'], // the katakana long vowel mark an IME gives for "-"
    ['100ｰ0001', '1000001'],
    ['100‐0001', '1000001'],
    ['100−0001', '1000001'],
    ['100—0001', '1000001'],
    ['060-0042', '0600042'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePostalCode(input)).toBe(expected);
  });

  test.each([
    '',
    '〒',
    '100-001',
    '100001',
    '10000011',
    '100-00011',
    '1000-001',
    '10-00001',
    '100--0001',
    '100-0001-',
    '1000001〒',
    'abc-defg',
    '１００－０００Ａ',
    '100.0001',
    '100_0001',
    '٣٠٠٠٠٠١', // Arabic-Indic digits: NFKC keeps them, and a postal code is ASCII digits
    '東京都千代田区',
  ])('%j → null', (input) => {
    expect(normalizePostalCode(input)).toBeNull();
  });

  test('its answer is always a code the API takes', () => {
    for (const input of ['〒１００－０００１', '100 0001', '0600042']) {
      expect(PostalCodeParamsSchema.safeParse({ code: normalizePostalCode(input) }).success).toBe(true);
    }
  });
});

describe('PostalCodeParamsSchema', () => {
  test('7 digits only', () => {
    expect(PostalCodeParamsSchema.parse({ code: '1000001' })).toEqual({ code: '1000001' });
    for (const code of ['100-0001', '100000', '10000001', '１０００００１', 'abcdefg', '']) {
      const result = PostalCodeParamsSchema.safeParse({ code });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(POSTAL_CODE_MESSAGES.invalid);
    }
  });
});

describe('PostalCodeLookupSchema', () => {
  test('a code with its addresses, or none', () => {
    const lookup = { code: '1000001', addresses: [{ prefecture: '東京都', city: '千代田区', town: '千代田' }] };
    expect(PostalCodeLookupSchema.parse(lookup)).toEqual(lookup);
    expect(PostalCodeLookupSchema.parse({ code: '9999999', addresses: [] })).toEqual({ code: '9999999', addresses: [] });
    expect(PostalCodeLookupSchema.safeParse({ code: '1000001', addresses: [{ prefecture: '東京都', city: '千代田区' }] }).success).toBe(
      false,
    );
  });
});
