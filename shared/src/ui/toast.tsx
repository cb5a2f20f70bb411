import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { TOAST_DURATION_MS } from '../constants';
import { COPY } from '@app/contracts/copy';

export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly tone: ToastTone;
  /** The page (path) the toast belongs to: it ends when the person leaves it. */
  readonly path: string;
  /** Still to survive the navigation it announces (see `ToastOptions.announcesNavigation`). */
  readonly announcesNavigation: boolean;
}

export interface ToastOptions {
  /**
   * The toast announces the navigation that comes with it (ログアウトしました on the way to /login,
   * 再提出しました on the way back to the entry): it moves to the next page instead of ending there.
   * Once moved it belongs to that page like any other toast.
   */
  readonly announcesNavigation?: boolean;
}

interface ToastState {
  readonly toasts: readonly Toast[];
}

/** At most this many toasts show at once; a new one pushes out the oldest. */
export const MAX_TOASTS = 2;

export const toastStore = createStore<ToastState>()(() => ({ toasts: [] }));
let nextId = 1;

export function dismissToast(id: number): void {
  toastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

const currentPath = (): string => (typeof window === 'undefined' ? '' : window.location.pathname);

/**
 * After a navigation (any change of the path: every remote's router and single-spa announce one
 * with a `popstate` event, real or synthetic), the toasts of the page left end; a toast announcing
 * this navigation moves to the new page. A change of the hash or query alone keeps them.
 */
export function endToastsOfLeftPage(path: string = currentPath()): void {
  const { toasts } = toastStore.getState();
  if (toasts.every((t) => t.path === path)) return;
  toastStore.setState({
    toasts: toasts.flatMap((t) => {
      if (t.path === path) return [t];
      return t.announcesNavigation ? [{ ...t, path, announcesNavigation: false }] : [];
    }),
  });
}

let watching = false;
function watchNavigation(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('popstate', () => endToastsOfLeftPage());
}

/**
 * Shows a message that disappears after 7 s (spec §8, §9) unless closed earlier, or the page it
 * was raised on is left (unless it announces that navigation: `options`). Of more than
 * `MAX_TOASTS` at once, the oldest goes.
 */
export function showToast(message: string, tone: ToastTone = 'info', options: ToastOptions = {}): number {
  watchNavigation();
  const id = nextId++;
  const toast: Toast = { id, message, tone, path: currentPath(), announcesNavigation: options.announcesNavigation ?? false };
  toastStore.setState((s) => ({ toasts: [...s.toasts, toast].slice(-MAX_TOASTS) }));
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

/**
 * The toasts of the page, announced politely (role=status). Drawn at the top of the screen under
 * the header on phones and at the top right on wider screens, away from a page's primary button,
 * which sits at the end of its form or content.
 */
export function ToastRegion() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`}>
          <p className="toast__message">{t.message}</p>
          <button type="button" className="toast__close" onClick={() => dismissToast(t.id)}>
            {COPY.toastClose}
          </button>
        </div>
      ))}
    </div>
  );
}
