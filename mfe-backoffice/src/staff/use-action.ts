import { useCallback, useRef, useState } from 'react';
import { ApiError, ValidationError } from '@app/shared';
import { endSessionIfStaffLoggedOut } from './session';

export interface ActionState {
  readonly busy: boolean;
  /** The server's message (409, 400, 403…) verbatim, shown next to the control that sent it. */
  readonly error: string | null;
  /** The first message of each field of a 400. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly run: (call: () => Promise<void>) => void;
  readonly clear: () => void;
}

/**
 * One control's request to a staff endpoint: busy while it runs, the server's refusal kept for the
 * control. `fieldsShown`: the fields whose 400 messages the control shows at the field itself (the
 * others, and non-field messages, are its `error`). `onConflict`: called after a 409 (the page was
 * out of date: someone else acted meanwhile), so the page can read the entry again while the
 * refusal stays shown.
 */
export function useAction(
  fieldsShown: readonly string[] = [],
  { onConflict }: { readonly onConflict?: (() => void) | undefined } = {},
): ActionState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const shown = useRef(fieldsShown);
  const conflict = useRef(onConflict);
  conflict.current = onConflict;
  const run = useCallback((call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    call()
      .catch((failure: unknown) => {
        if (endSessionIfStaffLoggedOut(failure)) return;
        if (failure instanceof ValidationError) {
          setFieldErrors(failure.fieldErrors);
          const elsewhere = Object.entries(failure.fieldErrors).find(([field]) => !shown.current.includes(field))?.[1];
          setError(failure.nonFieldErrors[0] ?? elsewhere ?? null);
        } else if (failure instanceof ApiError) {
          setError(failure.message);
          if (failure.status === 409) conflict.current?.();
        } else {
          console.error(failure);
          setError('エラーが発生しました。時間をおいて、もう一度お試しください。');
        }
      })
      .finally(() => setBusy(false));
  }, []);
  const clear = useCallback(() => {
    setError(null);
    setFieldErrors({});
  }, []);
  return { busy, error, fieldErrors, run, clear };
}
