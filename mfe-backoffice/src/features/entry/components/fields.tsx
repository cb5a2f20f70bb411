import { useId, type ReactNode } from 'react';

/** A compact labelled control for the decision forms (label, hint, the server's field error). */
export function BoField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="bo-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({ id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true as const } : {}) })}
      {error && (
        <p className="bo-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
