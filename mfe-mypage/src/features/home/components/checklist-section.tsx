import { AppLink } from '@app/shared';
import type { Checklist, ChecklistStep, StepState } from '../model/checklist';
import { QuietError, Section, Skeleton } from './section';

/** The icon of a state: a shape, never colour alone (the badge says it in words too). */
const ICON: Readonly<Record<StepState, (n: number) => string>> = {
  done: () => '✓',
  waiting: () => '…',
  todo: (n) => String(n),
  blocked: () => '−',
  skipped: () => '−',
  unknown: () => '?',
};

function Step({ step, number, next }: { readonly step: ChecklistStep; readonly number: number; readonly next: boolean }) {
  const headingId = `step-${step.id}`;
  return (
    <li
      className={`mp-step mp-step--${step.state}${next ? ' mp-step--next' : ''}`}
      aria-current={next ? 'step' : undefined}
      aria-labelledby={headingId}
      data-step={step.id}
      data-state={step.state}
    >
      <span className={`mp-step__icon mp-step__icon--${step.state}`} aria-hidden="true">
        {ICON[step.state](number)}
      </span>
      <div className="mp-step__body">
        <div className="mp-step__head">
          <h3 className="mp-step__title" id={headingId}>
            <span className="visually-hidden">ステップ{number}：</span>
            {step.title}
          </h3>
          <span className={`mp-badge mp-badge--${step.state}`}>{step.status}</span>
          {next && <span className="mp-next-tag">{step.state === 'todo' ? '次のステップ' : 'ご確認ください'}</span>}
        </div>
        <p className="mp-step__desc">{step.description}</p>
        {step.action && (
          <p className="mp-step__action">
            <AppLink className={next ? 'button button--primary' : undefined} to={step.action.to}>
              {step.action.label}
            </AppLink>
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * お申し込みまでの流れ: the four steps, each with its state in words and an icon, the next one
 * emphasised (its action is the page's one primary button).
 */
export function ChecklistSection({
  checklist,
  failed,
  onRetry,
}: {
  /** null while loading. */
  readonly checklist: Checklist | null;
  /** Something the checklist needs could not be loaded (shown under the steps). */
  readonly failed: boolean;
  readonly onRetry: () => void;
}) {
  return (
    <Section id="checklist" title="お申し込みまでの流れ" busy={checklist === null}>
      {checklist === null ? (
        <Skeleton label="お申し込みまでの流れ" kind="step" count={4} />
      ) : (
        <>
          <ol className="mp-steps" aria-labelledby="checklist-heading">
            {checklist.steps.map((step, index) => (
              <Step key={step.id} step={step} number={index + 1} next={step.id === checklist.nextStepId} />
            ))}
          </ol>
          {failed && (
            <div className="mp-after">
              <QuietError what="一部の状況" onRetry={onRetry} />
            </div>
          )}
        </>
      )}
    </Section>
  );
}
