import { describe, expect, test } from 'vitest';
import { FORMAT_MESSAGES, MESSAGES } from '../domain/messages';
import { PHONE_MESSAGES } from '../domain/phone';
import { PROFILE_MESSAGES } from '../domain/profile';
import { ACCOUNT_MESSAGES } from './account-messages';
import { HUMAN_TEXT_MESSAGES } from './human-text';
import { POSTAL_CODE_MESSAGES } from './postal-code';
import { ProfileNameAndIdentityPatchSchema, ProfilePatchSchema, ProfileSchema, ProfileWithoutSectorPatchSchema } from './profile';

const profile = {
  id: 42,
  first_name: '太郎',
  last_name: '山田',
  corporate_division: 'corporate',
  company_name: '株式会社ヤマダ',
  email: 'taro@example.co.jp',
  identity_confirmation: 1,
  bank_account: 'みずほ銀行 渋谷支店 普通 1234567 カ）ヤマダ',
  office_phone: '0312345678',
  office_zipcode: '1500002',
  office_prefecture: '東京都',
  office_city: '渋谷区渋谷',
  office_building_number: '1-2-3',
  owner_phone: null,
  owner_zipcode: null,
  owner_prefecture: null,
  owner_city: null,
  owner_building_number: null,
  addfiles: [],
  identity_document_type: null,
  has_usable_password: true,
  sector: 'construction',
  business_summary: '内装工事',
  can_edit_bank_account: true,
  has_entry_permission_when_delayed: false,
};

describe('ProfileSchema', () => {
  test('parses a profile', () => {
    expect(ProfileSchema.parse(profile)).toEqual(profile);
  });

  test('sector defaults to unknown and has_entry_permission_when_delayed to true', () => {
    const { sector: _s, has_entry_permission_when_delayed: _h, ...rest } = profile;
    expect(ProfileSchema.parse(rest)).toMatchObject({ sector: 'unknown', has_entry_permission_when_delayed: true });
  });

  test.each<[string, Record<string, unknown>]>([
    ['no bank account', { bank_account: null }],
    ['an individual', { corporate_division: 'individual', company_name: null }],
  ])('accepts %s', (_name, overrides) => {
    expect(ProfileSchema.safeParse({ ...profile, ...overrides }).success).toBe(true);
  });

  test.each<[string, Record<string, unknown>]>([
    ['an unknown sector', { sector: 'space' }],
    ['an invalid email', { email: '' }],
    ['a missing contact field', { office_city: undefined }],
    ['a non-boolean permission', { can_edit_bank_account: 'yes' }],
  ])('refuses %s', (_name, overrides) => {
    expect(ProfileSchema.safeParse({ ...profile, ...overrides }).success).toBe(false);
  });
});

describe('ProfilePatchSchema', () => {
  test.each([
    [{}],
    [{ addfiles: [1, 2] }],
    [{ sector: 'services', business_summary: '清掃' }],
    [{ bank_account: 'みずほ銀行 渋谷支店 当座 7654321 ヤマダ　タロウ' }],
    [{ bank_account: '' }],
    [{ office_phone: null }],
  ])('accepts %o', (value) => {
    expect(ProfilePatchSchema.parse(value)).toEqual(value);
  });

  test.each([
    [{ addfiles: [{ id: 1 }] }, undefined],
    [{ sector: 'space' }, undefined],
    [{ bank_account: 'みずほ銀行 渋谷支店' }, FORMAT_MESSAGES.bankAccount],
    [{ bank_account: 'みずほ銀行 渋谷支店 普通 12345678 ヤマダ' }, MESSAGES.bankAccountNumber],
    [{ bank_account: 'みずほ銀行 渋谷支店 普通 1234567 ﾔﾏﾀﾞ' }, MESSAGES.accountHolderName],
  ])('refuses %o', (value, message) => {
    const result = ProfilePatchSchema.safeParse(value);
    expect(result.success).toBe(false);
    if (message !== undefined) expect(result.error?.issues[0]).toMatchObject({ path: ['bank_account'], message });
  });

  test('the variant without sector and business summary drops them', () => {
    expect(ProfileWithoutSectorPatchSchema.parse({ sector: 'services', business_summary: 'x', first_name: '太郎', addfiles: [3] })).toEqual(
      {
        first_name: '太郎',
        addfiles: [3],
      },
    );
  });
});

