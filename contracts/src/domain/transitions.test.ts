import { describe, expect, test } from 'vitest';
import { CLAIM_STATUS as C, ENTRY_STATUS as E, isEntryCancellable, type ClaimStatus, type EntryStatus } from './statuses';
import {
  CLAIM_ACTIONS,
  CLAIM_TRANSITIONS,
  ENTRY_ACTIONS,
  ENTRY_TRANSITIONS,
  canApproveEntry,
  canTransitionClaim,
  canTransitionEntry,
  claimActionsFrom,
  claimStatusAfterEntryAction,
  entryActionsFrom,
  nextClaimStatus,
  nextEntryStatus,
  reviewKind,
  type ClaimAction,
  type EntryAction,
} from './transitions';

/** The whole entry table, written out: from → { action: to }. Every pair not listed is illegal. */
const ENTRY_MOVES: readonly [EntryStatus | null, Partial<Record<EntryAction, EntryStatus>>][] = [
  [null, { create: E.under_review }],
  [E.under_review, { review: E.under_review, cancel: E.archived, markInadequate: E.inadequate, approve: E.reviewed, reject: E.archived }],
  [E.inadequate, { review: E.under_review, cancel: E.archived, reject: E.archived }],
  [E.reviewed, { contract: E.contracted, cancel: E.archived, archive: E.archived }],
  [E.contracted, { transfer: E.transferred }],
  [E.transferred, { archive: E.archived }],
  [E.archived, {}],
];

const CLAIM_MOVES: readonly [ClaimStatus | null, Partial<Record<ClaimAction, ClaimStatus>>][] = [
  [null, { create: C.under_review }],
  [C.under_review, { review: C.under_review, markInadequate: C.inadequate, canBuy: C.can_buy, cannotBuy: C.cannot_buy, cancel: C.cancel }],
  [C.inadequate, { review: C.under_review, cannotBuy: C.cannot_buy, cancel: C.cancel }],
  [C.can_buy, { contract: C.contracted, cancel: C.cancel }],
  [C.contracted, { transfer: C.transferred }],
  [C.transferred, { delay: C.delay, return: C.returned }],
  [C.delay, { return: C.returned }],
  [C.returned, {}],
  [C.cannot_buy, {}],
  [C.cancel, {}],
];

const pairs = <S, A extends string>(moves: readonly [S, Partial<Record<A, S>>][], actions: readonly A[]) =>
  moves.flatMap(([from, legal]) => actions.map((action) => [from, action, legal[action] ?? null] as const));

