import { Fragment } from 'react';
import { maskBankAccount, parseBankAccount } from '@app/contracts/domain/bank-account';
import { DEPOSIT_TYPE_LABELS } from '@app/contracts/domain/statuses';

/** The labels of a payout account's parts, as every page shows them. */
export const BANK_ACCOUNT_LABELS = {
  bank_name: '金融機関',
  branch_name: '支店',
  deposit_type: '預金種別',
  bank_account_number: '口座番号',
  account_holder_name: '口座名義',
} as const;

/**
 * A bank account string as label/value rows: bank, branch, type, number masked except its last 3
 * digits (`****567`; `reveal` shows it whole, for the staff who send the money), holder. An account
 * that does not parse is one row of its own (never its raw text: it would show the number).
 */
export function bankAccountRows(text: string | null | undefined, options: { readonly reveal?: boolean } = {}): [string, string][] {
  const parsed = parseBankAccount(text ?? '');
  if (!parsed.ok) return [['振込先口座', text == null || text.trim() === '' ? '未登録' : '読み取れません']];
  const account = options.reveal === true ? parsed.account : maskBankAccount(parsed.account);
  return [
    [BANK_ACCOUNT_LABELS.bank_name, account.bank_name],
    [BANK_ACCOUNT_LABELS.branch_name, account.branch_name],
    [BANK_ACCOUNT_LABELS.deposit_type, DEPOSIT_TYPE_LABELS[account.deposit_type]],
    [BANK_ACCOUNT_LABELS.bank_account_number, account.bank_account_number],
    [BANK_ACCOUNT_LABELS.account_holder_name, account.account_holder_name ?? '—'],
  ];
}

/**
 * The rows of `bankAccountRows` as `<dt>`/`<dd>` pairs, for the page's own `<dl>` (its layout and
 * styles stay the page's). A masked number says in words that only its last 3 digits are shown.
 */
export function BankAccountRows({ account, reveal = false }: { readonly account: string | null | undefined; readonly reveal?: boolean }) {
  return (
    <>
      {bankAccountRows(account, { reveal }).map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>
            {value}
            {label === BANK_ACCOUNT_LABELS.bank_account_number && !reveal && value.includes('*') && <small>（下3桁のみ表示）</small>}
          </dd>
        </Fragment>
      ))}
    </>
  );
}
