import type { DraftPayoutAccount } from '@app/contracts';
import {
  formatBankAccount,
  isDepositType,
  isValid,
  normalizeAccountHolderName,
  normalizeBankAccountNumber,
  parseBankAccount,
  validateBankAccountDraft,
  type FieldErrors,
} from '@app/contracts/domain';

/**
 * The payout account (振込先口座) of the wizard: the five fields the applicant fills in
 * (`payout_account` of the draft, kept as typed) and the bank account string the entry takes
 * (`bank_account`), formed from them once every rule of the spec's bank account draft holds.
 */
export type WizardPayout = DraftPayoutAccount;

export const emptyPayout = (): WizardPayout => ({
  bank_name: '',
  branch_name: '',
  deposit_type: null,
  bank_account_number: '',
  account_holder_name: '',
});

/** The fields of an account string (the profile's, or a draft's `bank_account` saved without them); null when it does not parse. */
export function payoutOf(text: string | null | undefined): WizardPayout | null {
  const parsed = parseBankAccount(text ?? '');
  if (!parsed.ok) return null;
  const { account } = parsed;
  return {
    bank_name: account.bank_name,
    branch_name: account.branch_name,
    deposit_type: account.deposit_type,
    bank_account_number: account.bank_account_number,
    account_holder_name: account.account_holder_name ?? '',
  };
}

const text = (value: string | null | undefined): string => (value ?? '').trim();

/** True when nothing was entered yet. */
export const isPayoutEmpty = (payout: WizardPayout | null | undefined): boolean =>
  payout == null ||
  (text(payout.bank_name) === '' &&
    text(payout.branch_name) === '' &&
    payout.deposit_type == null &&
    text(payout.bank_account_number) === '' &&
    text(payout.account_holder_name) === '');

/** What the spec's bank account draft rules say of the fields (spec §3/§5), after the normalisers ran. */
export function payoutFieldErrors(payout: WizardPayout | null | undefined): FieldErrors {
  const value = payout ?? emptyPayout();
  const errors: Record<string, string> = {
    ...validateBankAccountDraft({
      bank_name: value.bank_name,
      branch_name: value.branch_name,
      deposit_type: value.deposit_type,
      bank_account_number: normalizeBankAccountNumber(value.bank_account_number ?? '').value,
      account_holder_name: normalizeAccountHolderName(value.account_holder_name ?? '').value,
    }),
  };
  // A bank or branch typed with a half-width space could not be read back from the account string.
  for (const field of ['bank_name', 'branch_name'] as const) {
    if (!(field in errors) && text(value[field]).includes(' ')) errors[field] = PAYOUT_FIELD_MESSAGES.space;
  }
  return errors;
}

export const PAYOUT_FIELD_MESSAGES = {
  space: '半角スペースを含めずに入力してください。',
} as const;

/** The account string the entry takes: formed when every field is valid, else null. */
export function payoutAccountString(payout: WizardPayout | null | undefined): string | null {
  if (payout == null || !isValid(payoutFieldErrors(payout)) || !isDepositType(payout.deposit_type)) return null;
  return formatBankAccount({
    bank_name: text(payout.bank_name),
    branch_name: text(payout.branch_name),
    deposit_type: payout.deposit_type,
    bank_account_number: normalizeBankAccountNumber(payout.bank_account_number ?? '').value,
    account_holder_name: normalizeAccountHolderName(payout.account_holder_name ?? '').value,
  });
}
