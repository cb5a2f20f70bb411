import type { Entry } from '@app/contracts';
import { ENTRY_STATUS } from '@app/contracts/domain';

/**
 * An entry's status as a timeline for the applicant (/entry/detail): お申し込み → 審査中 → [書類の不備あり
 * → 再提出] → 審査完了 → ご契約 → お振込み → 終了. The step of the entry's status is the current one,
 * the steps before it are done and carry their time where the entry keeps one. The inadequate branch
 * shows only while the entry is inadequate (the entry keeps no time for it). An archived entry shows
 * the steps it reached and how it ended (取り消し, お見送り, 期限切れ, お取引の完了).
 */
export type TimelineStepId = 'applied' | 'underReview' | 'inadequate' | 'resubmit' | 'reviewed' | 'contracted' | 'transferred' | 'closed';
export type TimelineStepState = 'done' | 'current' | 'upcoming';

export interface TimelineStep {
  readonly id: TimelineStepId;
  readonly label: string;
  readonly state: TimelineStepState;
  /** When the step happened (ISO date-time), where the entry keeps it. */
  readonly at: string | null;
  /** A word on the step (what it waits for, how the entry ended). */
  readonly note: string | null;
}

export const TIMELINE_LABELS: Readonly<Record<TimelineStepId, string>> = {
  applied: 'お申し込み',
  underReview: '審査中',
  inadequate: '書類の不備あり',
  resubmit: '再提出',
  reviewed: '審査完了',
  contracted: 'ご契約',
  transferred: 'お振込み',
  closed: '終了',
};

export const TIMELINE_STATE_LABELS: Readonly<Record<TimelineStepState, string>> = {
  done: '完了',
  current: '現在の状況',
  upcoming: 'これから',
};

type TimelineEntry = Pick<
  Entry,
  | 'status'
  | 'created_at'
  | 'reviewed_at'
  | 'contracted_at'
  | 'transferred_at'
  | 'cancelled_at'
  | 'rejected_at'
  | 'transaction_completed_at'
  | 'updated_at'
>;

/** How an archived entry ended, with the time it ended. */
export function closingOf(entry: TimelineEntry): { readonly at: string; readonly note: string } {
  if (entry.cancelled_at !== null) return { at: entry.cancelled_at, note: 'お申し込みを取り消しました' };
  if (entry.rejected_at !== null) return { at: entry.rejected_at, note: '審査の結果、今回はお見送りとなりました' };
  if (entry.transaction_completed_at !== null) return { at: entry.transaction_completed_at, note: 'お取引が完了しました' };
  if (entry.reviewed_at !== null && entry.contracted_at === null)
    return { at: entry.updated_at, note: 'ご契約の期限を過ぎたため終了しました' };
  return { at: entry.updated_at, note: 'お申し込みは終了しました' };
}

const step = (id: TimelineStepId, state: TimelineStepState, at: string | null = null, note: string | null = null): TimelineStep => ({
  id,
  label: TIMELINE_LABELS[id],
  state,
  at: state === 'upcoming' ? null : at,
  note,
});

/** The main line in order, with the time each step keeps. */
const MAIN_LINE = ['applied', 'underReview', 'reviewed', 'contracted', 'transferred', 'closed'] as const;

const CURRENT_OF_STATUS: Readonly<Record<number, (typeof MAIN_LINE)[number]>> = {
  [ENTRY_STATUS.under_review]: 'underReview',
  [ENTRY_STATUS.reviewed]: 'reviewed',
  [ENTRY_STATUS.contracted]: 'contracted',
  [ENTRY_STATUS.transferred]: 'transferred',
};

const NOTES: Readonly<Partial<Record<TimelineStepId, string>>> = {
  underReview: '審査の結果はメールでお知らせします',
  reviewed: '買取条件をご確認のうえ、ご契約ください',
  contracted: 'お振込みの準備をしています',
  transferred: '売掛先からの入金後、回収金をお引き渡しください',
};

export function entryTimeline(entry: TimelineEntry): TimelineStep[] {
  const timeOf: Readonly<Record<(typeof MAIN_LINE)[number], string | null>> = {
    applied: entry.created_at,
    underReview: entry.created_at,
    reviewed: entry.reviewed_at,
    contracted: entry.contracted_at,
    transferred: entry.transferred_at,
    closed: null,
  };
  if (entry.status === ENTRY_STATUS.archived) {
    const reached = MAIN_LINE.filter((id) => id === 'applied' || id === 'underReview' || (id !== 'closed' && timeOf[id] !== null));
    const closing = closingOf(entry);
    return [
      ...reached.map((id) => step(id, 'done', id === 'underReview' ? null : timeOf[id])),
      step('closed', 'current', closing.at, closing.note),
    ];
  }
  if (entry.status === ENTRY_STATUS.inadequate) {
    return [
      step('applied', 'done', entry.created_at),
      step('underReview', 'done'),
      step('inadequate', 'current', null, '不備のある書類をご確認ください'),
      step('resubmit', 'upcoming', null, '不備のある書類だけを再提出してください'),
      ...MAIN_LINE.slice(2).map((id) => step(id, 'upcoming')),
    ];
  }
  const current = CURRENT_OF_STATUS[entry.status] ?? 'underReview';
  const index = MAIN_LINE.indexOf(current);
  return MAIN_LINE.map((id, i) => {
    if (i < index) return step(id, 'done', id === 'underReview' ? null : timeOf[id]);
    if (i === index) return step(id, 'current', id === 'underReview' ? null : timeOf[id], NOTES[id] ?? null);
    return step(id, 'upcoming');
  });
}
