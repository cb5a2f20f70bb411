import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EntryFormStep } from '@app/contracts/domain';
import { focusField } from '../components/error-summary';
import { inPageOrder, stepOfPath, type FieldErrors } from '../model/checks';
import { wizard } from '../model/wizard-store';

/** Moves focus to the first error of the page (page order), else to the summary. */
export function focusFirstError(errors: FieldErrors, summary: HTMLElement | null): void {
  setTimeout(() => {
    const first = inPageOrder(Object.keys(errors)).find((path) => focusField(path));
    if (first === undefined) summary?.focus();
  }, 0);
}

/**
 * 「次へ」 of a step: the step's checks run first (the domain's rules); with errors they show by
 * their fields and in the summary, and the first one gets the focus; without, the draft is saved
 * and the next step opens.
 */
export function useStepNavigation(step: EntryFormStep) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const goNext = (check: () => FieldErrors, to: string) => {
    const w = wizard();
    const state = w.store.getState();
    const others = Object.fromEntries(Object.entries(state.errors).filter(([path]) => stepOfPath(path) !== step));
    const errors = check();
    if (Object.keys(errors).length > 0) {
      w.setErrors({ ...others, ...errors }, []);
      focusFirstError(errors, summaryRef.current);
      return;
    }
    w.setErrors(others, []);
    void w.flush();
    void navigate(to);
  };
  return { summaryRef, goNext };
}
