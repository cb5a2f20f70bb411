import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError, ValidationError, type FieldErrors } from '../api-client';
import { MESSAGES } from '@app/contracts/domain/messages';
import { ACCOUNT_MESSAGES } from '@app/contracts/api/account-messages';
import { FieldFrame, type FieldFrameProps } from './field-frame';

/**
 * Form controls: a visible label, a description, the error beside the field (announced, and tied
 * to the input with aria-describedby / aria-invalid), 44 px touch targets.
 */
export interface TextFieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  readonly name: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
}

/**
 * Once, after the first render: a control of prerendered HTML may hold what the visitor typed (or
 * ticked) before the page hydrated, which React keeps on screen but not in the form's state. That
 * value goes to the state then (in any other render the control shows the state: nothing to do).
 */
function useKeepWhatWasTyped<T>(read: () => T | undefined, current: unknown, update: (value: T) => void) {
  // Hydrating (the first render of server HTML): the only case where the control may differ.
  const done = useRef(useHydrated());
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const shown = read();
    if (shown !== undefined && shown !== current) update(shown);
  }, [read, current, update]);
}

export function TextField({ label, name, value, onValueChange, error, description, optional, type = 'text', ...rest }: TextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useKeepWhatWasTyped(() => input.current?.value, value, onValueChange);
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <FieldFrame label={label} error={error} description={description} optional={optional}>
      {(control) => (
        <div className={isPassword ? 'field__password' : undefined}>
          <input
            {...rest}
            {...control}
            ref={input}
            name={name}
            type={isPassword && revealed ? 'text' : type}
            className="field__input"
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
          />
          {isPassword && (
            <button type="button" className="field__reveal" aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
              {revealed ? '隠す' : '表示'}
            </button>
          )}
        </div>
      )}
    </FieldFrame>
  );
}

export interface CheckboxProps {
  readonly label: ReactNode;
  readonly name: string;
  readonly checked: boolean;
  readonly onCheckedChange: (checked: boolean) => void;
  readonly error?: string | undefined;
}

export function Checkbox({ label, name, checked, onCheckedChange, error }: CheckboxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useKeepWhatWasTyped(() => input.current?.checked, checked, onCheckedChange);
  return (
    <div className={`field field--check${error ? ' field--invalid' : ''}`}>
      <input
        ref={input}
        id={id}
        type="checkbox"
        name={name}
        className="field__checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface RadioGroupProps<T extends string> {
  readonly legend: string;
  readonly name: string;
  readonly value: T | '';
  readonly options: readonly { value: T; label: string; description?: string; disabled?: boolean }[];
  readonly onValueChange: (value: T) => void;
  readonly error?: string | undefined;
  readonly optional?: boolean;
}

export function RadioGroup<T extends string>({ legend, name, value, options, onValueChange, error, optional }: RadioGroupProps<T>) {
  const id = useId();
  const group = useRef<HTMLFieldSetElement>(null);
  useKeepWhatWasTyped(
    () => options.find((option) => option.value === group.current?.querySelector<HTMLInputElement>('input:checked')?.value)?.value,
    value,
    onValueChange,
  );
  return (
    <fieldset
      ref={group}
      className={`field field--radios${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">
        {legend}
        {optional ? <span className="field__optional">任意</span> : <span className="field__required">必須</span>}
      </legend>
      <div className="choice-list">
        {options.map((option) => (
          <label key={option.value} className={`choice${value === option.value ? ' choice--selected' : ''}`}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onValueChange(option.value)}
            />
            <span>
              <span className="choice__label">{option.label}</span>
              {option.description && <span className="choice__description">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The live password rules under a new-password field (`passwordChecklist` of @app/contracts):
 * each rule with its state in words for screen readers, then what "common" means (the API checks a
 * list of about 50,000 common and breached passwords the page does not have): the same text as the
 * API's 400 message.
 */
export function PasswordRules({ rules }: { rules: readonly { readonly id: string; readonly label: string; readonly ok: boolean }[] }) {
  return (
    <>
      <ul className="checklist" aria-label="パスワードの条件">
        {rules.map((rule) => (
          <li key={rule.id} data-ok={rule.ok}>
            {rule.label}
            <span className="visually-hidden">{rule.ok ? '（満たしています）' : '（未達成）'}</span>
          </li>
        ))}
      </ul>
      <p className="checklist-note" style={{ margin: 'var(--space-1) 0 0', fontSize: 'var(--font-size-sm)', color: 'var(--color-muted)' }}>
        {ACCOUNT_MESSAGES.passwordTooCommon}
      </p>
    </>
  );
}

/** Errors that are not about one field (non_field_errors, network, server). */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="form-alert" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

const subscribeToNothing = () => () => {};

/**
 * False in HTML rendered ahead of time (a prerendered form) and while React hydrates it, true in
 * every other render: whether the page's handlers are attached.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The form's submit button. Disabled in prerendered HTML until the page is hydrated: a form sent
 * before its handlers run would go to the server as a plain HTML form (what is typed before that
 * stays, and reaches the form's state when it hydrates).
 */
export function SubmitButton({ busy, children, busyLabel = '送信中…' }: { busy: boolean; children: ReactNode; busyLabel?: string }) {
  const live = useHydrated();
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy || !live} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}

export interface ApiFormState {
  readonly busy: boolean;
  readonly fieldErrors: FieldErrors;
  readonly formErrors: readonly string[];
  /** Wraps a submit handler: prevents the default, tracks busy, maps API errors to the form. */
  readonly handleSubmit: (action: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;
  readonly clearFieldError: (field: string) => void;
}

/**
 * Submit state of a form that talks to the API. What the person typed is never reset on an error:
 * field errors go beside their fields (the first message), non_field_errors and other failures at
 * the top (spec §5, §8).
 */
export function useApiForm(): ApiFormState {
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<readonly string[]>([]);
  const handleSubmit = (action: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldErrors({});
    setFormErrors([]);
    action()
      .catch((error: unknown) => {
        if (error instanceof ValidationError) {
          setFieldErrors(error.fieldErrors);
          setFormErrors(
            error.nonFieldErrors.length > 0
              ? error.nonFieldErrors
              : Object.keys(error.fieldErrors).length > 0
                ? [MESSAGES.checkFieldErrors]
                : [error.message],
          );
        } else if (error instanceof ApiError) {
          setFormErrors([error.message]);
        } else {
          setFormErrors(['エラーが発生しました。時間をおいて、もう一度お試しください。']);
          console.error(error);
        }
      })
      .finally(() => setBusy(false));
  };
  const clearFieldError = (field: string) => {
    if (!(field in fieldErrors)) return;
    const next = { ...fieldErrors };
    delete next[field];
    setFieldErrors(next);
  };
  return { busy, fieldErrors, formErrors, handleSubmit, clearFieldError };
}
