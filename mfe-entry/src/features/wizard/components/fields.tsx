import { useEffect, useId, useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath } from 'react-hook-form';
import { Checkbox, FieldFrame, RadioGroup, TextField, type TextFieldProps } from '@app/shared';
import {
  formatYenInput,
  NORMALIZATION_NOTICES,
  normalizeBankAccountNumber,
  parseYenInput,
  type DepositType,
  type Normalized,
} from '@app/contracts/domain';
import { ACCOUNT_NUMBER_INPUT, DEPOSIT_TYPE_OPTIONS } from '../../../components';
import type { WizardDocument } from '../model/document';
import { errorAt } from '../model/checks';
import { useWizard } from '../model/wizard-store';

/**
 * The wizard's form fields: the shared form controls bound to the react-hook-form document
 * (`name` is the dotted path, which is also the `name` attribute, so an error link can focus it)
 * and showing the error the last check or submit left for that path.
 */
type Path = FieldPath<WizardDocument>;

export interface BoundProps {
  readonly control: Control<WizardDocument>;
  readonly name: Path;
}

/** The error for a path from the last step check or submit. */
export function useFieldError(path: string): string | undefined {
  return useWizard((state) => errorAt(state.errors, path));
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A text control bound to a path: its controller, and the name, value and error the control shows. */
function useBoundText(control: Control<WizardDocument>, name: Path) {
  const { field } = useController({ control, name });
  return { field, shown: { name, value: textOf(field.value), error: useFieldError(name) } };
}

export function DraftTextField({
  control,
  name,
  normalize,
  ...rest
}: BoundProps &
  Omit<TextFieldProps, 'name' | 'value' | 'onValueChange' | 'error'> & {
    /** Applied on blur (e.g. the domain's normalisers); returns the value to keep. */
    readonly normalize?: (value: string) => string;
  }) {
  const { field, shown } = useBoundText(control, name);
  return (
    <TextField
      {...rest}
      {...shown}
      onValueChange={(value) => field.onChange(value)}
      onBlur={() => {
        if (normalize) {
          const next = normalize(textOf(field.value));
          if (next !== field.value) field.onChange(next);
        }
        field.onBlur();
      }}
    />
  );
}

/** A date (`YYYY-MM-DD`); cleared to null. */
export function DraftDateField({
  control,
  name,
  ...rest
}: BoundProps & Omit<TextFieldProps, 'name' | 'value' | 'onValueChange' | 'error' | 'type'>) {
  const { field, shown } = useBoundText(control, name);
  return (
    <TextField
      {...rest}
      {...shown}
      type="date"
      onValueChange={(value) => field.onChange(value === '' ? null : value)}
      onBlur={field.onBlur}
    />
  );
}

export function DraftCheckbox({ control, name, label }: BoundProps & { readonly label: ReactNode }) {
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  return (
    <Checkbox
      name={name}
      label={label}
      checked={field.value === true}
      error={error}
      onCheckedChange={(checked) => field.onChange(checked)}
    />
  );
}

export function DraftRadioGroup<T extends string>({
  control,
  name,
  legend,
  options,
  toValue,
  fromValue,
}: BoundProps & {
  readonly legend: string;
  readonly options: readonly { value: T; label: string; description?: string }[];
  /** The form value of a choice (e.g. `yes` → true). */
  readonly toValue?: (choice: T) => unknown;
  readonly fromValue?: (value: unknown) => T | '';
}) {
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  const value = fromValue ? fromValue(field.value) : ((field.value as T | null | undefined) ?? '');
  return (
    <RadioGroup<T>
      legend={legend}
      name={name}
      value={value}
      options={options}
      error={error}
      onValueChange={(choice) => field.onChange(toValue ? toValue(choice) : choice)}
    />
  );
}

export function DraftTextArea({
  control,
  name,
  label,
  description,
  maxLength,
  placeholder,
}: BoundProps & { readonly label: string; readonly description?: ReactNode; readonly maxLength: number; readonly placeholder?: string }) {
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  const value = textOf(field.value);
  return (
    <FieldFrame label={label} description={description} error={error}>
      {(frame) => (
        <>
          <textarea
            {...frame}
            name={name}
            className="field__input field__textarea"
            rows={4}
            value={value}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
            onBlur={field.onBlur}
          />
          <p className="field__counter" aria-hidden="true">
            {[...value].length} / {maxLength}
          </p>
        </>
      )}
    </FieldFrame>
  );
}

/**
 * An amount in yen: typed as 1,000,000 / １０００００ / 100万 (the domain's `parseYenInput`), kept
 * in the document as whole yen (`"1000000"`), shown with thousands separators once the field is
 * left. Text that is not an amount stays in the field with the reason under it.
 */
export function AmountField({
  control,
  name,
  label,
  description,
  warning,
}: BoundProps & { readonly label: string; readonly description?: ReactNode; readonly warning?: string | undefined }) {
  const { field } = useController({ control, name });
  const stored = typeof field.value === 'string' ? field.value : null;
  const [text, setText] = useState(() => formatYenInput(stored));
  const [problem, setProblem] = useState<string | null>(null);
  const checkError = useFieldError(name);

  // The document changed from elsewhere (another tab's draft loaded): show its amount.
  useEffect(() => {
    const typed = parseYenInput(text);
    if (typed.kind === 'invalid') return;
    const shown = typed.kind === 'yen' ? typed.value : null;
    if (formatYenInput(shown) !== formatYenInput(stored)) {
      setText(formatYenInput(stored));
      setProblem(null);
    }
  }, [stored, text]);

  const error = problem ?? checkError;
  const warningId = useId();
  // A warning (the amount is over the claims' total) shows only while there is no error.
  const warningNote = warning && !error && (
    <p className="field__warning" id={warningId} role="status">
      {warning}
    </p>
  );
  return (
    <FieldFrame label={label} description={description} error={error} after={warningNote}>
      {(frame) => (
        <div className="amount-input">
          <input
            {...frame}
            aria-describedby={[frame['aria-describedby'], warningNote ? warningId : null].filter(Boolean).join(' ') || undefined}
            name={name}
            className="field__input amount-input__control"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              const next = event.target.value;
              setText(next);
              const parsed = parseYenInput(next);
              if (parsed.kind !== 'invalid') setProblem(null);
              field.onChange(parsed.kind === 'yen' ? parsed.value : null);
            }}
            onBlur={() => {
              const parsed = parseYenInput(text);
              if (parsed.kind === 'yen') setText(formatYenInput(parsed.value));
              setProblem(parsed.kind === 'invalid' ? parsed.message : null);
              field.onBlur();
            }}
          />
          <span className="amount-input__unit" aria-hidden="true">
            円
          </span>
        </div>
      )}
    </FieldFrame>
  );
}

