import { BANK_ACCOUNT_NUMBER_DIGITS, HOLDER_NAME_MAX_LENGTH } from './constants';
import { isAccountHolderNameChar, stripAccountHolderNameSymbols } from './kana';
import { MESSAGES } from './messages';
import { isDepositType } from './statuses';

/**
 * Field validation of spec §5 with its exact Japanese messages. A validator returns the message, or
 * undefined when the value is fine; a form validator returns `FieldErrors`, one message per field
 * path — the shape of a Django REST framework error body (`{ field: [message] }`, see
 * `toDrfErrorBody`) and of react-hook-form paths (`claims.0.amount`), so the API and the pages
 * report the same thing for the same input.
 */
export type FieldErrors = Readonly<Record<string, string>>;

/** A value typed into a form or sent to the API: missing, null or text. */
export type InputValue = string | null | undefined;

/** True when nothing was entered: missing, null, empty or only spaces (half- or full-width). */
export function isBlank(value: InputValue): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** §5 blank field: `この項目は空にできません`. */
export function validateNotBlank(value: InputValue): string | undefined {
  return isBlank(value) ? MESSAGES.blank : undefined;
}

/** §5 entry and claim fields: `入力してください。` when nothing was entered. */
export function validateRequired(value: InputValue): string | undefined {
  return isBlank(value) ? MESSAGES.required : undefined;
}

const BANK_ACCOUNT_NUMBER = new RegExp(`^[0-9]{${BANK_ACCOUNT_NUMBER_DIGITS}}$`);

/** §5 bank account number: exactly 7 half-width digits, nothing around them. */
export function validateBankAccountNumber(value: InputValue): string | undefined {
  return typeof value === 'string' && BANK_ACCOUNT_NUMBER.test(value) ? undefined : MESSAGES.bankAccountNumber;
}

/** §5 deposit type: `ordinary` (普通) or `checking` (当座). */
export function validateDepositType(value: unknown): string | undefined {
  return isDepositType(value) ? undefined : MESSAGES.depositType;
}

/**
 * §5 account holder name: only the allowed characters (see kana.ts for the exact set and the
 * full-width space rule), at most 30 characters, and at least one character once the symbols and
 * spaces are stripped. A blank name fails with the same message. Normalise what the applicant typed
 * with `normalizeAccountHolderName` first.
 */
export function validateAccountHolderName(value: InputValue): string | undefined {
  if (value === null || value === undefined) return MESSAGES.accountHolderName;
  const chars = [...value];
  const valid =
    chars.length <= HOLDER_NAME_MAX_LENGTH &&
    chars.every((char) => isAccountHolderNameChar(char)) &&
    stripAccountHolderNameSymbols(value) !== '';
  return valid ? undefined : MESSAGES.accountHolderName;
}

/** Collects the messages that are set into `FieldErrors`. */
export function fieldErrors(entries: Readonly<Record<string, string | undefined>>): FieldErrors {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(entries)) {
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

/** True when there is no error. */
export function isValid(errors: FieldErrors): boolean {
  return Object.keys(errors).length === 0;
}

/** The bank account draft of spec §3 (profile bank account form). */
export interface BankAccountDraftInput {
  readonly bank_name?: InputValue;
  readonly branch_name?: InputValue;
  readonly deposit_type?: InputValue;
  readonly bank_account_number?: InputValue;
  readonly account_holder_name?: InputValue;
}

/**
 * A bank account draft: every field filled (`この項目は空にできません`), then the deposit type, the
 * 7-digit number and the holder name rules.
 */
export function validateBankAccountDraft(draft: BankAccountDraftInput): FieldErrors {
  return fieldErrors({
    bank_name: validateNotBlank(draft.bank_name),
    branch_name: validateNotBlank(draft.branch_name),
    deposit_type: validateNotBlank(draft.deposit_type) ?? validateDepositType(draft.deposit_type),
    bank_account_number: validateNotBlank(draft.bank_account_number) ?? validateBankAccountNumber(draft.bank_account_number),
    account_holder_name: validateNotBlank(draft.account_holder_name) ?? validateAccountHolderName(draft.account_holder_name),
  });
}
