/**
 * CorporationSuggest — a company name field with 法人番号 suggestions.
 *
 * Usage (controlled; no form library inside — wrap it in yours):
 *
 *   const [obliger, setObliger] = useState<CorporationValue>(EMPTY_CORPORATION_VALUE);
 *   <CorporationSuggest name="obliger_company_name" label="売掛先（請求先）の会社名"
 *                       value={obliger} onChange={setObliger} error={errors.obliger_company_name} />
 *
 * Props:
 * - `value`: `{ name, houjinbangou, address }` — houjinbangou (13 digits) and address are '' unless
 *   the name was chosen from the suggestions.
 * - `onChange(next)`: called with the whole next value on every change.
 * - `name` (the input's name), `label` (default 「会社名」), `description`, `error`, `optional`,
 *   `disabled`, `debounceMs` (default 300).
 *
 * Behaviour:
 * - Typing suggests corporations (`GET /api/ext/houjinbangou/?name=`, debounced; 株式会社 may be left
 *   out, kana works), each with its address and 法人番号. Choosing one fills name, 法人番号 and
 *   address, shown under the field.
 * - Free text is always allowed (a company that is not found, a sole proprietor): typing clears
 *   houjinbangou and address, which belong to a chosen corporation only.
 */
import { api } from '@app/shared';
import { type Corporation } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import type { ReactNode } from 'react';
import { SuggestField } from './suggest-field';

export interface CorporationValue {
  readonly name: string;
  readonly houjinbangou: string;
  readonly address: string;
}

export const EMPTY_CORPORATION_VALUE: CorporationValue = { name: '', houjinbangou: '', address: '' };

export interface CorporationSuggestProps {
  readonly value: CorporationValue;
  readonly onChange: (value: CorporationValue) => void;
  readonly name: string;
  readonly label?: string;
  readonly description?: ReactNode;
  readonly error?: string | undefined;
  readonly optional?: boolean;
  readonly disabled?: boolean;
  readonly debounceMs?: number;
}

export const CORPORATION_SUGGEST_MESSAGES = {
  hint: '会社名の一部を入力すると、国税庁の法人番号公表データから候補を表示します（「株式会社」は省略できます）。',
  noResults: '該当する法人が見つかりません。会社名をそのまま入力できます。',
} as const;

const searchCorporations = (name: string, signal: AbortSignal): Promise<readonly Corporation[]> =>
  api(endpoints.ext.houjinbangou, { query: { name }, signal });

export function CorporationSuggest({
  value,
  onChange,
  name,
  label = '会社名',
  description = CORPORATION_SUGGEST_MESSAGES.hint,
  error,
  optional,
  disabled,
  debounceMs,
}: CorporationSuggestProps) {
  return (
    <SuggestField<Corporation>
      label={label}
      name={name}
      value={value.name}
      description={description}
      onValueChange={(text) => onChange({ name: text, houjinbangou: '', address: '' })}
      onSelect={(corporation) => onChange({ ...corporation })}
      search={searchCorporations}
      optionKey={(corporation) => corporation.houjinbangou}
      renderOption={(corporation) => (
        <>
          <span className="picker__name">{corporation.name}</span>
          <span className="picker__detail">{corporation.address}</span>
          <span className="picker__detail">法人番号 {corporation.houjinbangou}</span>
        </>
      )}
      noResultsMessage={CORPORATION_SUGGEST_MESSAGES.noResults}
      footer={
        value.houjinbangou === '' ? null : (
          <dl className="picker__chosen">
            <dt>法人番号</dt>
            <dd>{value.houjinbangou}</dd>
            <dt>所在地</dt>
            <dd>{value.address}</dd>
          </dl>
        )
      }
      error={error}
      optional={optional}
      disabled={disabled}
      debounceMs={debounceMs}
    />
  );
}
