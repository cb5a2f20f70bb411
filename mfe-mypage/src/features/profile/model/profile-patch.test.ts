import { describe, expect, test } from 'vitest';
import { CORPORATE_PROFILE_REQUIRED_FIELDS, PROFILE_REQUIRED_FIELDS } from '@app/contracts/domain';
import { missingRequired } from './profile-patch';
import type { ProfileFormValues } from './profile-form';

const blank: ProfileFormValues = {
  corporate_division: '',
  company_name: '',
  last_name: '',
  first_name: '',
  office_zipcode: '',
  office_prefecture: '',
  office_city: '',
  office_building_number: '',
  office_phone: '',
  owner_zipcode: '',
  owner_prefecture: '',
  owner_city: '',
  owner_building_number: '',
  owner_phone: '',
  sector: 'unknown',
  business_summary: '',
  bank_name: '',
  branch_name: '',
  deposit_type: '',
  bank_account_number: '',
  account_holder_name: '',
};
const filled = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, '入力']));

describe('missingRequired: the domain’s required fields, for the division chosen', () => {
  test('nothing chosen: the division first, then the fields every applicant needs', () => {
    expect(missingRequired(blank)).toEqual(['corporate_division', ...PROFILE_REQUIRED_FIELDS]);
  });

  test('a corporation also needs the company name and the office', () => {
    expect(missingRequired({ ...blank, corporate_division: 'corporate' })).toEqual([
      ...PROFILE_REQUIRED_FIELDS,
      ...CORPORATE_PROFILE_REQUIRED_FIELDS,
    ]);
  });

  test('a sole proprietor does not; blanks of spaces count as missing', () => {
    const values = { ...blank, corporate_division: 'individual' as const, ...filled(PROFILE_REQUIRED_FIELDS), owner_city: '　 ' };
    expect(missingRequired(values)).toEqual(['owner_city']);
  });

  test('complete: nothing missing', () => {
    const values = {
      ...blank,
      corporate_division: 'corporate' as const,
      ...filled([...PROFILE_REQUIRED_FIELDS, ...CORPORATE_PROFILE_REQUIRED_FIELDS]),
    };
    expect(missingRequired(values)).toEqual([]);
  });
});
