import { describe, expect, test } from 'vitest';
import {
  NEW_ENTRY_BLOCK_CODES,
  NEW_ENTRY_BLOCK_LABELS,
  NEW_ENTRY_BLOCK_MESSAGES,
  checkNewEntry,
  isNewEntryAllowed,
  newEntryBlockers,
  type NewEntryEligibilityInput,
} from './eligibility';
import { identityStateOf } from './identity';
import { CLAIM_STATUS as C, ENTRY_STATUS as E, REVIEW_STATUS } from './statuses';

/** An applicant who may apply: logged in, identity fine, nothing pending, nothing stopped. */
const ok: NewEntryEligibilityInput = {
  identity: { userStatus: 'login', isImperfectIdentity: false, isIdentityExpired: false },
  suppressEntries: null,
  entries: [
    { status: E.archived, claims: [{ status: C.returned }, { status: C.cannot_buy }] },
    { status: E.transferred, claims: [{ status: C.transferred }] },
  ],
  hasEntryPermissionWhenDelayed: false,
};
const withIdentity = (patch: Partial<NewEntryEligibilityInput['identity']>): NewEntryEligibilityInput => ({
  ...ok,
  identity: { ...ok.identity, ...patch },
});

describe('new entry allowed (spec §4)', () => {
  test.each<[string, NewEntryEligibilityInput]>([
    ['logged in, nothing pending', ok],
    ['lacking user data (condition 2 allows it)', withIdentity({ userStatus: 'lackOfUserData' })],
    ['no entries at all', { ...ok, entries: [] }],
    ['entries without claims', { ...ok, entries: [{ status: E.archived }, { status: E.contracted, claims: null }] }],
    ['contracted and transferred entries only', { ...ok, entries: [{ status: E.contracted, claims: [{ status: C.contracted }] }] }],
    [
      'a delayed claim with permission (condition 6)',
      { ...ok, entries: [{ status: E.transferred, claims: [{ status: C.delay }] }], hasEntryPermissionWhenDelayed: true },
    ],
    [
      'a delayed claim, permission missing → defaults to true',
      { ...ok, entries: [{ status: E.transferred, claims: [{ status: C.delay }] }], hasEntryPermissionWhenDelayed: undefined },
    ],
    [
      'a delayed claim, permission null → defaults to true',
      { ...ok, entries: [{ status: E.transferred, claims: [{ status: C.delay }] }], hasEntryPermissionWhenDelayed: null },
    ],
    ['a suppression setting without method', { ...ok, suppressEntries: { method: null, message: '止めています' } }],
    ['another suppression method', { ...ok, suppressEntries: { method: 'notify_only' } }],
  ])('%s → allowed', (_name, input) => {
    expect(checkNewEntry(input)).toEqual({ allowed: true });
    expect(isNewEntryAllowed(input)).toBe(true);
    expect(newEntryBlockers(input)).toEqual([]);
  });

  // Each failing case of each condition, alone.
  test.each<[string, NewEntryEligibilityInput, string]>([
    ['1: identity imperfect', withIdentity({ isImperfectIdentity: true }), 'identityImperfect'],
    ['1: identity expired', withIdentity({ isIdentityExpired: true }), 'identityExpired'],
    ['2: logged out', withIdentity({ userStatus: 'logout' }), 'loggedOut'],
    ['2: pre-entry declined', withIdentity({ userStatus: 'preEntryDeclined' }), 'preEntryDeclined'],
    ['3: new entry stopped', { ...ok, suppressEntries: { method: 'stop_new_entry', message: null } }, 'newEntryStopped'],
    ['3: maintenance', { ...ok, suppressEntries: { method: 'maintenance' } }, 'maintenance'],
    ['4: an entry under review', { ...ok, entries: [...ok.entries, { status: E.under_review, claims: [] }] }, 'entryInProgress'],
    ['4: an inadequate entry', { ...ok, entries: [{ status: E.inadequate }] }, 'entryInProgress'],
    ['4: a reviewed entry', { ...ok, entries: [{ status: E.reviewed, claims: [{ status: C.can_buy }] }] }, 'entryInProgress'],
    [
      '5: an inadequate claim',
      { ...ok, entries: [{ status: E.archived, claims: [{ status: C.returned }, { status: C.inadequate }] }] },
      'inadequateClaim',
    ],
    [
      '6: a delayed claim without permission',
      { ...ok, entries: [{ status: E.transferred, claims: [{ status: C.returned }, { status: C.delay }] }] },
      'delayedClaim',
    ],
  ])('%s → %s', (_name, input, code) => {
    const result = checkNewEntry(input);
    expect(result).toEqual({
      allowed: false,
      reason: { code, message: NEW_ENTRY_BLOCK_MESSAGES[code as keyof typeof NEW_ENTRY_BLOCK_MESSAGES] },
    });
    expect(isNewEntryAllowed(input)).toBe(false);
    expect(newEntryBlockers(input).map((reason) => reason.code)).toEqual([code]);
  });

  test.each([
    ['stop_new_entry', 'newEntryStopped'],
    ['maintenance', 'maintenance'],
  ])('the operator’s message is shown for %s', (method, code) => {
    const message = '7月1日まで新規のお申し込みを停止しています。';
    expect(checkNewEntry({ ...ok, suppressEntries: { method, message } })).toEqual({ allowed: false, reason: { code, message } });
  });
  test.each(['', '  ', null, undefined])('a blank operator message (%j) falls back to the default text', (message) => {
    expect(checkNewEntry({ ...ok, suppressEntries: { method: 'stop_new_entry', message } })).toEqual({
      allowed: false,
      reason: { code: 'newEntryStopped', message: NEW_ENTRY_BLOCK_MESSAGES.newEntryStopped },
    });
  });

  test('every reason, in order; the first is the one shown', () => {
    const input: NewEntryEligibilityInput = {
      identity: { userStatus: 'logout', isImperfectIdentity: true, isIdentityExpired: true },
      suppressEntries: { method: 'stop_new_entry' },
      entries: [{ status: E.inadequate, claims: [{ status: C.inadequate }, { status: C.delay }] }],
      hasEntryPermissionWhenDelayed: false,
    };
    expect(newEntryBlockers(input).map((reason) => reason.code)).toEqual([
      'loggedOut',
      'newEntryStopped',
      'identityImperfect',
      'identityExpired',
      'entryInProgress',
      'inadequateClaim',
      'delayedClaim',
    ]);
    expect(checkNewEntry(input)).toMatchObject({ allowed: false, reason: { code: 'loggedOut' } });
    expect(newEntryBlockers({ ...input, identity: { ...input.identity, userStatus: 'preEntryDeclined' } })[0]?.code).toBe(
      'preEntryDeclined',
    );
  });

  test('every code has a polite Japanese message', () => {
    expect(Object.keys(NEW_ENTRY_BLOCK_MESSAGES)).toEqual([...NEW_ENTRY_BLOCK_CODES]);
    for (const message of Object.values(NEW_ENTRY_BLOCK_MESSAGES)) {
      expect(message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      expect(message).toMatch(/(ます|ません|ください)。$/);
    }
  });
});

describe('the badge of each block says what lifts it', () => {
  test('every code has a short badge', () => {
    expect(Object.keys(NEW_ENTRY_BLOCK_LABELS)).toEqual([...NEW_ENTRY_BLOCK_CODES]);
    for (const label of Object.values(NEW_ENTRY_BLOCK_LABELS)) expect(label.length).toBeLessThanOrEqual(12);
  });

  // The identity blocks until the documents are submitted, not until they are confirmed: the badge
  // must say so (提出後), as the rule decides it from the review status.
  test.each([
    [REVIEW_STATUS.nothing, 'identityImperfect'],
    [REVIEW_STATUS.inadequate, 'identityImperfect'],
    [REVIEW_STATUS.expired, 'identityImperfect'],
    [REVIEW_STATUS.confirming, null],
    [REVIEW_STATUS.confirmed, null],
  ] as const)('identity review status %i → blocked by %s', (status, code) => {
    const identity = identityStateOf({ id: 1, version: 1, has_satisfied_profile: true, identity_confirmation: status }, '2026-11-21');
    const result = checkNewEntry({ ...ok, identity });
    expect(result.allowed ? null : result.reason.code).toBe(code);
  });

  test('a documents-not-submitted identity is lifted by submitting them, not by the review', () => {
    expect(NEW_ENTRY_BLOCK_LABELS.identityImperfect).toBe('本人確認書類の提出後');
    expect(NEW_ENTRY_BLOCK_LABELS.identityImperfect).not.toMatch(/完了/);
    expect(NEW_ENTRY_BLOCK_MESSAGES.identityImperfect).toMatch(/確認の完了を待たずに/);
  });
});

describe('the suppression setting reaches only its segment', () => {
  test.each([
    [null, 'a', false],
    ['a', 'a', false],
    ['a', 'b', true],
    ['a', null, true],
    ['', null, false],
  ])('segment %j, user segment %j → allowed %s', (segment, userSegment, allowed) => {
    const result = checkNewEntry({ ...ok, suppressEntries: { method: 'stop_new_entry', segment }, userSegment });
    expect(result.allowed).toBe(allowed);
  });
});
