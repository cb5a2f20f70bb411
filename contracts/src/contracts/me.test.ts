import { describe, expect, test } from 'vitest';
import { MeSchema } from './me';

const me = {
  id: 42,
  email: 'taro@example.co.jp',
  first_name: '太郎',
  last_name: '山田',
  create_time: '2025-01-10T10:00:00.000000+09:00',
  update_time: '2025-05-01T10:00:00+09:00',
  corporate_division: 'corporate',
  company_name: '株式会社ヤマダ',
  office_zipcode: '1500002',
  owner_zipcode: null,
  identity_confirmation: 3,
  identity_valid_date: '2026-01-10',
  financial_statements_valid_date: null,
  last_withdrawals_detail_date: '2025-04-30',
  withdrawals_detail_status: 1,
  financial_statements_status: 4,
  addfiles: [{ id: 7, kind: 'identity', name: 'front.jpg' }],
  version: 3,
  has_usable_password: true,
  has_pre_entry_declined: false,
  has_satisfied_profile: true,
  allow_redirect_to_profile: false,
  last_login: '2025-05-01T09:00:00Z',
  visited_at_entry_page_after_mail_verification: null,
  user_segment: null,
};

describe('MeSchema', () => {
  test('parses the current user', () => {
    expect(MeSchema.parse(me)).toEqual(me);
  });

  test.each<[string, Record<string, unknown>]>([
    ['a string version', { version: '2025.05.01' }],
    ['individual', { corporate_division: 'individual' }],
    ['not selected', { corporate_division: 'none' }],
    ['analytics fields', { owner_phone: '09012345678', hashed_user_id: 'abc' }],
  ])('accepts %s', (_name, overrides) => {
    expect(MeSchema.safeParse({ ...me, ...overrides }).success).toBe(true);
  });

  test('missing confirmation statuses default to nothing (4)', () => {
    const { identity_confirmation: _i, withdrawals_detail_status: _w, financial_statements_status: _f, ...rest } = me;
    expect(MeSchema.parse(rest)).toMatchObject({ identity_confirmation: 4, withdrawals_detail_status: 4, financial_statements_status: 4 });
  });

  test.each<[string, Record<string, unknown>]>([
    ['no id (logged out)', { id: undefined }],
    ['no version (logged out)', { version: undefined }],
    ['an empty version', { version: '' }],
    ['an invalid email', { email: 'taro' }],
    ['an unknown division', { corporate_division: 'npo' }],
    ['an unknown review status', { identity_confirmation: 6 }],
    ['a non-date valid date', { identity_valid_date: '2026/01/10' }],
    ['a timestamp without offset', { last_login: '2025-05-01T09:00:00' }],
    ['addfiles without ids', { addfiles: [{ kind: 'identity' }] }],
  ])('refuses %s', (_name, overrides) => {
    expect(MeSchema.safeParse({ ...me, ...overrides }).success).toBe(false);
  });
});
