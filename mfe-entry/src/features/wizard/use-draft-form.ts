import { useEffect, useRef } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { WizardDocument } from './model/document';
import { useWizard, wizard } from './model/wizard-store';

/**
 * The step page's form (react-hook-form) over the wizard's document: it starts from the document
 * the wizard holds (what was typed on the other steps included), reports every change to the
 * wizard (which autosaves it), and starts over when the document is replaced from outside — the
 * draft of another tab or device that the applicant chose to load.
 */
export function useDraftForm(): UseFormReturn<WizardDocument> {
  const w = wizard();
  const generation = useWizard((state) => state.generation);
  const form = useForm<WizardDocument>({ defaultValues: w.store.getState().data });
  const seen = useRef(generation);

  useEffect(() => {
    if (seen.current === generation) return;
    seen.current = generation;
    form.reset(w.store.getState().data);
  }, [generation, form, w]);

  useEffect(() => {
    const subscription = form.watch((values) => w.edit(structuredClone(values) as WizardDocument));
    return () => subscription.unsubscribe();
  }, [form, w]);

  return form;
}
