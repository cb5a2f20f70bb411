import { FieldFrame, type FieldFrameProps } from '@app/shared';
import type { SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * A select and a text area in the look and accessibility of the shared TextField (the shared
 * FieldFrame: label, 必須/任意, description and error tied with aria-describedby). Local to the
 * profile until another remote needs them (then they move to the shared UI kit).
 */
export interface SelectFieldProps extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  readonly name: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  /** The first, empty option (「選択してください」). */
  readonly placeholder?: string;
}

export function SelectField({
  label,
  error,
  description,
  optional,
  value,
  onValueChange,
  options,
  placeholder,
  ...rest
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} description={description} optional={optional}>
      {(control) => (
        <select
          {...rest}
          {...control}
          className="field__input field__select"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  readonly name: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
}

export function TextAreaField({ label, error, description, optional, value, onValueChange, maxLength, ...rest }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} description={description} optional={optional}>
      {(control) => (
        <>
          <textarea
            {...rest}
            {...control}
            className="field__input field__textarea"
            value={value}
            maxLength={maxLength}
            onChange={(event) => onValueChange(event.target.value)}
          />
          {maxLength !== undefined && (
            <p className="field__counter" aria-hidden="true">
              {[...value].length} / {maxLength}
            </p>
          )}
        </>
      )}
    </FieldFrame>
  );
}
