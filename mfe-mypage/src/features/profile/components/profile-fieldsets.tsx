import { useState } from 'react';
import { RadioGroup, TextField, fieldBinder, getRuntimeConfig } from '@app/shared';
import {
  DEPOSIT_TYPE_LABELS,
  IDENTITY_DOCUMENT_MESSAGES,
  normalizeAccountHolderName,
  normalizePhoneNumber,
  PROFILE_FIELD_MAX_LENGTHS as L,
  SECTOR_LABELS,
  SECTORS,
  type DepositType,
} from '@app/contracts/domain';
import type { ProfileField, ProfileFormValues } from '../model/profile-form';
import { AddressFields, type AddressValues } from './address-fields';
import { SelectField, TextAreaField } from './fields';

/**
 * The profile form's parts, one per fieldset (profile-page.tsx puts them together): each shows the
 * values as typed and reports each change through `set`, which keeps the draft.
 */
export interface FieldsetProps {
  readonly values: ProfileFormValues;
  readonly errors: Partial<Record<string, string>>;
  readonly set: (field: ProfileField, value: string) => void;
}

type AddressPrefix = 'office' | 'owner';

export interface AddressProps {
  readonly address: (prefix: AddressPrefix) => AddressValues;
  readonly setAddress: (prefix: AddressPrefix) => (field: keyof AddressValues, value: string) => void;
}

/** A phone field that writes the number in the usual form (03-1234-5678) when left. */
function PhoneField({ values, errors, set, name, label, autoComplete, placeholder, description }: FieldsetProps & PhoneProps) {
  return (
    <TextField
      {...fieldBinder(values, errors, set)(name)}
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      maxLength={L.phone}
      placeholder={placeholder}
      description={description}
      onBlur={() => {
        const normalized = normalizePhoneNumber(values[name]);
        if (normalized) set(name, normalized);
      }}
    />
  );
}
interface PhoneProps {
  readonly name: 'office_phone' | 'owner_phone';
  readonly label: string;
  readonly autoComplete: string;
  readonly placeholder: string;
  readonly description?: string;
}

/** 法人 or 個人事業主: chosen once (while the profile's division is still `none`), shown after. */
export function DivisionField({ values, errors, set, choose }: FieldsetProps & { readonly choose: boolean }) {
  if (!choose) {
    return (
      <p className="muted small">
        ご登録の区分: <strong>{values.corporate_division === 'corporate' ? '法人' : '個人事業主'}</strong>
      </p>
    );
  }
  const individualsSupported = getRuntimeConfig().individualsSupported;
  return (
    <RadioGroup<'corporate' | 'individual'>
      legend="ご登録の区分"
      name="corporate_division"
      value={values.corporate_division}
      error={errors.corporate_division}
      onValueChange={(value) => set('corporate_division', value)}
      options={[
        { value: 'corporate', label: '法人', description: '株式会社・合同会社など' },
        {
          value: 'individual',
          label: '個人事業主',
          disabled: !individualsSupported,
          description: individualsSupported ? 'フリーランスの方を含みます' : '現在お申し込みを受け付けておりません',
        },
      ]}
    />
  );
}

/** While the identity is under review or confirmed, the names are fixed; /profile offers a change. */
export function IdentityLockNotice({ offerChange, onChange }: { readonly offerChange: boolean; readonly onChange: () => void }) {
  return (
    <div className="notice notice--info">
      <p>{IDENTITY_DOCUMENT_MESSAGES.locked}</p>
      {offerChange && (
        <button type="button" className="button button--link" onClick={onChange}>
          氏名・会社名を変更する
        </button>
      )}
    </div>
  );
}

export function CompanyFieldset(props: FieldsetProps & AddressProps & { readonly locked: boolean }) {
  const { values, errors, set, locked, address, setAddress } = props;
  const field = fieldBinder(values, errors, set);
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">会社の情報</legend>
      <TextField
        label="会社名"
        {...field('company_name')}
        autoComplete="organization"
        maxLength={L.company_name}
        placeholder="例: 株式会社ツムギ商事"
        disabled={locked}
      />
      <AddressFields prefix="office" values={address('office')} errors={errors} onChange={setAddress('office')} />
      <PhoneField {...props} name="office_phone" label="会社の電話番号" autoComplete="section-office tel" placeholder="例: 03-1234-5678" />
    </fieldset>
  );
}

