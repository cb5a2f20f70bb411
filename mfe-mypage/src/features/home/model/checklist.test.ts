import { describe, expect, test } from 'vitest';
import { CLAIM_STATUS, ENTRY_STATUS, NEW_ENTRY_BLOCK_MESSAGES, REVIEW_STATUS, identityStateOf } from '@app/contracts/domain';
import { meFixture, suppressEntriesFixture } from '@app/mocks';
import type { Me } from '@app/contracts';
import { buildChecklist, type ChecklistInput, type StepId } from './checklist';

const TODAY = '2026-11-21';

function input(me: Partial<Me> = {}, rest: Partial<Omit<ChecklistInput, 'identity' | 'me'>> = {}): ChecklistInput {
  const user = meFixture(me);
  return {
    identity: identityStateOf(user, TODAY),
    me: user,
    preEntry: 'accepted',
    entries: [],
    suppressEntries: suppressEntriesFixture(),
    ...rest,
  };
}

// As the API answers for a new account: empty postal codes.
const NEW_USER: Partial<Me> = { has_satisfied_profile: false, office_zipcode: '', owner_zipcode: '' };

const summary = (i: ChecklistInput) => {
  const { steps, nextStepId } = buildChecklist(i);
  return { states: Object.fromEntries(steps.map((s) => [s.id, `${s.state}:${s.status}`])), next: nextStepId };
};

