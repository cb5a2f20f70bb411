import { describe, expect, test } from 'vitest';
import { FORMAT_MESSAGES, MESSAGES } from '../domain/messages';
import { ProfilePatchSchema, ProfileSchema, ProfileWithoutSectorPatchSchema } from './profile';

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
