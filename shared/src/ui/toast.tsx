import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { TOAST_DURATION_MS } from '../constants';
import { COPY } from '../copy';

export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly tone: ToastTone;
}

interface ToastState {
  readonly toasts: readonly Toast[];
}

export const toastStore = createStore<ToastState>()(() => ({ toasts: [] }));
let nextId = 1;

export function dismissToast(id: number): void {
  toastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

/** Shows a message that disappears after 7 s (spec §8, §9) unless closed earlier. */
export function showToast(message: string, tone: ToastTone = 'info'): number {
  const id = nextId++;
  toastStore.setState((s) => ({ toasts: [...s.toasts, { id, message, tone }] }));
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

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