/**
 * Where the error of a path without an input of its own shows (an upload field, a group of fields
 * the server names as a whole), and what an error link focuses (`data-field`). `exact`: only the
 * error of this path, not those of the fields under it (they show at their own fields).
 */
export function FieldSlot({
  path,
  exact = false,
  children,
}: {
  readonly path: string;
  readonly exact?: boolean;
  readonly children: ReactNode;
}) {
  const nested = useFieldError(path);
  const own = useWizard((state) => state.errors[path]);
  const error = exact ? own : nested;
  return (
    <div className={`field-slot${error ? ' field-slot--invalid' : ''}`} data-field={path}>
      {children}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

/**
 * A text field whose value the domain normalises when it is left (holder names, account numbers),
 * saying under the field what it changed (`NORMALIZATION_NOTICES`).
 */
export function NormalizedField({
  control,
  name,
  normalize,
  description,
  ...rest
}: BoundProps &
  Omit<TextFieldProps, 'name' | 'value' | 'onValueChange' | 'error' | 'description'> & {
    readonly normalize: (value: string) => Normalized;
    readonly description?: ReactNode;
  }) {
  const { field, shown } = useBoundText(control, name);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <TextField
      {...rest}
      {...shown}
      description={
        notice === null ? (
          description
        ) : (
          <>
            {description}
            <span className="field__notice" role="status">
              {notice}
            </span>
          </>
        )
      }
      onValueChange={(value) => {
        setNotice(null);
        field.onChange(value);
      }}
      onBlur={() => {
        const normalized = normalize(textOf(field.value));
        if (normalized.value !== field.value) {
          field.onChange(normalized.value);
          setNotice(`${[...new Set(normalized.changes.map((change) => NORMALIZATION_NOTICES[change.kind]))].join('。')}。`);
        }
        field.onBlur();
      }}
    />
  );
}

/** 預金種別 (普通, 当座) of an account of the draft. */
export function DepositTypeField({ control, name }: BoundProps) {
  return <DraftRadioGroup<DepositType> control={control} name={name} legend="預金種別" options={DEPOSIT_TYPE_OPTIONS} />;
}

/** 口座番号 (7 digits, full-width digits made half-width when left) of an account of the draft. */
export function AccountNumberField({ control, name }: BoundProps) {
  return <NormalizedField control={control} name={name} {...ACCOUNT_NUMBER_INPUT} normalize={normalizeBankAccountNumber} />;
}
