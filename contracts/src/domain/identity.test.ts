import { describe, expect, test } from 'vitest';
import {
  USER_STATUSES,
  identityStateOf,
  contractIdentityProblem,
  isAccountStepDone,
  isFinancialStatementsDone,
  isIdentityExpired,
  isIndividual,
  isReviewSubmitted,
  isWithdrawalsDetailDone,
  requiresIdentityResubmission,
  userStatusOf,
  type CurrentUserFields,
} from './identity';
import { REVIEW_STATUS as R } from './statuses';

describe('identity expiry (spec §4): expired when the valid date is before today', () => {
  test.each([
    ['2026-06-29', '2026-06-30', true],
    ['2026-06-30', '2026-06-30', false],
    ['2026-07-01', '2026-06-30', false],
    ['2025-12-31', '2026-01-01', true],
    ['2024-02-29', '2024-03-01', true],
    ['2024-02-29', '2024-02-29', false],
    ['2026-06-30T00:00:00+09:00', { year: 2026, month: 7, day: 1 }, true],
    [null, '2026-06-30', false],
    [undefined, '2026-06-30', false],
    ['', '2026-06-30', false],
  ])('valid %j, today %j → expired %s', (valid, today, expired) => {
    expect(isIdentityExpired(valid, today)).toBe(expired);
  });
  test('a valid date that is not a date throws', () => {
    expect(() => isIdentityExpired('2026-02-30', '2026-06-30')).toThrow(RangeError);
  });
});

describe('review statuses', () => {
  // status, requires identity resubmission, counts as done (withdrawals details, financial statements)
  test.each([
    [R.confirming, false, true],
    [R.inadequate, true, false],
    [R.confirmed, false, true],
    [R.nothing, true, false],
    [R.expired, true, false],
    [null, true, false],
    [undefined, true, false],
    [0, true, false],
  ])('status %j: resubmission %s, done %s', (status, resubmission, done) => {
    expect(requiresIdentityResubmission(status)).toBe(resubmission);
    expect(isReviewSubmitted(status)).toBe(done);
    expect(isWithdrawalsDetailDone(status)).toBe(done);
    expect(isFinancialStatementsDone(status)).toBe(done);
  });
});

describe('user status (spec §3, §4)', () => {
  test('the four statuses', () => expect(USER_STATUSES).toEqual(['logout', 'lackOfUserData', 'login', 'preEntryDeclined']));
  test.each([
    [null, 'logout'],
    [undefined, 'logout'],
    [{}, 'logout'],
    [{ id: null, has_satisfied_profile: true }, 'logout'],
    [{ id: 0 }, 'lackOfUserData'],
    [{ id: 1 }, 'lackOfUserData'],
    [{ id: 1, has_satisfied_profile: false }, 'lackOfUserData'],
    [{ id: 1, has_satisfied_profile: null }, 'lackOfUserData'],
    [{ id: 1, has_satisfied_profile: true }, 'login'],
    [{ id: 1, has_satisfied_profile: true, has_pre_entry_declined: false }, 'login'],
    [{ id: 1, has_satisfied_profile: true, has_pre_entry_declined: true }, 'preEntryDeclined'],
    [{ id: 1, has_satisfied_profile: false, has_pre_entry_declined: true }, 'preEntryDeclined'],
    [{ id: null, has_pre_entry_declined: true }, 'logout'],
  ] as [CurrentUserFields | null | undefined, string][])('%j → %s', (me, status) => {
    expect(userStatusOf(me)).toBe(status);
  });
});

describe('individual (spec §1): unselected counts as corporate', () => {
  test.each([
    ['individual', true],
    ['corporate', false],
    ['none', false],
    [null, false],
    [undefined, false],
    ['', false],
  ])('%j → %s', (division, expected) => {
    expect(isIndividual(division)).toBe(expected);
  });
});

