import { useRef, useState, type FormEvent } from 'react';
import { ApiError, FormAlert, RadioGroup, SubmitButton, TextField, ValidationError } from '@app/shared';
import type { Entry } from '@app/contracts';
import {
  ENTRY_STATUS,
  formatBankAccount,
  isValid,
  normalizeAccountHolderName,
  normalizeBankAccountNumber,
  validateBankAccountDraft,
  type DepositType,
} from '@app/contracts/domain';
import {
  ACCOUNT_NUMBER_INPUT,
  BankPicker,
  DEPOSIT_TYPE_OPTIONS,
  EMPTY_BANK_PICKER_VALUE,
  HOLDER_NAME_INPUT,
  type BankPickerValue,
} from '../../../components';
import { entryLifeApi } from '../api/entry-life-api';

export const PAYOUT_CHANGE_TEXT = {
  hold: '振込先口座の変更を確認しています。確認が済むまで、買取代金のお振込みをお待ちいただきます（確認のため、お電話することがあります）。',
  lead: '変更すると、ご登録のメールアドレスに変更前と変更後の口座をお知らせします。不正な変更を防ぐため、当社で変更後の口座を確認するまで、お振込みをお待ちいただきます。',
  password: '本人確認のため、ログインに使っているパスワードを入力してください。',
  failed: 'エラーが発生しました。時間をおいて、もう一度お試しください。',
} as const;

/** Whether the applicant may ask to change the payout account of this entry (the API checks it again). */
export const canChangePayout = (entry: Entry): boolean =>
  entry.status === ENTRY_STATUS.reviewed || entry.status === ENTRY_STATUS.contracted;

interface Values {
  bank: BankPickerValue;
  depositType: DepositType | '';
  number: string;
  holder: string;
  password: string;
}

const EMPTY: Values = { bank: EMPTY_BANK_PICKER_VALUE, depositType: '', number: '', holder: '', password: '' };

/** The typed parts of the account: the value, the API's field (its error), the input, the normaliser applied on blur. */
const TYPED_PARTS = [
  { key: 'number', name: 'bank_account_number', input: ACCOUNT_NUMBER_INPUT, normalize: normalizeBankAccountNumber },
  { key: 'holder', name: 'account_holder_name', input: HOLDER_NAME_INPUT, normalize: normalizeAccountHolderName },
] as const;

/**
 * 振込先口座の変更 on the entry's page (reviewed or contracted): the same 全銀 bank/branch picker,
 * 普通/当座, the 7 digits and the holder-name normalisation as the wizard, and the password typed
 * again. `POST /api/entries/{id}/bank_account/`; the answer (the entry, its payout now on hold)
 * replaces what the page shows.
 */
export function PayoutChange({ entry, onChanged }: { readonly entry: Entry; readonly onChanged: (entry: Entry) => void }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const holder = normalizeAccountHolderName(values.holder).value;
    const number = normalizeBankAccountNumber(values.number).value;
    const checked: Record<string, string> = {
      ...validateBankAccountDraft({
        bank_name: values.bank.bankName,
        branch_name: values.bank.branchName,
        deposit_type: values.depositType,
        bank_account_number: number,
        account_holder_name: holder,
      }),
    };
    if (values.password === '') checked.password = 'パスワードを入力してください。';
    setValues((current) => ({ ...current, holder, number }));
    setErrors(checked);
    setFormErrors([]);
    if (!isValid(checked) || values.depositType === '') return;
    setBusy(true);
    const bankAccount = formatBankAccount({
      bank_name: values.bank.bankName.trim(),
      branch_name: values.bank.branchName.trim(),
      deposit_type: values.depositType,
      bank_account_number: number,
      account_holder_name: holder,
    });
    entryLifeApi.changeBankAccount(String(entry.id), { password: values.password, bank_account: bankAccount }).then(
      (changed) => {
        setBusy(false);
        setOpen(false);
        setValues(EMPTY);
        setDone(true);
        onChanged(changed);
      },
      (failure: unknown) => {
        setBusy(false);
        if (failure instanceof ValidationError) {
          setErrors({ ...failure.fieldErrors });
          setFormErrors([...failure.nonFieldErrors]);
        } else setFormErrors([failure instanceof ApiError ? failure.message : PAYOUT_CHANGE_TEXT.failed]);
      },
    );
  };

  return (
    <div className="el-payout-change">
      {entry.payout_hold_at !== null && (
        <p className="notice" role="status">
          {done ? '振込先口座を変更しました。' : ''}
          {PAYOUT_CHANGE_TEXT.hold}
        </p>
      )}
      {!open ? (
        canChangePayout(entry) && (
          <div className="el-actions">
            <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
              振込先口座を変更する
            </button>
          </div>
        )
      ) : (
        <form className="el-payout-form" noValidate onSubmit={submit} aria-labelledby="payout-change-heading">
          <h3 id="payout-change-heading" ref={headingRef} className="el-section__subheading">
            振込先口座の変更
          </h3>
          <p className="small">{PAYOUT_CHANGE_TEXT.lead}</p>
          <FormAlert messages={formErrors} />
          <BankPicker
            name="bank_account"
            legend="変更後の金融機関"
            value={values.bank}
            errors={{ bank: errors.bank_name ?? errors.bank_account, branch: errors.branch_name }}
            onChange={(bank) => set('bank', bank)}
          />
          <RadioGroup<DepositType>
            legend="預金種別"
            name="deposit_type"
            value={values.depositType}
            error={errors.deposit_type}
            options={DEPOSIT_TYPE_OPTIONS}
            onValueChange={(type) => set('depositType', type)}
          />
          {TYPED_PARTS.map(({ key, name, input, normalize }) => (
            <TextField
              key={name}
              {...input}
              name={name}
              value={values[key]}
              error={errors[name]}
              onValueChange={(typed) => set(key, typed)}
              onBlur={() => set(key, normalize(values[key]).value)}
            />
          ))}
          <TextField
            label="パスワード"
            name="password"
            type="password"
            autoComplete="current-password"
            description={PAYOUT_CHANGE_TEXT.password}
            value={values.password}
            error={errors.password}
            onValueChange={(password) => set('password', password)}
          />
          <div className="el-actions">
            <SubmitButton busy={busy} busyLabel="変更しています…">
              振込先口座を変更する
            </SubmitButton>
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                setOpen(false);
                setErrors({});
                setFormErrors([]);
              }}
            >
              やめる
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
