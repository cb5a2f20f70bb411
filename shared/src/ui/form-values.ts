import { useCallback, useState } from 'react';

/** The props that tie a text control (TextField, a select or text area field) to one value of a form. */
export interface BoundField<K extends string> {
  readonly name: K;
  readonly value: string;
  readonly error: string | undefined;
  readonly onValueChange: (value: string) => void;
}

/**
 * `field(name)`: the control's name, the value as typed, its error (the first message the API or the
 * page's own check gave for that name) and the change that writes it back: spread onto the control
 * (`<TextField label="…" {...field('last_name')} />`), so a field is named once.
 */
export function fieldBinder<K extends string>(
  values: Readonly<Record<K, string>>,
  errors: Readonly<Partial<Record<string, string>>>,
  set: (name: K, value: string) => void,
): <N extends K>(name: N) => BoundField<N> {
  return (name) => ({ name, value: values[name], error: errors[name], onValueChange: (value: string) => set(name, value) });
}

/**
 * The typed values of a form's text fields, one state for all of them: `field(name)` binds a control
 * (see fieldBinder) with the error of the same name in `errors`, `clear()` empties them (after a
 * successful change, never on an error: what the person typed stays).
 */
export function useFormValues<K extends string>(initial: Readonly<Record<K, string>>, errors: Readonly<Partial<Record<string, string>>>) {
  const [values, setValues] = useState(initial);
  const set = useCallback((name: K, value: string) => setValues((current) => ({ ...current, [name]: value })), []);
  const clear = () => setValues(initial);
  return { values, set, clear, field: fieldBinder(values, errors, set) };
}
