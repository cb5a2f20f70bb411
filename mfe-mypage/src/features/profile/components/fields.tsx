import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/**
 * A select and a text area in the look and accessibility of the shared TextField (label, 必須/任意,
 * description and error tied with aria-describedby). Local to the profile until another remote needs
 * them (then they move to the shared UI kit).
 */
interface FieldFrameProps {
  readonly label: string;
  readonly error?: string | undefined;
  readonly description?: ReactNode;
  readonly optional?: boolean;
}

function useFieldIds(error: string | undefined, description: ReactNode) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function Frame({ id, label, error, description, optional, children }: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional">任意</span> : <span className="field__required">必須</span>}
      </label>
      {description && (
        <div className="field__description" id={`${id}-description`}>
          {description}
        </div>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

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
  name,
  value,
  onValueChange,
  options,
  placeholder,
  ...rest
}: SelectFieldProps) {
  const { id, describedBy } = useFieldIds(error, description);
  return (
    <Frame id={id} label={label} error={error} description={description} optional={optional}>
      <select
        {...rest}
        id={id}
        name={name}
        className="field__input field__select"
        value={value}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export interface TextAreaFieldProps extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  readonly name: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
}

export function TextAreaField({ label, error, description, optional, name, value, onValueChange, maxLength, ...rest }: TextAreaFieldProps) {
  const { id, describedBy } = useFieldIds(error, description);
  return (
    <Frame id={id} label={label} error={error} description={description} optional={optional}>
      <textarea
        {...rest}
        id={id}
        name={name}
        className="field__input field__textarea"
        value={value}
        maxLength={maxLength}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {maxLength !== undefined && (
        <p className="field__counter" aria-hidden="true">
          {[...value].length} / {maxLength}
        </p>
      )}
    </Frame>
  );
}
