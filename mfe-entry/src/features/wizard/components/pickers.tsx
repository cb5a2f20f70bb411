import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { BankPicker, CorporationSuggest, type BankPickerValue } from '../../../components';
import { joinBankName, splitBankName, type WizardDocument } from '../model/document';
import { useFieldError } from './fields';

/**
 * The mfe-entry pickers (全銀 banks and branches, 法人番号 suggestions) bound to the wizard's form.
 * Codes chosen from the suggestions live here while the names stay as chosen (the draft keeps
 * names only); a reload keeps the names, and the fields work as free text.
 */

/** The picker's value: the codes chosen earlier, while the names they belong to are unchanged. */
function usePickerValue(bankName: string, branchName: string) {
  const [chosen, setChosen] = useState<BankPickerValue | null>(null);
  const bankCode = chosen !== null && chosen.bankName === bankName ? chosen.bankCode : '';
  const branchCode = bankCode !== '' && chosen?.branchName === branchName ? chosen.branchCode : '';
  return [{ bankName, bankCode, branchName, branchCode }, setChosen] as const;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A bank and branch the draft keeps as two names (`{prefix}.bank_name`, `{prefix}.branch_name`):
 * a bank of the withdrawals detail step (`banks.{i}`) or the payout account (`payout_account`).
 */
function TwoNameBankFields({
  control,
  prefix,
  legend,
}: {
  readonly control: Control<WizardDocument>;
  readonly prefix: `banks.${number}` | 'payout_account';
  readonly legend: string;
}) {
  const bank = useController({ control, name: `${prefix}.bank_name` });
  const branch = useController({ control, name: `${prefix}.branch_name` });
  const [value, setChosen] = usePickerValue(text(bank.field.value), text(branch.field.value));
  const errors = { bank: useFieldError(`${prefix}.bank_name`), branch: useFieldError(`${prefix}.branch_name`) };
  return (
    <BankPicker
      name={prefix}
      legend={legend}
      value={value}
      errors={errors}
      onChange={(next) => {
        setChosen(next);
        if (next.bankName !== bank.field.value) bank.field.onChange(next.bankName);
        if (next.branchName !== branch.field.value) branch.field.onChange(next.branchName);
      }}
    />
  );
}

/** A bank of the withdrawals detail step: `banks.{i}.bank_name` and `banks.{i}.branch_name`. */
export function BankFields({ control, index }: { readonly control: Control<WizardDocument>; readonly index: number }) {
  return <TwoNameBankFields control={control} prefix={`banks.${index}`} legend="口座のある金融機関" />;
}

/** The payout account's bank and branch (振込先口座): `payout_account.bank_name`, `payout_account.branch_name`. */
export function PayoutBankFields({ control }: { readonly control: Control<WizardDocument> }) {
  return <TwoNameBankFields control={control} prefix="payout_account" legend="振込先の金融機関" />;
}

/**
 * The bank and branch a claim is paid into: both kept in `receive_payment_account.bank_name`
 * (「みずほ」+ U+3000 +「渋谷」); the branch input is named `…branch_name` so an error can point at it.
 */
export function PaymentBankFields({ control, index }: { readonly control: Control<WizardDocument>; readonly index: number }) {
  const prefix = `claims.${index}.receive_payment_account` as const;
  const { field } = useController({ control, name: `${prefix}.bank_name` });
  const names = splitBankName(text(field.value));
  const [value, setChosen] = usePickerValue(names.bank, names.branch);
  const errors = { bank: useFieldError(`${prefix}.bank_name`), branch: useFieldError(`${prefix}.branch_name`) };
  return (
    <BankPicker
      name={prefix}
      legend="金融機関"
      value={value}
      errors={errors}
      onChange={(next) => {
        setChosen(next);
        const joined = joinBankName(next.bankName, next.branchName);
        if (joined !== field.value) field.onChange(joined);
      }}
    />
  );
}

/** The obliger: its name, and 法人番号 and address when chosen from the suggestions. */
export function ObligerField({ control, index }: { readonly control: Control<WizardDocument>; readonly index: number }) {
  const name = useController({ control, name: `claims.${index}.obliger_company_name` });
  const number = useController({ control, name: `claims.${index}.houjinbangou` });
  const address = useController({ control, name: `claims.${index}.houjinbangou_address` });
  const error = useFieldError(`claims.${index}.obliger_company_name`);
  return (
    <CorporationSuggest
      name={`claims.${index}.obliger_company_name`}
      label="売掛先（請求先）の会社名"
      value={{ name: text(name.field.value), houjinbangou: text(number.field.value), address: text(address.field.value) }}
      error={error}
      onChange={(next) => {
        if (next.name !== name.field.value) name.field.onChange(next.name);
        const houjinbangou = next.houjinbangou === '' ? null : next.houjinbangou;
        const where = next.address === '' ? null : next.address;
        if (houjinbangou !== (number.field.value ?? null)) number.field.onChange(houjinbangou);
        if (where !== (address.field.value ?? null)) address.field.onChange(where);
      }}
    />
  );
}
