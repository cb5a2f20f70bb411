import { forwardRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES, type EntryFormStep } from '@app/contracts/domain';
import { fieldLabel, inPageOrder, stepOfPath } from '../model/checks';
import { STEP_PAGES } from '../model/steps';

/**
 * Moves keyboard focus to the field of a path (an input named by it, or the first control inside
 * the element marked `data-field`) and scrolls it into view. False when the page has no such field.
 */
export function focusField(path: string, doc: Document = document): boolean {
  const target =
    doc.querySelector<HTMLElement>(`[name="${path}"]`) ??
    doc.querySelector(`[data-field="${path}"]`)?.querySelector<HTMLElement>('input, select, textarea, button, a[href], [tabindex]') ??
    doc.querySelector<HTMLElement>(`[data-field="${path}"]`);
  if (target === null) return false;
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}

export interface ErrorSummaryProps {
  /** The step of the page showing the summary: its fields are focused in place, others are reached by their page. */
  readonly step: EntryFormStep;
  readonly errors: Readonly<Record<string, string>>;
  readonly formErrors?: readonly string[];
  readonly title?: string;
}

/**
 * 「エラーのある項目をご確認ください」 with every error as a link to its field — on this page, or on
 * the step page that has it (the page opens with that field focused).
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { step, errors, formErrors = [], title = MESSAGES.checkFieldErrors },
  ref,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const entries = inPageOrder(Object.keys(errors)).map((path) => [path, errors[path] ?? ''] as const);
  if (entries.length === 0 && formErrors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <p className="error-summary__title" id="error-summary-title">
        {entries.length > 0 ? title : MESSAGES.entrySubmitFailed}
      </p>
      {formErrors.length > 0 && (
        <ul className="error-summary__list">
          {formErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {entries.length > 0 && (
        <ul className="error-summary__list">
          {entries.map(([path, message]) => {
            const owner: EntryFormStep = stepOfPath(path) ?? step;
            const page = STEP_PAGES[owner];
            const here = owner === step || page.path === location.pathname;
            return (
              <li key={path}>
                <a
                  href={here ? `#${path}` : page.path}
                  onClick={(event) => {
                    event.preventDefault();
                    if (here) focusField(path);
                    else void navigate(page.path, { state: { focus: path } });
                  }}
                >
                  {here ? '' : `${page.label}：`}
                  {fieldLabel(path)} — {message}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
});