describe('identity state (spec §3)', () => {
  const me: CurrentUserFields = {
    id: 7,
    version: 'v12',
    corporate_division: 'individual',
    identity_confirmation: R.confirmed,
    identity_valid_date: '2026-06-29',
    withdrawals_detail_status: R.confirming,
    financial_statements_status: R.inadequate,
    has_satisfied_profile: true,
    has_pre_entry_declined: false,
  };

  test('from a full current user', () => {
    expect(identityStateOf(me, '2026-06-30')).toEqual({
      id: 7,
      version: 'v12',
      userStatus: 'login',
      identity_confirmation: R.confirmed,
      isIdentityExpired: true,
      withdrawals_detail_status: R.confirming,
      financial_statements_status: R.inadequate,
      hasSatisfiedProfile: true,
      isIndividual: true,
      isImperfectIdentity: false,
    });
  });

  test.each([null, undefined])('a visitor (%j)', (visitor) => {
    expect(identityStateOf(visitor, '2026-06-30')).toEqual({
      id: null,
      version: null,
      userStatus: 'logout',
      identity_confirmation: R.nothing,
      isIdentityExpired: false,
      withdrawals_detail_status: R.nothing,
      financial_statements_status: R.nothing,
      hasSatisfiedProfile: false,
      isIndividual: false,
      isImperfectIdentity: true,
    });
  });

  test.each([
    [R.confirming, false],
    [R.confirmed, false],
    [R.inadequate, true],
    [R.nothing, true],
    [R.expired, true],
    [null, true],
  ])('identity_confirmation %j → imperfect %s', (status, imperfect) => {
    const state = identityStateOf({ ...me, identity_confirmation: status }, '2026-06-30');
    expect(state.isImperfectIdentity).toBe(imperfect);
    expect(state.identity_confirmation).toBe(status ?? R.nothing);
  });

  test.each([
    ['2026-06-29', true],
    ['2026-06-30', false],
  ])('valid date %s on 2026-06-30 → expired %s', (valid, expired) => {
    expect(identityStateOf({ ...me, identity_valid_date: valid }, '2026-06-30').isIdentityExpired).toBe(expired);
  });

  test.each([
    [{ has_satisfied_profile: false }, false, 'lackOfUserData'],
    [{ has_satisfied_profile: null }, false, 'lackOfUserData'],
    [{ corporate_division: 'none' }, true, 'login'],
  ] as const)('%j → hasSatisfiedProfile %s, %s', (patch, satisfied, status) => {
    const state = identityStateOf({ ...me, ...patch }, '2026-06-30');
    expect(state.hasSatisfiedProfile).toBe(satisfied);
    expect(state.userStatus).toBe(status);
  });
});

describe('account step done (spec §4)', () => {
  const done = { userStatus: 'login', hasSatisfiedProfile: true, identity_confirmation: R.confirmed, isIdentityExpired: false } as const;
  test.each([
    [{}, true],
    [{ identity_confirmation: R.confirming }, true],
    [{ userStatus: 'preEntryDeclined' }, true],
    [{ userStatus: 'logout' }, false],
    [{ hasSatisfiedProfile: false }, false],
    [{ identity_confirmation: R.inadequate }, false],
    [{ identity_confirmation: R.nothing }, false],
    [{ identity_confirmation: R.expired }, false],
    [{ isIdentityExpired: true }, false],
  ] as const)('%j → %s', (patch, expected) => {
    expect(isAccountStepDone({ ...done, ...patch })).toBe(expected);
  });
});

describe('contractIdentityProblem: approval and signing need a confirmed, unexpired identity (issue 23)', () => {
  test.each([
    [R.confirmed, '2026-06-30', '2026-06-30', null],
    [R.confirmed, '2027-01-01', '2026-06-30', null],
    [R.confirmed, '2026-06-29', '2026-06-30', 'expired'],
    [R.confirmed, null, '2026-06-30', 'noValidDate'],
    [R.confirmed, '', '2026-06-30', 'noValidDate'],
    [R.confirmed, undefined, '2026-06-30', 'noValidDate'],
    [R.confirming, '2027-01-01', '2026-06-30', 'unconfirmed'],
    [R.inadequate, '2027-01-01', '2026-06-30', 'unconfirmed'],
    [R.nothing, null, '2026-06-30', 'unconfirmed'],
    [R.expired, '2027-01-01', '2026-06-30', 'unconfirmed'],
    [null, '2027-01-01', '2026-06-30', 'unconfirmed'],
    [undefined, '2027-01-01', '2026-06-30', 'unconfirmed'],
  ])('status %j, valid %j, today %j → %j', (status, valid, today, problem) => {
    expect(contractIdentityProblem(status, valid, today)).toBe(problem);
  });
});
