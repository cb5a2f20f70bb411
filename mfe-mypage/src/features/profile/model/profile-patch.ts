import type { ProfileResponse } from '@app/contracts';
import {
  CORPORATE_PROFILE_REQUIRED_FIELDS,
  isProfileSatisfied,
  normalizePhoneNumber,
  PHONE_MESSAGES,
  PROFILE_REQUIRED_FIELDS,
} from '@app/contracts/domain';
import { BANK_FIELDS, bankAccountOf, changedFields, type ProfileField, type ProfileFormValues } from './profile-form';

/** Where the form is shown: registering after sign-up, /profile, or the check before an entry. */
export type ProfileVariant = 'register' | 'edit' | 'beforeEntry';

/**
 * The fields `isProfileSatisfied` requires that are blank, for the division chosen (checked before
 * sending): the domain's lists (PROFILE_REQUIRED_FIELDS, and CORPORATE_PROFILE_REQUIRED_FIELDS for
 * a corporation), never a copy of them; `corporate_division` first when none is chosen.
 */
export function missingRequired(values: ProfileFormValues): ProfileField[] {
  if (isProfileSatisfied(values)) return [];
  const required: readonly ProfileField[] =
    values.corporate_division === 'corporate'
      ? [...PROFILE_REQUIRED_FIELDS, ...CORPORATE_PROFILE_REQUIRED_FIELDS]
      : PROFILE_REQUIRED_FIELDS;
  const missing = required.filter((field) => String(values[field]).trim() === '');
  return values.corporate_division === '' ? ['corporate_division', ...missing] : missing;
}

const isBankField = (field: ProfileField) => (BANK_FIELDS as readonly string[]).includes(field);

/** The PATCH body for what changed since `base` (only those fields), or field errors. */
export function patchBody(base: ProfileFormValues, values: ProfileFormValues, profile: ProfileResponse, variant: ProfileVariant) {
  const changed = changedFields(base, values);
  const body: Record<string, string> = {};
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const field of changed) {
    if (isBankField(field)) continue;
    if (variant === 'beforeEntry' && (field === 'sector' || field === 'business_summary')) continue;
    body[field] = String(values[field]).trim();
  }
  if (profile.can_edit_bank_account && changed.some(isBankField)) {
    const account = bankAccountOf(values);
    if ('errors' in account) Object.assign(errors, account.errors);
    else body.bank_account = account.value;
  }
  for (const field of ['owner_phone', 'office_phone'] as const) {
    if (field in body && body[field] !== '' && normalizePhoneNumber(body[field] ?? '') === null) errors[field] = PHONE_MESSAGES.invalid;
  }
  return { body, errors };
}
