import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../api-client';
import { NetworkError, ServerError } from '../api-client';
import { DEFAULT_RUNTIME_CONFIG } from '../runtime/config';
import { LOGGED_OUT, authStore, logout, refreshAuth, todayInJapan } from './index';

afterEach(() => authStore.setState(LOGGED_OUT, true));

const member = {
  id: 7,
  version: 3,
  email: 'taro@example.jp',
  last_name: '山田',
  first_name: '太郎',
  corporate_division: 'corporate',
  has_satisfied_profile: true,
  has_pre_entry_declined: false,
  allow_redirect_to_profile: false,
  identity_confirmation: 3,
  identity_valid_date: '2027-01-31',
};
const settings = { method: null, segment: null, message: null };

/** A fake API answering by path; records calls. */
function fakeApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const api = vi.fn(async (path: string) => {
    calls.push(path);
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as ApiClient;
  return { api, calls };
}

describe('refreshAuth', () => {
  test('a member: status, identity state and settings from the API', async () => {
    const { api } = fakeApi({ '/api/me/': member, '/api/system_settings/supress_entries/': settings });
    const state = await refreshAuth({ api, today: '2026-11-21', config: DEFAULT_RUNTIME_CONFIG });
    expect(state).toMatchObject({
      status: 'login',
      userId: 7,
      isIndividual: false,
      hasSatisfiedProfile: true,
      loaded: true,
      suppressEntries: settings,
    });
    expect(state.identity).toMatchObject({ userStatus: 'login', isIdentityExpired: false, isImperfectIdentity: false });
  });

  test('profile not satisfied → lackOfUserData; declined → preEntryDeclined', async () => {
    const { api } = fakeApi({ '/api/me/': { ...member, has_satisfied_profile: false }, '/api/system_settings/supress_entries/': settings });
    expect((await refreshAuth({ api, today: '2026-11-21' })).status).toBe('lackOfUserData');
    const declined = fakeApi({
      '/api/me/': { ...member, has_pre_entry_declined: true },
      '/api/system_settings/supress_entries/': settings,
    });
    expect((await refreshAuth({ api: declined.api, today: '2026-11-21' })).status).toBe('preEntryDeclined');
  });

  test.each([
    ['a visitor (no id, no version)', { email: '' }],
    ['no version', { ...member, version: undefined }],
    ['no id', { ...member, id: null }],
  ])('%s → logged out and reset', async (_label, me) => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
    const { api, calls } = fakeApi({ '/api/me/': me });
    expect(await refreshAuth({ api })).toEqual(LOGGED_OUT);
    expect(calls).toEqual(['/api/me/']);
  });

  test('the current-user fetch failing → logged out', async () => {
    const { api } = fakeApi({ '/api/me/': new NetworkError('/api/me/') });
    expect(await refreshAuth({ api })).toEqual(LOGGED_OUT);
  });

  test('an individual when individuals are unsupported: logged out on the server and sent to /unsupported', async () => {
    const onUnsupported = vi.fn();
    const { api, calls } = fakeApi({ '/api/me/': { ...member, corporate_division: 'individual' }, '/api/auth/session/delete': null });
    const state = await refreshAuth({ api, config: { ...DEFAULT_RUNTIME_CONFIG, individualsSupported: false }, onUnsupported });
    expect(state).toEqual(LOGGED_OUT);
    expect(calls).toEqual(['/api/me/', '/api/auth/session/delete']);
    expect(onUnsupported).toHaveBeenCalledTimes(1);
  });

  test('an individual when individuals are supported stays logged in', async () => {
    const { api } = fakeApi({
      '/api/me/': { ...member, corporate_division: 'individual' },
      '/api/system_settings/supress_entries/': settings,
    });
    expect(await refreshAuth({ api, today: '2026-11-21' })).toMatchObject({ status: 'login', isIndividual: true });
  });

  test('the settings fetch failing logs out', async () => {
    const { api, calls } = fakeApi({
      '/api/me/': member,
      '/api/system_settings/supress_entries/': new ServerError('/api/system_settings/supress_entries/', 500, null),
      '/api/auth/session/delete': null,
    });
    expect(await refreshAuth({ api })).toEqual(LOGGED_OUT);
    expect(calls).toContain('/api/auth/session/delete');
  });
});

describe('logout', () => {
  test('ends the server session and resets, even when the server call fails', async () => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
    const { api, calls } = fakeApi({ '/api/auth/session/delete': new NetworkError('/api/auth/session/delete') });
    await logout({ api });
    expect(calls).toEqual(['/api/auth/session/delete']);
    expect(authStore.getState()).toEqual(LOGGED_OUT);
  });
});

test.each([
  ['2026-11-21T14:59:59Z', '2026-11-21'],
  ['2026-11-21T15:00:00Z', '2026-11-22'],
  ['2026-12-31T23:00:00Z', '2027-01-01'],
])('todayInJapan(%s) = %s', (iso, day) => {
  expect(todayInJapan(new Date(iso))).toBe(day);
});
