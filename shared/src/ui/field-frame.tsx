import type { ReactNode } from 'react';

/**
 * What describes a control: its description and its error (`{id}-description`, `{id}-error`, as
 * `FieldFrame` names them), for `aria-describedby`; undefined when it has neither.
 */
export function fieldDescribedBy(id: string, description: ReactNode, error: string | undefined): string | undefined {
  return [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

export interface FieldFrameProps {
  /** The control's id: the label points at it, the description and the error are named after it. */
  readonly id: string;
  readonly label: ReactNode;
  readonly optional?: boolean | undefined;
  readonly description?: ReactNode;
  readonly error?: string | undefined;
  /** A class beside `field` (`picker`). */
  readonly className?: string;
  /** The control, and anything between it and the error (a counter, the suggestions' status). */
  readonly children: ReactNode;
  /** Under the error (a warning shown only without one). */
  readonly after?: ReactNode;
}

/**
 * The frame of one form control: the visible label with 必須 or 任意, the description, the control,
 * the error under it (the control ties both with `fieldDescribedBy`). Every text-like field of the
 * site (`TextField`, the pickers, the amount and text-area fields of the wizard) stands in it.
 */
export function FieldFrame({ id, label, optional, description, error, className, children, after }: FieldFrameProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' field--invalid' : ''}`}>
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
      {after}
    </div>
  );
}
