import { DEPOSIT_TYPE_LABELS, parseDepositType, type DepositType } from './statuses';

/**
 * The bank account string of spec §3 (profile, entry and draft entry `bank_account`): bank, branch,
 * deposit type, number and holder separated by spaces —
 * `みずほ銀行 渋谷支店 普通 1234567 カ）ヤマダ\u3000タロウ`.
 *
 * Interpretation of the spec (documented choices):
 * - The separator is the half-width space; runs of it count as one and the ends are trimmed. A
 *   full-width space is never a separator: it is the space of a holder name (see kana.ts), so a
 *   holder such as `ヤマダ\u3000タロウ` (U+3000 the full-width space) stays one part.
 * - 5 parts: bank, branch, type, number, holder. 4 parts: the same without a holder (an account
 *   whose holder is not known yet); the result then has `account_holder_name: null`. Any other
 *   count is rejected rather than guessed at.
 * - The type is read as its label (普通/当座) or its code (ordinary/checking); it is formatted as
 *   the label. The number is kept as written: it is checked by `validateBankAccountNumber`, not
 *   here, so a page can show the field's own message.
 */
export interface BankAccount {
  readonly bank_name: string;
  readonly branch_name: string;
  readonly deposit_type: DepositType;
  readonly bank_account_number: string;
  readonly account_holder_name: string | null;
}

export type BankAccountParseError = 'empty' | 'partCount' | 'depositType';

export type BankAccountParseResult =
  { readonly ok: true; readonly account: BankAccount } | { readonly ok: false; readonly error: BankAccountParseError };

const SEPARATOR = / +/;

/** Parses a bank account string of 4 or 5 half-width-space separated parts. */
export function parseBankAccount(text: string): BankAccountParseResult {
  const trimmed = text.replace(/^ +| +$/g, '');
  if (trimmed === '') return { ok: false, error: 'empty' };
  const parts = trimmed.split(SEPARATOR);
  const [bank_name, branch_name, type, bank_account_number, holder] = parts as [string, string, string, string, string | undefined];
  if (parts.length !== 4 && parts.length !== 5) return { ok: false, error: 'partCount' };
  const deposit_type = parseDepositType(type);
  if (deposit_type === null) return { ok: false, error: 'depositType' };
  return {
    ok: true,
    account: { bank_name, branch_name, deposit_type, bank_account_number, account_holder_name: holder ?? null },
  };
}

/**
 * Formats an account back into its string: 5 parts, or 4 when the holder is null or empty. Throws a
 * RangeError when a part is empty or holds a half-width space, since the string could not be read
 * back (validate the fields first).
 */
export function formatBankAccount(account: BankAccount): string {
  const parts = [account.bank_name, account.branch_name, DEPOSIT_TYPE_LABELS[account.deposit_type], account.bank_account_number];
  if (account.account_holder_name !== null && account.account_holder_name !== '') parts.push(account.account_holder_name);
  for (const part of parts) {
    if (part === '' || part.includes(' '))
      throw new RangeError(`A bank account part cannot be empty or hold a half-width space: ${JSON.stringify(part)}`);
  }
  return parts.join(' ');
}

/** How many trailing digits of an account number stay readable when it is shown masked. */
export const BANK_ACCOUNT_VISIBLE_DIGITS = 3;

/**
 * The account number as every page, mail and PDF shows it: each character but the last 3 replaced
 * by `*` (`1234567` → `****567`). A number of 3 characters or fewer is masked whole, so a masked
 * number never shows an account number in full. Surrounding spaces are ignored.
 */
export function maskBankAccountNumber(number: string): string {
  const value = number.trim();
  const visible = value.length > BANK_ACCOUNT_VISIBLE_DIGITS ? value.slice(-BANK_ACCOUNT_VISIBLE_DIGITS) : '';
  return '*'.repeat(value.length - visible.length) + visible;
}

/** The account with its number masked (`maskBankAccountNumber`). */
export const maskBankAccount = (account: BankAccount): BankAccount => ({
  ...account,
  bank_account_number: maskBankAccountNumber(account.bank_account_number),
});

/**
 * A bank account string as one masked line for a mail, a PDF or an audit row
 * (`みずほ銀行 渋谷支店 普通 ****567 カ）ヤマダ`), or null when there is none or it does not parse
 * (never the raw text, which would show the number).
 */
export function maskedBankAccountText(text: string | null | undefined): string | null {
  const parsed = parseBankAccount(text ?? '');
  return parsed.ok ? formatBankAccount(maskBankAccount(parsed.account)) : null;
}
