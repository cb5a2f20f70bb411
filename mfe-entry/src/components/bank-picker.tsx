/**
 * BankPicker — 金融機関 then 支店, from the 全銀 data our API serves.
 *
 * Usage (controlled; no form library inside — wrap it in yours):
 *
 *   const [bank, setBank] = useState<BankPickerValue>(EMPTY_BANK_PICKER_VALUE);
 *   <BankPicker name="receive_payment_account" value={bank} onChange={setBank}
 *               errors={{ bank: errors.bank_name, branch: errors.branch_name }} />
 *
 * Props:
 * - `value`: `{ bankName, bankCode, branchName, branchCode }`. Codes are '' unless the name was
 *   chosen from the suggestions (4 and 3 digits then).
 * - `onChange(next)`: called with the whole next value on every change.
 * - `name`: prefix of the inputs' names (`${name}.bank_name`, `${name}.branch_name`).
 * - `legend` (default 「金融機関」), `errors?: { bank?, branch? }` (shown under each field),
 *   `optional`, `disabled`, `debounceMs` (default 300).
 *
 * Behaviour:
 * - Typing a bank name (漢字, ひらがな, カタカナ, ﾊﾝｶｸ, or the 4-digit code) suggests banks, with the
 *   code beside the name (`GET /api/banks/?q=`, debounced). Choosing one fills `bankName` (the
 *   全銀 short name, e.g. 「みずほ」, 「北海道信金」) and `bankCode`, clears the branch, and moves the
 *   focus to the branch field, whose suggestions are that bank's branches
 *   (`GET /api/banks/{code}/branches/?q=`).
 * - Typing freely is always allowed (a bank that is not in the list): it clears `bankCode` (and
 *   `branchCode`), and the branch field is then a plain text field.
 * - Changing the bank's text or choosing another bank keeps nothing of the old branch's code.
 */
import { api } from '@app/shared';
import { type Bank, type Branch } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { useCallback, useMemo, useRef } from 'react';
import { SuggestField } from './suggest-field';

export interface BankPickerValue {
  readonly bankName: string;
  readonly bankCode: string;
  readonly branchName: string;
  readonly branchCode: string;
}

export const EMPTY_BANK_PICKER_VALUE: BankPickerValue = { bankName: '', bankCode: '', branchName: '', branchCode: '' };

export interface BankPickerProps {
  readonly value: BankPickerValue;
  readonly onChange: (value: BankPickerValue) => void;
  readonly name: string;
  readonly legend?: string;
  readonly errors?: { readonly bank?: string | undefined; readonly branch?: string | undefined };
  readonly optional?: boolean;
  readonly disabled?: boolean;
  readonly debounceMs?: number;
}

export const BANK_PICKER_MESSAGES = {
  noBank: '該当する金融機関が見つかりません。正式な名称をそのまま入力することもできます。',
  noBranch: '該当する支店が見つかりません。支店名をそのまま入力することもできます。',
  bankHint: '漢字・ひらがな・カタカナ、または金融機関コード（4桁）で検索できます。',
  branchHint: '支店名（漢字・かな）または支店コード（3桁）で検索できます。',
  branchNeedsBank: '金融機関を候補から選ぶと、支店を検索できます。',
} as const;

function CodeAndName({ code, name, kana }: { code: string; name: string; kana: string }) {
  return (
    <>
      <span className="picker__code">{code}</span>
      <span className="picker__name">{name}</span>
      <span className="picker__kana">{kana}</span>
    </>
  );
}

function Chosen({ label, code }: { label: string; code: string }) {
  if (code === '') return null;
  return (
    <dl className="picker__chosen">
      <dt>{label}</dt>
      <dd>{code}</dd>
    </dl>
  );
}

export function BankPicker({ value, onChange, name, legend = '金融機関', errors, optional, disabled, debounceMs }: BankPickerProps) {
  const branchInput = useRef<HTMLInputElement>(null);
  const { bankCode } = value;

  const searchBanks = useCallback(
    (q: string, signal: AbortSignal): Promise<readonly Bank[]> => api(endpoints.banks.search, { query: { q }, signal }),
    [],
  );
  const searchBranches = useMemo(
    () =>
      bankCode === ''
        ? null
        : (q: string, signal: AbortSignal): Promise<readonly Branch[]> =>
            api(endpoints.banks.branches, { params: { code: bankCode }, query: { q }, signal }),
    [bankCode],
  );

  return (
    <fieldset className="bank-picker" disabled={disabled}>
      <legend className="bank-picker__legend">{legend}</legend>
      <SuggestField<Bank>
        label="金融機関名"
        name={`${name}.bank_name`}
        value={value.bankName}
        description={BANK_PICKER_MESSAGES.bankHint}
        onValueChange={(text) => onChange({ ...value, bankName: text, bankCode: '', branchCode: '' })}
        onSelect={(bank) => {
          onChange({ bankName: bank.name, bankCode: bank.code, branchName: '', branchCode: '' });
          branchInput.current?.focus();
        }}
        search={searchBanks}
        optionKey={(bank) => bank.code}
        renderOption={(bank) => <CodeAndName {...bank} />}
        noResultsMessage={BANK_PICKER_MESSAGES.noBank}
        footer={<Chosen label="金融機関コード" code={value.bankCode} />}
        error={errors?.bank}
        optional={optional}
        disabled={disabled}
        debounceMs={debounceMs}
      />
      <SuggestField<Branch>
        label="支店名"
        name={`${name}.branch_name`}
        value={value.branchName}
        inputRef={branchInput}
        description={bankCode === '' ? BANK_PICKER_MESSAGES.branchNeedsBank : BANK_PICKER_MESSAGES.branchHint}
        onValueChange={(text) => onChange({ ...value, branchName: text, branchCode: '' })}
        onSelect={(branch) => onChange({ ...value, branchName: branch.name, branchCode: branch.code })}
        search={searchBranches}
        optionKey={(branch) => branch.code}
        renderOption={(branch) => <CodeAndName {...branch} />}
        noResultsMessage={BANK_PICKER_MESSAGES.noBranch}
        footer={<Chosen label="支店コード" code={value.branchCode} />}
        error={errors?.branch}
        optional={optional}
        disabled={disabled}
        debounceMs={debounceMs}
      />
    </fieldset>
  );
}
