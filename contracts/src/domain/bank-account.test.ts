import { describe, expect, test } from 'vitest';
import {
  formatBankAccount,
  maskBankAccount,
  maskBankAccountNumber,
  maskedBankAccountText,
  parseBankAccount,
  type BankAccount,
} from './bank-account';

const account = (overrides: Partial<BankAccount> = {}): BankAccount => ({
  bank_name: 'みずほ銀行',
  branch_name: '渋谷支店',
  deposit_type: 'ordinary',
  bank_account_number: '1234567',
  account_holder_name: 'カ）ヤマダ　タロウ',
  ...overrides,
});

describe('parseBankAccount', () => {
  test.each<[string, BankAccount]>([
    ['みずほ銀行 渋谷支店 普通 1234567 カ）ヤマダ　タロウ', account()],
    ['みずほ銀行 渋谷支店 当座 1234567 カ）ヤマダ', account({ deposit_type: 'checking', account_holder_name: 'カ）ヤマダ' })],
    // 4 parts: no holder
    ['みずほ銀行 渋谷支店 普通 1234567', account({ account_holder_name: null })],
    // codes are read as well as labels
    ['みずほ銀行 渋谷支店 checking 1234567', account({ deposit_type: 'checking', account_holder_name: null })],
    // runs of spaces count as one; ends are trimmed
    ['  みずほ銀行   渋谷支店 普通  1234567 ヤマダ  ', account({ account_holder_name: 'ヤマダ' })],
    // the number is kept as written (validated elsewhere)
    ['A B 普通 12-34 ヤマダ', account({ bank_name: 'A', branch_name: 'B', bank_account_number: '12-34', account_holder_name: 'ヤマダ' })],
  ])('%j', (text, expected) => {
    expect(parseBankAccount(text)).toEqual({ ok: true, account: expected });
  });

  test.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['みずほ銀行', 'partCount'],
    ['みずほ銀行 渋谷支店 普通', 'partCount'],
    // a half-width space inside the holder makes 6 parts: refused, not guessed
    ['みずほ銀行 渋谷支店 普通 1234567 ヤマダ タロウ', 'partCount'],
    ['みずほ銀行　渋谷支店　普通　1234567', 'partCount'],
    ['みずほ銀行 渋谷支店 貯蓄 1234567 ヤマダ', 'depositType'],
    ['みずほ銀行 渋谷支店 1234567 普通', 'depositType'],
  ] as const)('%j → %s', (text, error) => {
    expect(parseBankAccount(text)).toEqual({ ok: false, error });
  });
});

describe('formatBankAccount', () => {
  test.each<[BankAccount, string]>([
    [account(), 'みずほ銀行 渋谷支店 普通 1234567 カ）ヤマダ　タロウ'],
    [account({ deposit_type: 'checking' }), 'みずほ銀行 渋谷支店 当座 1234567 カ）ヤマダ　タロウ'],
    [account({ account_holder_name: null }), 'みずほ銀行 渋谷支店 普通 1234567'],
    [account({ account_holder_name: '' }), 'みずほ銀行 渋谷支店 普通 1234567'],
  ])('%o → %j', (value, text) => {
    expect(formatBankAccount(value)).toBe(text);
  });

  test.each<[Partial<BankAccount>]>([
    [{ bank_name: '' }],
    [{ branch_name: '' }],
    [{ bank_account_number: '' }],
    [{ bank_name: 'みずほ 銀行' }],
    [{ branch_name: '渋谷 支店' }],
    [{ bank_account_number: '123 4567' }],
    [{ account_holder_name: 'ヤマダ タロウ' }],
  ])('refuses %o (could not be read back)', (overrides) => {
    expect(() => formatBankAccount(account(overrides))).toThrow(
      new RangeError(`A bank account part cannot be empty or hold a half-width space: ${JSON.stringify(Object.values(overrides)[0])}`),
    );
  });

  test.each([
    account(),
    account({ deposit_type: 'checking', account_holder_name: null }),
    account({ bank_name: 'ゆうちょ銀行', branch_name: '〇一八', account_holder_name: 'ヤマダ　タロウ' }),
  ])('round-trips %o', (value) => {
    expect(parseBankAccount(formatBankAccount(value))).toEqual({ ok: true, account: value });
  });
});

describe('maskBankAccountNumber', () => {
  test.each([
    ['1234567', '****567'],
    [' 1234567 ', '****567'],
    ['0001', '*001'],
    ['123', '***'],
    ['12', '**'],
    ['', ''],
    ['12-34', '**-34'],
  ])('%j → %j', (number, masked) => {
    expect(maskBankAccountNumber(number)).toBe(masked);
  });
});

describe('maskBankAccount', () => {
  test('only the number changes', () => {
    expect(maskBankAccount(account())).toEqual(account({ bank_account_number: '****567' }));
  });
});

describe('maskedBankAccountText', () => {
  test.each<[string | null | undefined, string | null]>([
    ['みずほ銀行 渋谷支店 普通 1234567 カ）ヤマダ　タロウ', 'みずほ銀行 渋谷支店 普通 ****567 カ）ヤマダ　タロウ'],
    ['みずほ銀行 渋谷支店 checking 7654321', 'みずほ銀行 渋谷支店 当座 ****321'],
    ['みずほ銀行 1234567', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (text, masked) => {
    expect(maskedBankAccountText(text)).toBe(masked);
  });
});
