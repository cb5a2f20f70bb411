import { useRef, useState } from 'react';
import { TextField, api } from '@app/shared';
import { normalizePostalCode } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { PROFILE_FIELD_MAX_LENGTHS as L } from '@app/contracts/domain';
import { PREFECTURE_OPTIONS } from '../model/profile-form';
import { SelectField } from './fields';

export interface AddressValues {
  readonly zipcode: string;
  readonly prefecture: string;
  readonly city: string;
  readonly building_number: string;
}

type Status = { kind: 'idle' } | { kind: 'looking' } | { kind: 'filled'; text: string } | { kind: 'unknown' } | { kind: 'failed' };

/**
 * 郵便番号 → 都道府県・市区町村 (our API, Japan Post's data): when a complete code is typed, the
 * address fields are filled and stay editable; the result is announced.
 */
export function AddressFields({
  prefix,
  values,
  errors,
  onChange,
  disabled,
}: {
  readonly prefix: 'office' | 'owner';
  readonly values: AddressValues;
  readonly errors: Readonly<Record<string, string | undefined>>;
  readonly onChange: (field: keyof AddressValues, value: string) => void;
  readonly disabled?: boolean;
}) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const lastLookup = useRef<string | null>(null);

  const lookUp = (typed: string) => {
    const code = normalizePostalCode(typed);
    if (code === null || code === lastLookup.current) return;
    lastLookup.current = code;
    setStatus({ kind: 'looking' });
    api(endpoints.postalCodes.get, { params: { code } })
      .then(({ addresses }) => {
        if (lastLookup.current !== code) return;
        const [first] = addresses;
        if (first === undefined) {
          setStatus({ kind: 'unknown' });
          return;
        }
        onChange('prefecture', first.prefecture);
        onChange('city', `${first.city}${first.town}`);
        setStatus({ kind: 'filled', text: `${first.prefecture}${first.city}${first.town}` });
      })
      .catch(() => {
        if (lastLookup.current === code) setStatus({ kind: 'failed' });
      });
  };

  const message =
    status.kind === 'looking'
      ? '住所を検索しています…'
      : status.kind === 'filled'
        ? `「${status.text}」を入力しました。番地などを続けて入力してください。`
        : status.kind === 'unknown'
          ? 'この郵便番号の住所は見つかりませんでした。住所を直接入力してください。'
          : status.kind === 'failed'
            ? '住所を自動入力できませんでした。住所を直接入力してください。'
            : '';

  /** The props of one part of this address: named (and its error found) with the prefix, its autocomplete in the prefix's section. */
  const field = (part: keyof AddressValues, autoComplete: string) => ({
    name: `${prefix}_${part}`,
    value: values[part],
    error: errors[`${prefix}_${part}`],
    autoComplete: `section-${prefix} ${autoComplete}`,
    disabled,
    onValueChange: (value: string) => onChange(part, value),
  });

  return (
    <div className="address-fields">
      <div className="address-fields__zip">
        <TextField
          label="郵便番号"
          {...field('zipcode', 'postal-code')}
          inputMode="numeric"
          placeholder="例: 150-0002"
          maxLength={L.zipcode}
          description="入力すると都道府県・市区町村を自動で入力します。"
          onValueChange={(value) => {
            onChange('zipcode', value);
            lookUp(value);
          }}
        />
        <p className="field__status" role="status" aria-live="polite">
          {message}
        </p>
      </div>
      <SelectField
        label="都道府県"
        {...field('prefecture', 'address-level1')}
        placeholder="選択してください"
        options={PREFECTURE_OPTIONS.map((p) => ({ value: p, label: p }))}
      />
      <TextField label="市区町村・番地" {...field('city', 'address-level2')} placeholder="例: 渋谷区渋谷1-2-3" maxLength={L.city} />
      <TextField
        label="建物名・部屋番号"
        {...field('building_number', 'address-line2')}
        placeholder="例: ツムギビル 5階"
        maxLength={L.building_number}
        optional
      />
    </div>
  );
}