describe('entry transitions', () => {
  test.each(pairs(ENTRY_MOVES, ENTRY_ACTIONS))('from %j, %s → %j', (from, action, to) => {
    expect(nextEntryStatus(from, action)).toBe(to);
    expect(canTransitionEntry(from, action)).toBe(to !== null);
  });

  test.each(ENTRY_MOVES)('actions from %j', (from, legal) => {
    expect(entryActionsFrom(from)).toEqual(ENTRY_ACTIONS.filter((action) => action in legal));
  });

  test.each([
    [E.under_review, 'applicant', ['review', 'cancel']],
    [E.under_review, 'operator', ['markInadequate', 'approve', 'reject']],
    [E.inadequate, 'applicant', ['review', 'cancel']],
    [E.inadequate, 'operator', ['reject']],
    [E.reviewed, 'applicant', ['contract', 'cancel']],
    [E.reviewed, 'operator', ['archive']],
    [E.contracted, 'applicant', []],
    [E.contracted, 'operator', ['transfer']],
    [null, 'applicant', ['create']],
    [null, 'operator', []],
  ] as const)('from %j the %s may %j', (from, actor, actions) => {
    expect(entryActionsFrom(from, actor)).toEqual(actions);
  });

  test.each(Object.values(E))('cancel is legal from %i exactly when the entry is cancellable (spec §4)', (status) => {
    expect(canTransitionEntry(status, 'cancel')).toBe(isEntryCancellable(status));
  });

  test.each([
    [E.under_review, 'submit'],
    [E.inadequate, 'resubmit'],
    [E.reviewed, null],
    [E.contracted, null],
    [E.transferred, null],
    [E.archived, null],
  ] as const)('review of an entry in %i is %j', (status, kind) => {
    expect(reviewKind(status)).toBe(kind);
    expect(canTransitionEntry(status, 'review')).toBe(kind !== null);
  });

  test('archived is final; every move is documented and unique per (from, action)', () => {
    expect(entryActionsFrom(E.archived)).toEqual([]);
    for (const move of ENTRY_TRANSITIONS) expect(move.why.length).toBeGreaterThan(20);
    const keys = ENTRY_TRANSITIONS.flatMap((move) => move.from.map((from) => `${from}:${move.action}`));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('claim transitions', () => {
  test.each(pairs(CLAIM_MOVES, CLAIM_ACTIONS))('from %j, %s → %j', (from, action, to) => {
    expect(nextClaimStatus(from, action)).toBe(to);
    expect(canTransitionClaim(from, action)).toBe(to !== null);
  });

  test.each(CLAIM_MOVES)('actions from %j', (from, legal) => {
    expect(claimActionsFrom(from)).toEqual(CLAIM_ACTIONS.filter((action) => action in legal));
  });

  test.each([
    [C.under_review, 'applicant', ['review', 'cancel']],
    [C.under_review, 'operator', ['markInadequate', 'canBuy', 'cannotBuy']],
    [C.can_buy, 'applicant', ['contract', 'cancel']],
    [C.transferred, 'operator', ['delay', 'return']],
    [C.transferred, 'applicant', []],
  ] as const)('from %j the %s may %j', (from, actor, actions) => {
    expect(claimActionsFrom(from, actor)).toEqual(actions);
  });

  test('every move is documented and unique per (from, action); final statuses', () => {
    for (const move of CLAIM_TRANSITIONS) expect(move.why.length).toBeGreaterThan(20);
    const keys = CLAIM_TRANSITIONS.flatMap((move) => move.from.map((from) => `${from}:${move.action}`));
    expect(new Set(keys).size).toBe(keys.length);
    expect([C.returned, C.cannot_buy, C.cancel].map((status) => claimActionsFrom(status))).toEqual([[], [], []]);
  });

  test('a claim after contract (spec §4) can only move forward: never cancelled, never back under review', () => {
    for (const status of [C.contracted, C.transferred, C.returned, C.delay]) {
      expect(canTransitionClaim(status, 'cancel')).toBe(false);
      expect(canTransitionClaim(status, 'review')).toBe(false);
    }
  });
});

describe('who makes each move', () => {
  test.each([
    [
      'entry',
      ENTRY_TRANSITIONS,
      {
        create: 'applicant',
        review: 'applicant',
        contract: 'applicant',
        cancel: 'applicant',
        markInadequate: 'operator',
        approve: 'operator',
        reject: 'operator',
        transfer: 'operator',
        archive: 'operator',
      },
    ],
    [
      'claim',
      CLAIM_TRANSITIONS,
      {
        create: 'applicant',
        review: 'applicant',
        markInadequate: 'operator',
        canBuy: 'operator',
        cannotBuy: 'operator',
        contract: 'applicant',
        transfer: 'operator',
        delay: 'operator',
        return: 'operator',
        cancel: 'applicant',
      },
    ],
  ] as const)('%s moves', (_name, table, actors) => {
    expect(Object.fromEntries(table.map((move) => [move.action, move.actor]))).toEqual(actors);
  });
});

describe('approving an entry', () => {
  test.each([
    [[C.can_buy], true],
    [[C.can_buy, C.cannot_buy], true],
    [[C.cannot_buy, C.can_buy], true],
    [[C.cannot_buy], false],
    [[C.can_buy, C.under_review], false],
    [[C.can_buy, C.inadequate], false],
    [[], false],
  ] as const)('claims %j → %s', (claims, expected) => {
    expect(canApproveEntry(claims)).toBe(expected);
  });
});

describe('an entry move carried to its claims', () => {
  test.each([
    ['cancel', C.under_review, C.cancel],
    ['cancel', C.inadequate, C.cancel],
    ['cancel', C.can_buy, C.cancel],
    ['cancel', C.cannot_buy, C.cannot_buy],
    ['contract', C.can_buy, C.contracted],
    ['contract', C.cannot_buy, C.cannot_buy],
    ['transfer', C.contracted, C.transferred],
    ['transfer', C.cannot_buy, C.cannot_buy],
    ['reject', C.under_review, C.cannot_buy],
    ['reject', C.inadequate, C.cannot_buy],
    ['review', C.inadequate, C.under_review],
    ['review', C.under_review, C.under_review],
    ['review', C.can_buy, C.can_buy],
    ['archive', C.can_buy, C.cancel],
    ['archive', C.cannot_buy, C.cannot_buy],
    ['archive', C.returned, C.returned],
    ['archive', C.delay, C.delay],
    ['approve', C.can_buy, C.can_buy],
    ['markInadequate', C.under_review, C.under_review],
    ['create', C.under_review, C.under_review],
  ] as const)('entry %s: claim %i → %i', (action, from, to) => {
    expect(claimStatusAfterEntryAction(action, from)).toBe(to);
  });
});
