import { describe, expect, test } from 'vitest';
import { ENTRY_STATUS } from '@app/contracts/domain';
import { closingOf, entryTimeline } from './timeline';

const base = {
  status: ENTRY_STATUS.under_review,
  created_at: '2026-11-02T01:00:00Z',
  updated_at: '2026-11-20T01:00:00Z',
  reviewed_at: null,
  contracted_at: null,
  transferred_at: null,
  cancelled_at: null,
  rejected_at: null,
  transaction_completed_at: null,
} as const;

describe('entryTimeline', () => {
  test('the steps before the current one carry the times the entry keeps; the ones after carry none', () => {
    const steps = entryTimeline({ ...base, status: ENTRY_STATUS.contracted, reviewed_at: 'R', contracted_at: 'C' });
    expect(steps.map((s) => [s.id, s.state, s.at])).toEqual([
      ['applied', 'done', base.created_at],
      ['underReview', 'done', null],
      ['reviewed', 'done', 'R'],
      ['contracted', 'current', 'C'],
      ['transferred', 'upcoming', null],
      ['closed', 'upcoming', null],
    ]);
  });

  test('an archived entry shows only the steps it reached, then how it ended', () => {
    const completed = entryTimeline({
      ...base,
      status: ENTRY_STATUS.archived,
      reviewed_at: 'R',
      contracted_at: 'C',
      transferred_at: 'T',
      transaction_completed_at: 'X',
    });
    expect(completed.map((s) => s.id)).toEqual(['applied', 'underReview', 'reviewed', 'contracted', 'transferred', 'closed']);
    expect(completed.at(-1)).toMatchObject({ state: 'current', at: 'X', note: 'お取引が完了しました' });
  });

  test.each([
    [{ cancelled_at: 'A' }, 'A', 'お申し込みを取り消しました'],
    [{ rejected_at: 'B' }, 'B', '審査の結果、今回はお見送りとなりました'],
    [{ transaction_completed_at: 'C' }, 'C', 'お取引が完了しました'],
    [{ reviewed_at: 'R' }, base.updated_at, 'ご契約の期限を過ぎたため終了しました'],
    [{}, base.updated_at, 'お申し込みは終了しました'],
  ])('closingOf %o', (over, at, note) => {
    expect(closingOf({ ...base, status: ENTRY_STATUS.archived, ...over })).toEqual({ at, note });
  });
});
