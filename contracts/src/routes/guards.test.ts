import { describe, expect, test } from 'vitest';
import {
  VISITOR_CONTEXT,
  alreadyLoginToMypage,
  authenticated,
  authenticatedRedirect,
  entryStep,
  evaluateGuards,
  parseHashErrors,
  profileRedirect,
  propagateErrorsInHashJson,
  systemSettings,
  type GuardContext,
  type GuardLocation,
  type UserStatus,
} from './guards';
import { routeById } from './match';

const at = (pathname: string, search = '', hash = ''): GuardLocation => ({ pathname, search, hash });
const ctx = (over: {
  status?: UserStatus;
  isIndividual?: boolean;
  hasSatisfiedProfile?: boolean;
  allowRedirectToProfile?: boolean;
  individualsSupported?: boolean;
  method?: string | null;
  firstIncompleteStepPath?: string | null;
}): GuardContext => ({
  user: {
    status: over.status ?? 'login',
    isIndividual: over.isIndividual ?? false,
    hasSatisfiedProfile: over.hasSatisfiedProfile ?? true,
    allowRedirectToProfile: over.allowRedirectToProfile ?? false,
  },
  config: { individualsSupported: over.individualsSupported ?? true },
  suppressEntries: over.method === undefined ? null : { method: over.method },
  entry: { firstIncompleteStepPath: over.firstIncompleteStepPath ?? null },
});
const allow = { kind: 'allow' };
const to = (path: string) => ({ kind: 'redirect', to: path });

describe('alreadyLoginToMypage', () => {
  test.each([
    ['logout', allow],
    ['login', to('/mypage')],
    ['lackOfUserData', to('/mypage')],
    ['preEntryDeclined', to('/mypage')],
  ] as const)('%s', (status, expected) => {
    expect(alreadyLoginToMypage(ctx({ status }), at('/login'))).toEqual(expected);
  });
});

describe('alreadyLoginToMypage with ?next=', () => {
  test.each([
    ['?next=%2Fentry%2Fdetail%2F3', '/entry/detail/3'],
    ['?next=/profile?tab=1', '/profile?tab=1'],
    ['?next=%2F%2Fevil.example', '/mypage'],
    ['?next=https%3A%2F%2Fevil.example', '/mypage'],
    ['?next=%2F%5Cevil.example', '/mypage'],
    ['?next=', '/mypage'],
  ])('%s → %s', (search, target) => {
    expect(alreadyLoginToMypage(ctx({ status: 'login' }), at('/login', search))).toEqual(to(target));
  });
});

describe('authenticated', () => {
  test('a visitor goes to /login with the page to come back to', () => {
    expect(authenticated(ctx({ status: 'logout' }), at('/entry/detail/3', '?tab=files'))).toEqual(
      to('/login?next=%2Fentry%2Fdetail%2F3%3Ftab%3Dfiles'),
    );
  });
  test.each(['login', 'lackOfUserData', 'preEntryDeclined'] as const)('%s is allowed', (status) => {
    expect(authenticated(ctx({ status }), at('/mypage'))).toEqual(allow);
  });
  test.each([
    [true, true, allow],
    [true, false, to('/unsupported')],
    [false, false, allow],
  ] as const)('individual=%s, individuals supported=%s', (isIndividual, individualsSupported, expected) => {
    expect(authenticated(ctx({ isIndividual, individualsSupported }), at('/mypage'))).toEqual(expected);
  });
});

describe('authenticatedRedirect', () => {
  test.each([
    ['logout', allow],
    ['lackOfUserData', allow],
    ['login', to('/mypage')],
    ['preEntryDeclined', to('/pre_entry/result')],
  ] as const)('%s', (status, expected) => {
    expect(authenticatedRedirect(ctx({ status }), at('/register/pre_entry'))).toEqual(expected);
  });
});

describe('entryStep', () => {
  test.each([
    [null, '/entry/withdrawal_details', allow],
    ['/entry/entry_invoice', '/entry/entry_invoice', allow],
    ['/entry/entry_invoice/', '/entry', to('/entry/entry_invoice/')],
    ['/entry/entry_invoice', '/entry/withdrawal_details/', to('/entry/entry_invoice')],
    ['/entry', '/entry/entry_invoice', allow],
    ['/entry', '/entry/withdrawal_details', to('/entry')],
    ['/entry/withdrawal_details', '/entry', allow],
    ['/register/profile', '/entry/withdrawal_details', allow],
    ['/entry', '/entry/detail/3', allow],
    ['/somewhere/else', '/entry/withdrawal_details', allow],
  ] as const)('first incomplete %s, at %s', (first, path, expected) => {
    expect(entryStep(ctx({ firstIncompleteStepPath: first }), at(path))).toEqual(expected);
  });
});