describe('buildChecklist', () => {
  test('a new user: answer the pre-entry first', () => {
    expect(summary(input(NEW_USER, { preEntry: 'unanswered' }))).toEqual({
      states: { preEntry: 'todo:未回答', profile: 'todo:未登録', identity: 'todo:未提出', newEntry: 'blocked:本人確認書類の提出後' },
      next: 'preEntry',
    });
    const { steps } = buildChecklist(input(NEW_USER, { preEntry: 'unanswered' }));
    expect(steps[0]!.action).toEqual({ label: '事前確認に回答する', to: '/register/pre_entry' });
    expect(steps[1]!.action?.to).toBe('/register/profile');
  });

  test('pre-entry accepted, profile never started: the first profile step', () => {
    const { steps, nextStepId } = buildChecklist(input(NEW_USER));
    expect(nextStepId).toBe('profile');
    expect(steps[1]).toMatchObject({ state: 'todo', status: '未登録', action: { to: '/register/profile' } });
  });

  test('postal codes null count as never started too', () => {
    expect(buildChecklist(input({ ...NEW_USER, office_zipcode: null, owner_zipcode: null })).steps[1]!.action?.to).toBe(
      '/register/profile',
    );
  });

  test('a profile started but not complete: /profile', () => {
    const { steps, nextStepId } = buildChecklist(input({ has_satisfied_profile: false }));
    expect(nextStepId).toBe('profile');
    expect(steps[1]).toMatchObject({ state: 'todo', status: '未完了', action: { to: '/profile' } });
  });

  test('profile done, identity not submitted: the identity section of /profile', () => {
    const { steps, nextStepId } = buildChecklist(input());
    expect(nextStepId).toBe('identity');
    expect(steps[1]).toMatchObject({ state: 'done', status: '登録済み' });
    expect(steps[2]).toMatchObject({ state: 'todo', status: '未提出', action: { to: '/profile#identity' } });
    expect(steps[3]).toMatchObject({ state: 'blocked', description: NEW_ENTRY_BLOCK_MESSAGES.identityImperfect });
  });

  test.each([
    [REVIEW_STATUS.confirming, null, 'waiting:確認中', 'newEntry'],
    [REVIEW_STATUS.inadequate, null, 'todo:不備', 'identity'],
    [REVIEW_STATUS.confirmed, null, 'done:確認済', 'newEntry'],
    [REVIEW_STATUS.nothing, null, 'todo:未提出', 'identity'],
    [REVIEW_STATUS.expired, null, 'todo:期限切れ', 'identity'],
    [REVIEW_STATUS.confirmed, '2026-11-20', 'todo:期限切れ', 'identity'],
    [REVIEW_STATUS.confirmed, TODAY, 'done:確認済', 'newEntry'],
  ] as const)('identity %i valid until %s → %s, next %s', (status, validDate, expected, next: StepId) => {
    const result = summary(input({ identity_confirmation: status, identity_valid_date: validDate }));
    expect(result.states.identity).toBe(expected);
    expect(result.next).toBe(next);
  });

  test('identity 確認中: new entries are open, and that is the next step', () => {
    const { steps } = buildChecklist(input({ identity_confirmation: REVIEW_STATUS.confirming }));
    expect(steps[3]).toMatchObject({ state: 'todo', action: { label: '新規申し込みをはじめる', to: '/entry' } });
  });

  test('declined at pre-entry: the reasons come first, whatever else is missing', () => {
    const result = summary(input({ ...NEW_USER, has_pre_entry_declined: true }, { preEntry: 'declined' }));
    expect(result.next).toBe('preEntry');
    expect(result.states.preEntry).toBe('blocked:お受けできません');
    expect(result.states.newEntry).toBe('blocked:お受けできません');
    // Nothing else is asked for: no profile or identity step to act on.
    expect(result.states.profile).toBe('skipped:未登録');
    expect(result.states.identity).toBe('skipped:未提出');
    expect(buildChecklist(input({ ...NEW_USER, has_pre_entry_declined: true }, { preEntry: 'declined' })).steps[1]!.action).toBeUndefined();
  });

  test('unanswered with the profile already complete: not asked any more', () => {
    expect(summary(input({}, { preEntry: 'unanswered' })).states.preEntry).toBe('skipped:回答不要');
  });

  test("the operator's message is the reason when new entries are stopped", () => {
    const { steps } = buildChecklist(
      input(
        { identity_confirmation: REVIEW_STATUS.confirmed },
        { suppressEntries: suppressEntriesFixture({ method: 'stop_new_entry', message: '12月28日から1月4日まで受付を停止します。' }) },
      ),
    );
    expect(steps[3]).toMatchObject({ state: 'blocked', status: '受付停止中', description: '12月28日から1月4日まで受付を停止します。' });
    expect(steps[3]!.action).toBeUndefined();
  });

  test('an entry under review: no second one', () => {
    const { steps, nextStepId } = buildChecklist(
      input({ identity_confirmation: REVIEW_STATUS.confirmed }, { entries: [{ status: ENTRY_STATUS.under_review, claims: [] }] }),
    );
    expect(nextStepId).toBe('newEntry');
    expect(steps[3]).toMatchObject({ state: 'blocked', status: 'お手続き中', description: NEW_ENTRY_BLOCK_MESSAGES.entryInProgress });
  });

  test('a delayed claim blocks only without the permission', () => {
    const entries = [{ status: ENTRY_STATUS.transferred, claims: [{ status: CLAIM_STATUS.delay }] }];
    const ok = { identity_confirmation: REVIEW_STATUS.confirmed };
    expect(summary(input(ok, { entries, hasEntryPermissionWhenDelayed: true })).states.newEntry).toBe('todo:申し込みできます');
    expect(summary(input(ok, { entries, hasEntryPermissionWhenDelayed: false })).states.newEntry).toBe('blocked:お受けできません');
  });

  test('what could not be loaded says so and is never the next step while something else is', () => {
    const result = summary(input({}, { preEntry: null, entries: null }));
    expect(result.states.preEntry).toBe('unknown:読み込めません');
    expect(result.states.newEntry).toBe('unknown:読み込めません');
    expect(result.next).toBe('identity');
  });

  test('exactly one next step, always one of the four', () => {
    for (const preEntry of ['unanswered', 'accepted', 'declined', null] as const)
      for (const status of Object.values(REVIEW_STATUS))
        for (const satisfied of [true, false]) {
          const { steps, nextStepId } = buildChecklist(
            input({ identity_confirmation: status, has_satisfied_profile: satisfied }, { preEntry }),
          );
          expect(steps.filter((s) => s.id === nextStepId)).toHaveLength(1);
        }
  });
});
