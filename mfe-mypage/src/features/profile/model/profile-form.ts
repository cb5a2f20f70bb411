import type { ProfileResponse } from '@app/contracts';
import {
  DEPOSIT_TYPE_LABELS,
  formatBankAccount,
  normalizeAccountHolderName,
  normalizeBankAccountNumber,
  parseBankAccount,
  PREFECTURES,
  SECTOR_LABELS,
  type DepositType,
  type Sector,
} from '@app/contracts/domain';

/**
 * The profile form's values and how they map to and from the API (spec §3 "Profile"): what the
 * applicant typed is kept as typed (a draft can be restored after a reload), the PATCH body is
 * built from it, and after a 409 the fields the other screen changed are listed.
 */
export interface ProfileFormValues {
  corporate_division: 'corporate' | 'individual' | '';
  company_name: string;
  last_name: string;
  first_name: string;
  office_zipcode: string;
  office_prefecture: string;
  office_city: string;
  office_building_number: string;
  office_phone: string;
  owner_zipcode: string;
  owner_prefecture: string;
  owner_city: string;
  owner_building_number: string;
  owner_phone: string;
  sector: Sector;
  business_summary: string;
  bank_name: string;
  branch_name: string;
  deposit_type: DepositType | '';
  bank_account_number: string;
  account_holder_name: string;
}

export type ProfileField = keyof ProfileFormValues;

/** Japanese labels of the fields (the 409 "changed elsewhere" list, error summaries). */
export const FIELD_LABELS: Readonly<Record<ProfileField, string>> = {
  corporate_division: '法人・個人事業主',
  company_name: '会社名',
  last_name: '姓',
  first_name: '名',
  office_zipcode: '会社の郵便番号',
  office_prefecture: '会社の都道府県',
  office_city: '会社の市区町村・番地',
  office_building_number: '会社の建物名・部屋番号',
  office_phone: '会社の電話番号',
  owner_zipcode: '郵便番号',
  owner_prefecture: '都道府県',
  owner_city: '市区町村・番地',
  owner_building_number: '建物名・部屋番号',
  owner_phone: '電話番号',
  sector: '業種',
  business_summary: '事業内容',
  bank_name: '銀行名',
  branch_name: '支店名',
  deposit_type: '預金種別',
  bank_account_number: '口座番号',
  account_holder_name: '口座名義（カナ）',
};

/** A stored postal code (7 digits) as people read it: 150-0002. */
const zip = (code: string | null): string =>
  code !== null && /^[0-9]{7}$/.test(code) ? `${code.slice(0, 3)}-${code.slice(3)}` : (code ?? '');

/** The form's values for a profile as the API answers it. */
export function valuesFromProfile(profile: ProfileResponse): ProfileFormValues {
  const parsed = parseBankAccount(profile.bank_account ?? '');
  const account = parsed.ok ? parsed.account : null;
  const division = profile.corporate_division === 'none' ? '' : profile.corporate_division;
  return {
    corporate_division: division,
    company_name: profile.company_name ?? '',
    last_name: profile.last_name,
    first_name: profile.first_name,
    office_zipcode: zip(profile.office_zipcode),
    office_prefecture: profile.office_prefecture ?? '',
    office_city: profile.office_city ?? '',
    office_building_number: profile.office_building_number ?? '',
    office_phone: profile.office_phone ?? '',
    owner_zipcode: zip(profile.owner_zipcode),
    owner_prefecture: profile.owner_prefecture ?? '',
    owner_city: profile.owner_city ?? '',
    owner_building_number: profile.owner_building_number ?? '',
    owner_phone: profile.owner_phone ?? '',
    sector: profile.sector,
    business_summary: profile.business_summary ?? '',
    bank_name: account?.bank_name ?? '',
    branch_name: account?.branch_name ?? '',
    deposit_type: account?.deposit_type ?? '',
    bank_account_number: account?.bank_account_number ?? '',
    account_holder_name: account?.account_holder_name ?? '',
  };
}

export const BANK_FIELDS = ['bank_name', 'branch_name', 'deposit_type', 'bank_account_number', 'account_holder_name'] as const;

/** The bank account string from the five fields: '' when all are empty; null (with errors) when it cannot be formed. */
export function bankAccountOf(values: ProfileFormValues): { value: string } | { errors: Partial<Record<ProfileField, string>> } {
  const parts = BANK_FIELDS.map((field) => values[field].trim());
  if (parts.every((part) => part === '')) return { value: '' };
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const field of BANK_FIELDS) {
    if (values[field].trim() === '' && field !== 'account_holder_name') errors[field] = '入力してください。';
  }
  for (const field of ['bank_name', 'branch_name'] as const) {
    if (/ /.test(values[field].trim())) errors[field] = '半角スペースを含めずに入力してください。';
  }
  if (Object.keys(errors).length > 0 || values.deposit_type === '') return { errors };
  const holder = normalizeAccountHolderName(values.account_holder_name).value;
  return {
    value: formatBankAccount({
      bank_name: values.bank_name.trim(),
      branch_name: values.branch_name.trim(),
      deposit_type: values.deposit_type,
      bank_account_number: normalizeBankAccountNumber(values.bank_account_number).value,
      account_holder_name: holder === '' ? null : holder,
    }),
  };
}

/** Fields whose value is the same whichever way it was typed (spaces at the ends). */
const same = (a: string, b: string) => a.trim() === b.trim();

/** The fields where `mine` differs from `theirs` (what to send, or what changed elsewhere). */
export function changedFields(theirs: ProfileFormValues, mine: ProfileFormValues): ProfileField[] {
  return (Object.keys(FIELD_LABELS) as ProfileField[]).filter((field) => !same(String(theirs[field]), String(mine[field])));
}

/** How a field's value reads in a list (labels for choices). */
export function displayValue(field: ProfileField, values: ProfileFormValues): string {
  const value = values[field];
  if (field === 'sector') return SECTOR_LABELS[values.sector];
  if (field === 'deposit_type') return values.deposit_type === '' ? '（未選択）' : DEPOSIT_TYPE_LABELS[values.deposit_type];
  if (field === 'corporate_division') return value === 'corporate' ? '法人' : value === 'individual' ? '個人事業主' : '（未選択）';
  return value === '' ? '（空欄）' : String(value);
}

export const PREFECTURE_OPTIONS = PREFECTURES;

// --- Unsaved form state survives a reload of the tab ----------------------------------------

const DRAFT_PREFIX = 'tsumugi:profile-draft:';

interface StoredDraft {
  readonly version: number;
  readonly values: ProfileFormValues;
}

/** The draft of this tab for this user, if one was left unsaved. */
export function loadDraft(storage: Storage | undefined, userId: number): StoredDraft | null {
  try {
    const raw = storage?.getItem(DRAFT_PREFIX + userId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft;
    return typeof parsed.version === 'number' && typeof parsed.values === 'object' && parsed.values !== null ? parsed : null;
  } catch {
    return null;
  }
}

export function saveDraft(storage: Storage | undefined, userId: number, draft: StoredDraft): void {
  try {
    storage?.setItem(DRAFT_PREFIX + userId, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the reload safety net is gone.
  }
}

export function clearDraft(storage: Storage | undefined, userId: number): void {
  try {
    storage?.removeItem(DRAFT_PREFIX + userId);
  } catch {
    // ignore
  }
}
