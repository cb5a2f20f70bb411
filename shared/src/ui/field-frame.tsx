import { useId, type ChangeEvent, type ReactNode } from 'react';

/** What every labelled form control shows around itself. */
export interface FieldFrameProps {
  readonly label: string;
  readonly error?: string | undefined;
  readonly description?: ReactNode;
  readonly optional?: boolean;
}

/** The id and ARIA a control inside a FieldFrame carries (spread them onto the input, select or text area). */
export interface FieldControlProps {
  readonly id: string;
  readonly required: boolean;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

/**
 * The frame of a form control: a visible label with 必須/任意, the description above the control
 * and the error below it, both tied to the control with aria-describedby (aria-invalid while there
 * is an error). TextField of the UI kit and the select and text area fields are drawn in it.
 */
export function FieldFrame({
  label,
  error,
  description,
  optional,
  className,
  after,
  children,
}: FieldFrameProps & {
  /** A class beside `field` (mfe-entry's suggestion pickers: `picker`). */
  readonly className?: string;
  /** Shown under the error (a warning the field shows only without an error). */
  readonly after?: ReactNode;
  readonly children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional">任意</span> : <span className="field__required">必須</span>}
      </label>
      {description && (
        <div className="field__description" id={descriptionId}>
          {description}
        </div>
      )}
      {children({ id, required: !optional, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {after}
    </div>
  );
}

/**
 * A field's props split in two: the frame's (label, error, description, optional) and the control's
 * own, where `onValueChange` becomes the element's onChange — spread the second onto the input,
 * select or text area drawn in the FieldFrame.
 */
export function splitFieldProps<P extends FieldFrameProps & { readonly onValueChange: (value: string) => void }>({
  label,
  error,
  description,
  optional,
  onValueChange,
  ...control
}: P) {
  const frame: FieldFrameProps = { label, error, description, optional };
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => onValueChange(event.target.value);
  return [frame, { ...control, onChange }] as const;
}