describe('profileRedirect', () => {
  test.each([
    ['login', false, true, to('/profile/before_entry')],
    ['lackOfUserData', false, true, to('/profile/before_entry')],
    ['login', true, true, allow],
    ['login', false, false, allow],
    ['logout', false, true, allow],
  ] as const)('%s satisfied=%s allowRedirect=%s', (status, hasSatisfiedProfile, allowRedirectToProfile, expected) => {
    expect(profileRedirect(ctx({ status, hasSatisfiedProfile, allowRedirectToProfile }), at('/mypage'))).toEqual(expected);
  });
});

describe('propagateErrorsInHashJson / parseHashErrors', () => {
  test.each([
    ['', allow],
    ['#', allow],
    ['#%7B%22detail%22%3A%22%E8%AA%8D%E8%A8%BC%E3%81%AB%E5%A4%B1%E6%95%97%22%7D', allow],
    ['#{"email":["登録されていません"]}', allow],
    ['#not-json', to('/login?x=1')],
    ['#[1,2]', to('/login?x=1')],
    ['#{"detail":""}', to('/login?x=1')],
  ] as const)('hash %s', (hash, expected) => {
    expect(propagateErrorsInHashJson(VISITOR_CONTEXT, at('/login', '?x=1', hash))).toEqual(expected);
  });
  test('parses the first message of each field', () => {
    expect(parseHashErrors('#{"detail":"認証に失敗しました","email":["a","b"],"n":1}')).toEqual({
      detail: '認証に失敗しました',
      email: 'a',
    });
    expect(parseHashErrors('#{}')).toBeNull();
    expect(parseHashErrors('#%E0%A4%A')).toBeNull();
  });
});

describe('systemSettings', () => {
  test.each([
    [undefined, allow],
    [null, allow],
    ['none', allow],
    ['stop_new_entry', to('/mypage')],
    ['maintenance', to('/maintenance')],
  ] as const)('method %s', (method, expected) => {
    expect(systemSettings(ctx({ method }), at('/entry'))).toEqual(expected);
  });
  test.each([
    ['a setting for every segment reaches a user with a segment', null, 'b2b', to('/maintenance')],
    ['a setting for segment a reaches a user of a', 'a', 'a', to('/maintenance')],
    ['a setting for "a, b" reaches a user of b', 'a, b', 'b', to('/maintenance')],
    ['a setting for segment a does not reach a user of b', 'a', 'b', allow],
    ['a setting for segment a does not reach a user without a segment', 'a', null, allow],
  ] as const)('%s', (_label, segment, userSegment, expected) => {
    const context = ctx({ method: 'maintenance' });
    const withSegments = {
      ...context,
      user: { ...context.user, segment: userSegment },
      suppressEntries: { method: 'maintenance', segment },
    };
    expect(systemSettings(withSegments, at('/entry'))).toEqual(expected);
  });
});

describe('evaluateGuards', () => {
  test('runs the route guards in order and stops at the first that does not allow', () => {
    const visitor = ctx({ status: 'logout', method: 'maintenance' });
    expect(evaluateGuards(routeById('entryFinancial'), visitor, at('/entry'))).toEqual(to('/login?next=%2Fentry'));
    const member = ctx({ status: 'login', method: 'maintenance' });
    expect(evaluateGuards(routeById('entryFinancial'), member, at('/entry'))).toEqual(to('/maintenance'));
    expect(evaluateGuards(routeById('home'), visitor, at('/'))).toEqual(allow);
  });
  test('visitor context: public pages allowed, member pages go to login', () => {
    expect(evaluateGuards(routeById('login'), VISITOR_CONTEXT, at('/login'))).toEqual(allow);
    expect(evaluateGuards(routeById('mypage'), VISITOR_CONTEXT, at('/mypage'))).toEqual(to('/login?next=%2Fmypage'));
  });
});