describe('profile text fields: bounded, clean, checked', () => {
  test.each([
    [{ owner_phone: '０９０－１２３４－５６７８' }],
    [{ office_zipcode: '〒150-0002' }],
    [{ office_prefecture: '東京都' }],
    [{ office_prefecture: '' }],
    [{ owner_phone: '' }],
    [{ business_summary: '内装工事\n店舗改装' }],
    [{ corporate_division: 'individual' }],
    [{ identity_document_type: 'passport', addfiles: [4] }],
  ])('accepts %o', (value) => {
    expect(ProfilePatchSchema.safeParse(value).success).toBe(true);
  });

  test.each([
    [{ owner_phone: '03-1234' }, 'owner_phone', PHONE_MESSAGES.invalid],
    [{ office_zipcode: '150-000' }, 'office_zipcode', POSTAL_CODE_MESSAGES.invalid],
    [{ office_prefecture: '東京' }, 'office_prefecture', PROFILE_MESSAGES.prefecture],
    [{ last_name: '山田\u202e' }, 'last_name', PROFILE_MESSAGES.forbiddenCharacters],
    [{ company_name: '株式会社\u0000' }, 'company_name', PROFILE_MESSAGES.forbiddenCharacters],
    [{ owner_city: '渋谷区\n渋谷' }, 'owner_city', HUMAN_TEXT_MESSAGES.lineBreak],
    [{ first_name: '太郎\r\n至急ご連絡ください' }, 'first_name', HUMAN_TEXT_MESSAGES.lineBreak],
    [{ first_name: '太郎 https://evil.example' }, 'first_name', HUMAN_TEXT_MESSAGES.link],
    [{ company_name: 'www.evil.example' }, 'company_name', HUMAN_TEXT_MESSAGES.link],
    [{ owner_phone: '03\n1234\n5678' }, 'owner_phone', HUMAN_TEXT_MESSAGES.lineBreak],
    [{ business_summary: '\u2066' }, 'business_summary', PROFILE_MESSAGES.forbiddenCharacters],
    [{ first_name: 'あ'.repeat(151) }, 'first_name', ACCOUNT_MESSAGES.tooLong(150)],
    [{ owner_building_number: 'a'.repeat(101) }, 'owner_building_number', ACCOUNT_MESSAGES.tooLong(100)],
    [{ business_summary: 'a'.repeat(1001) }, 'business_summary', ACCOUNT_MESSAGES.tooLong(1000)],
    [{ corporate_division: 'none' }, 'corporate_division', PROFILE_MESSAGES.divisionNone],
    [{ first_name: '  ' }, 'first_name', ACCOUNT_MESSAGES.blank],
  ])('refuses %o', (value, field, message) => {
    const result = ProfilePatchSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  test('exactly at the limit passes', () => {
    expect(ProfilePatchSchema.safeParse({ first_name: 'あ'.repeat(150), business_summary: 'a'.repeat(1000) }).success).toBe(true);
  });

  test('a name change with identity needs the document type and files', () => {
    expect(ProfileNameAndIdentityPatchSchema.safeParse({ last_name: '佐藤' }).success).toBe(false);
    expect(
      ProfileNameAndIdentityPatchSchema.safeParse({ last_name: '佐藤', identity_document_type: 'passport', addfiles: [] }).success,
    ).toBe(false);
    expect(
      ProfileNameAndIdentityPatchSchema.parse({
        last_name: '佐藤',
        company_name: '株式会社サトウ',
        identity_document_type: 'passport',
        addfiles: [1],
      }),
    ).toEqual({ last_name: '佐藤', company_name: '株式会社サトウ', identity_document_type: 'passport', addfiles: [1] });
  });
});
