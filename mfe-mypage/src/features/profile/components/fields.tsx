import { FieldFrame, splitFieldProps, type FieldFrameProps } from '@app/shared';
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

export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const [frame, control] = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <select {...control} {...aria} className="field__input field__select">
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

export function TextAreaField(props: TextAreaFieldProps) {
  const [frame, control] = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <>
          <textarea {...control} {...aria} className="field__input field__textarea" />
          {control.maxLength !== undefined && (
            <p className="field__counter" aria-hidden="true">
              {[...control.value].length} / {control.maxLength}
            </p>
          )}
        </>
      )}
    </FieldFrame>
  );
}
