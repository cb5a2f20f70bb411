import type { RemoteName } from '@app/contracts/remotes';

/**
 * Field telemetry's hook (issue 26): where an error is caught in shared code — a remote's error
 * boundary, a response that breaks its contract — it is announced on the window as a CustomEvent,
 * and the shell's collector (shell/src/telemetry) reports it. No dependency and no state here, so a
 * remote needs no new import and a page without the shell (tests, the prerender) loses nothing.
 */
export const FIELD_ERROR_EVENT = 'app:field-error';

/** The kinds of errors reported through the event (the shell catches uncaught errors and rejections itself). */
export type FieldErrorKind = 'boundary' | 'remote-load' | 'contract';

export interface FieldErrorDetail {
  readonly kind: FieldErrorKind;
  readonly error: unknown;
  /** The remote it happened in, when the place knows (a boundary does); else the page's remote. */
  readonly remote?: RemoteName | 'shell';
}

/** Announces an error to the shell's collector; never throws. */
export function reportFieldError(kind: FieldErrorKind, error: unknown, remote?: RemoteName | 'shell'): void {
  try {
    if (typeof window === 'undefined' || typeof CustomEvent !== 'function') return;
    const detail: FieldErrorDetail = remote === undefined ? { kind, error } : { kind, error, remote };
    window.dispatchEvent(new CustomEvent<FieldErrorDetail>(FIELD_ERROR_EVENT, { detail }));
  } catch {
    // Telemetry never breaks a page.
  }
}
