import { describe, expect, test } from 'vitest';
import { normalizePostalCode, ProfilePatchFieldsSchema, ProfilePatchSchema, type ProfileResponse } from '@app/contracts';
import { normalizePhoneNumber } from '@app/contracts/domain';
import { profileFixture } from '@app/mocks';
import { BANK_FIELDS, FIELD_LABELS, valuesFromProfile, type ProfileField, type ProfileFormValues } from './profile-form';
import { patchBody } from './profile-patch';

/**
 * The form ↔ body mapping of the profile (issue 24): every form field is the contract's field of
 * its name (the bank fields together are `bank_account`), and a value typed into any field comes
 * back into the same field after the round trip form → PATCH body → stored profile → form. The API
 * side (body → row → contract) is held by the API's tests (profile-columns.test.ts, profile.test.ts).
 */

/** A value of its own in every field, as the applicant would type it. */
const typed: ProfileFormValues = {
  corporate_division: 'individual',
  company_name: '佐藤商店',
  last_name: '佐藤',
  first_name: '花子',
  office_zipcode: '150-0002',
  office_prefecture: '東京都',
  office_city: '渋谷区渋谷2-2-2',
  office_building_number: '渋谷ビル3階',
  office_phone: '03-1111-2222',
  owner_zipcode: '530-0001',
  owner_prefecture: '大阪府',
  owner_city: '大阪市北区梅田3-3-3',
  owner_building_number: '梅田ハイツ101',
  owner_phone: '090-3333-4444',
  sector: 'construction',
  business_summary: '内装工事\n店舗の改装',
  bank_name: 'みずほ銀行',
  branch_name: '渋谷支店',
  deposit_type: 'ordinary',
  bank_account_number: '7654321',
  account_holder_name: 'サトウハナコ',
};

/** What the API stores of a PATCH (its columnsOf): phones and postal codes in one form, the rest as sent. */
function stored(profile: ProfileResponse, body: Record<string, unknown>): ProfileResponse {
  const patch = ProfilePatchSchema.parse(body) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...profile };
  for (const [field, value] of Object.entries(patch)) {
    if (typeof value !== 'string' || value === '') next[field] = value;
    else if (field.endsWith('_zipcode')) next[field] = normalizePostalCode(value);
    else if (field.endsWith('_phone')) next[field] = normalizePhoneNumber(value);
    else next[field] = value;
  }
  return { ...(next as ProfileResponse), version: profile.version + 1 };
}

describe('the profile form ↔ the PATCH body', () => {
  test('every form field is a PATCH field of its name, but the bank fields, which are bank_account', () => {
    const patchFields = Object.keys(ProfilePatchFieldsSchema.shape);
    const formFields = Object.keys(FIELD_LABELS) as ProfileField[];
    expect(formFields.filter((field) => !(BANK_FIELDS as readonly string[]).includes(field) && !patchFields.includes(field))).toEqual([]);
    expect(patchFields).toContain('bank_account');
    expect(Object.keys(typed).sort()).toEqual([...formFields].sort());
  });

  test('form → body → stored profile → form: every field comes back unchanged', () => {
    const profile = profileFixture({ corporate_division: 'none', bank_account: null, can_edit_bank_account: true });
    const base = valuesFromProfile(profile);
    const { body, errors } = patchBody(base, typed, profile, 'edit');
    expect(errors).toEqual({});
    expect(valuesFromProfile(stored(profile, { ...body, version: profile.version }))).toEqual(typed);
  });

  test('a field left as it was is not sent', () => {
    const profile = profileFixture();
    const values = valuesFromProfile(profile);
    expect(patchBody(values, { ...values, owner_city: '港区芝公園4-2-8' }, profile, 'edit').body).toEqual({
      owner_city: '港区芝公園4-2-8',
    });
  });
});