export function OwnerFieldset(props: FieldsetProps & AddressProps & { readonly locked: boolean }) {
  const { values, errors, set, locked, address, setAddress } = props;
  const isCorporate = values.corporate_division === 'corporate';
  const field = fieldBinder(values, errors, set);
  const copyOfficeAddress = () => {
    const office = address('office');
    for (const field of ['zipcode', 'prefecture', 'city', 'building_number'] as const) setAddress('owner')(field, office[field]);
  };
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{isCorporate ? '代表者の情報' : 'ご本人（事業主）の情報'}</legend>
      <div className="field-row">
        <TextField label="姓" {...field('last_name')} autoComplete="family-name" maxLength={L.last_name} disabled={locked} />
        <TextField label="名" {...field('first_name')} autoComplete="given-name" maxLength={L.first_name} disabled={locked} />
      </div>
      {isCorporate && (
        <button type="button" className="button button--secondary button--small copy-address" onClick={copyOfficeAddress}>
          代表者の住所に会社の住所をコピーする
        </button>
      )}
      <AddressFields prefix="owner" values={address('owner')} errors={errors} onChange={setAddress('owner')} />
      <PhoneField
        {...props}
        name="owner_phone"
        label={isCorporate ? '代表者の電話番号' : '電話番号'}
        autoComplete="section-owner tel"
        placeholder="例: 090-1234-5678"
        description="日中につながる番号を入力してください。"
      />
    </fieldset>
  );
}

export function BusinessFieldset({ values, errors, set }: FieldsetProps) {
  const field = fieldBinder(values, errors, set);
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">事業について</legend>
      <SelectField label="業種" {...field('sector')} optional options={SECTORS.map((s) => ({ value: s, label: SECTOR_LABELS[s] }))} />
      <TextAreaField
        label="事業内容"
        {...field('business_summary')}
        optional
        rows={3}
        maxLength={L.business_summary}
        placeholder="例: 店舗の内装工事を請け負っています。"
      />
    </fieldset>
  );
}

export function BankFieldset({ values, errors, set }: FieldsetProps) {
  const [holderNote, setHolderNote] = useState<string | null>(null);
  const field = fieldBinder(values, errors, set);
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">振込先口座</legend>
      <p className="muted small">買取代金のお振込み先です。変更するとご登録のメールアドレスにお知らせが届きます。</p>
      <div className="field-row">
        <TextField label="銀行名" {...field('bank_name')} optional />
        <TextField label="支店名" {...field('branch_name')} optional />
      </div>
      <RadioGroup<DepositType>
        legend="預金種別"
        optional
        name="deposit_type"
        value={values.deposit_type}
        error={errors.deposit_type}
        options={(Object.keys(DEPOSIT_TYPE_LABELS) as DepositType[]).map((t) => ({ value: t, label: DEPOSIT_TYPE_LABELS[t] }))}
        onValueChange={(v) => set('deposit_type', v)}
      />
      <TextField
        label="口座番号（7桁）"
        {...field('bank_account_number')}
        error={errors.bank_account_number ?? errors.bank_account}
        optional
        inputMode="numeric"
        maxLength={7}
      />
      <TextField
        label="口座名義（カナ）"
        {...field('account_holder_name')}
        optional
        maxLength={30}
        placeholder="例: カ）ツムギシヨウジ"
        description={holderNote ?? '通帳に記載のとおり、カタカナで入力してください。'}
        onBlur={() => {
          const normalized = normalizeAccountHolderName(values.account_holder_name);
          if (normalized.value !== values.account_holder_name) {
            set('account_holder_name', normalized.value);
            setHolderNote('銀行の表記に合わせて全角カタカナに変換しました。');
          }
        }}
      />
    </fieldset>
  );
}
