import { describe, expect, test } from 'vitest';
import { MESSAGES } from './messages';
import {
  fieldErrors,
  isBlank,
  isValid,
  validateAccountHolderName,
  validateBankAccountDraft,
  validateBankAccountNumber,
  validateDepositType,
  validateNotBlank,
  validateRequired,
} from './validation';

describe('isBlank / validateNotBlank / validateRequired', () => {
  test.each([
    [undefined, true],
    [null, true],
    ['', true],
    [' ', true],
    ['　', true],
    [' \t　\n', true],
    ['a', false],
    [' a ', false],
    ['0', false],
    ['ヤマダ', false],
  ])('%j blank: %s', (value, blank) => {
    expect(isBlank(value)).toBe(blank);
    expect(validateNotBlank(value)).toBe(blank ? 'この項目は空にできません' : undefined);
    expect(validateRequired(value)).toBe(blank ? '入力してください。' : undefined);
  });
});

describe('validateBankAccountNumber: exactly 7 half-width digits', () => {
  test.each([
    ['1234567', undefined],
    ['0000000', undefined],
    ['9999999', undefined],
    ['123456', MESSAGES.bankAccountNumber],
    ['12345678', MESSAGES.bankAccountNumber],
    ['１２３４５６７', MESSAGES.bankAccountNumber],
    ['123456a', MESSAGES.bankAccountNumber],
    ['123-4567', MESSAGES.bankAccountNumber],
    [' 1234567', MESSAGES.bankAccountNumber],
    ['1234567 ', MESSAGES.bankAccountNumber],
    ['1234567\n', MESSAGES.bankAccountNumber],
    ['', MESSAGES.bankAccountNumber],
    [null, MESSAGES.bankAccountNumber],
    [undefined, MESSAGES.bankAccountNumber],
  ])('%j → %s', (value, message) => {
    expect(validateBankAccountNumber(value)).toBe(message);
  });

  test('the message is the spec’s', () => {
    expect(validateBankAccountNumber('1')).toBe('7桁の半角数字で入力してください');
  });
});

describe('validateDepositType', () => {
  test.each([
    ['ordinary', undefined],
    ['checking', undefined],
    ['普通', '普通か当座を選択してください。'],
    ['savings', '普通か当座を選択してください。'],
    ['', '普通か当座を選択してください。'],
    [' ordinary', '普通か当座を選択してください。'],
    [null, '普通か当座を選択してください。'],
    [undefined, '普通か当座を選択してください。'],
    [1, '普通か当座を選択してください。'],
  ])('%j → %s', (value, message) => {
    expect(validateDepositType(value)).toBe(message);
  });
});

describe('validateAccountHolderName', () => {
  const bad = 'ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください。';
  test.each([
    ['ヤマダ　タロウ', undefined],
    ['カ）ヤマダショウジ', undefined],
    ['（カ）ＡＢＣ１２３', undefined],
    ['ア', undefined],
    ['Ａ', undefined],
    ['１', undefined],
    ['ア'.repeat(30), undefined], // 30 characters exactly
    ['ア'.repeat(31), bad], // 31
    [`${'ー'.repeat(29)}ア`, undefined],
    [`ガ${'パ'.repeat(29)}`, undefined], // voiced letters count as one character
    ['　ヤマダ　', undefined], // full-width spaces are allowed characters
    ['ヤマダ タロウ', bad], // the half-width space is not (normalise first)
    ['ヲカダ', bad],
    ['やまだ', bad],
    ['ﾔﾏﾀﾞ', bad],
    ['ａｂｃ', undefined], // full-width lower case is 英数字 too (spec §5)
    ['山田', bad],
    ['ヤマダ・タロウ', bad],
    ['ヤマダ😀', bad],
    ['（）', bad], // nothing left once the symbols are stripped
    ['ー', bad],
    ['　', bad],
    ['゛゜（）「」／．ー￥', bad],
    ['', bad],
    [null, bad],
    [undefined, bad],
  ])('%j → %s', (value, message) => {
    expect(validateAccountHolderName(value)).toBe(message);
  });
});

describe('fieldErrors / isValid', () => {
  test.each([
    [{}, {}],
    [{ a: undefined }, {}],
    [
      { a: 'x', b: undefined, c: 'y' },
      { a: 'x', c: 'y' },
    ],
  ])('%o → %o', (entries, errors) => {
    expect(fieldErrors(entries)).toEqual(errors);
    expect(isValid(fieldErrors(entries))).toBe(Object.keys(errors).length === 0);
  });
});

describe('validateBankAccountDraft', () => {
  const draft = {
    bank_name: 'みずほ銀行',
    branch_name: '渋谷支店',
    deposit_type: 'ordinary',
    bank_account_number: '1234567',
    account_holder_name: 'ヤマダ　タロウ',
  };

  test('a complete draft is valid', () => {
    expect(validateBankAccountDraft(draft)).toEqual({});
  });

  test('an empty draft: every field blank', () => {
    const blank = 'この項目は空にできません';
    expect(validateBankAccountDraft({})).toEqual({
      bank_name: blank,
      branch_name: blank,
      deposit_type: blank,
      bank_account_number: blank,
      account_holder_name: blank,
    });
  });

  test.each([
    ['bank_name', ' ', MESSAGES.blank],
    ['branch_name', '', MESSAGES.blank],
    ['deposit_type', '', MESSAGES.blank],
    ['deposit_type', 'savings', MESSAGES.depositType],
    ['bank_account_number', '　', MESSAGES.blank],
    ['bank_account_number', '123456', MESSAGES.bankAccountNumber],
    ['account_holder_name', null, MESSAGES.blank],
    ['account_holder_name', 'ヲ', MESSAGES.accountHolderName],
  ])('%s = %j → %s', (field, value, message) => {
    expect(validateBankAccountDraft({ ...draft, [field]: value })).toEqual({ [field]: message });
  });
});
