import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** What Tab and Shift+Tab move between inside the dialog. */
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Escape closes (unless busy); Tab and Shift+Tab cycle within the dialog. */
function handleKeyDown(dialog: HTMLElement, event: KeyboardEvent, { busy, onClose }: { busy: boolean; onClose: () => void }): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    if (!busy) onClose();
    return;
  }
  if (event.key !== 'Tab') return;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The classes of the dialog's parts: each front end styles its dialogs (the staff's denser than the applicant's). */
export interface ConfirmDialogClasses {
  readonly backdrop: string;
  readonly dialog: string;
  readonly title?: string;
  readonly actions: string;
}

export interface ConfirmDialogProps {
  readonly title: string;
  readonly children?: ReactNode;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  /** The confirm button's look: red for what cannot be undone (the default), blue otherwise. */
  readonly danger?: boolean;
  readonly busy?: boolean;
  /** The confirm button's text while busy (its label when not given). */
  readonly busyLabel?: string;
  readonly error?: string | null;
  readonly classes: ConfirmDialogClasses;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** The dialog itself, loaded on first use (`ConfirmDialog` in confirm-dialog.tsx says what it does). */
export default function ConfirmDialogView({
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = true,
  busy = false,
  busyLabel,
  error,
  classes,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  // In the commit that shows the dialog (a layout effect, not a passive one): nothing, a screen
  // reader or a test, can see the dialog while the focus is still behind it.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const main = document.getElementById('main') ?? document.querySelector('main');
    const layoutRoot = main?.parentElement ?? null;
    const hidden: HTMLElement[] = [];
    if (layoutRoot) {
      for (const child of Array.from(layoutRoot.children)) {
        if (child instanceof HTMLElement && !child.inert) {
          child.inert = true;
          hidden.push(child);
        }
      }
    }
    cancelRef.current?.focus();
    return () => {
      for (const element of hidden) element.inert = false;
      opener?.focus();
    };
  }, []);

  // The latest props for the key handler (registered once).
  const latest = useRef({ busy, onClose });
  useEffect(() => {
    latest.current = { busy, onClose };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => handleKeyDown(dialog, event, latest.current);
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, []);

  return createPortal(
    <div className={classes.backdrop}>
      <div
        ref={dialogRef}
        className={classes.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={children ? `${id}-body` : undefined}
      >
        <h2 id={`${id}-title`} className={classes.title}>
          {title}
        </h2>
        {children && <div id={`${id}-body`}>{children}</div>}
        {error && (
          <p className="form-alert" role="alert">
            {error}
          </p>
        )}
        <div className={classes.actions}>
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
