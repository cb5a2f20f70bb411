import type { Entry } from '@app/contracts';
import { formatDateTimeJst } from '@app/shared/parts';
import { TIMELINE_STATE_LABELS, entryTimeline } from '../model/timeline';

const MARKS = { done: '✓', current: '●', upcoming: '' } as const;

/**
 * The entry's status as an ordered list: each step says in words whether it is done, the current
 * one or still to come (the marks are decoration), the current step carries `aria-current="step"`,
 * and times are in Japan time.
 */
export function StatusTimeline({ entry, labelledBy }: { readonly entry: Entry; readonly labelledBy: string }) {
  const steps = entryTimeline(entry);
  return (
    <ol className="el-timeline" aria-labelledby={labelledBy}>
      {steps.map((step, index) => (
        <li key={step.id} className={`el-step el-step--${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
          <span className="el-step__mark" aria-hidden="true">
            {MARKS[step.state] || index + 1}
          </span>
          <span className="el-step__body">
            <span className="el-step__label">
              {step.label}
              <span className="visually-hidden">（{TIMELINE_STATE_LABELS[step.state]}）</span>
            </span>
            {step.at !== null && (
              <time className="el-step__time" dateTime={step.at}>
                {formatDateTimeJst(step.at)}
              </time>
            )}
            {step.note !== null && <span className="el-step__note">{step.note}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
