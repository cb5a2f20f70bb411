import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { NetworkError, createApi } from '../api-client';
import { endpoints } from '@app/contracts';
import { answer, meFixture, mock, offline, suppressEntriesFixture } from '@app/mocks';
import { DEFAULT_RUNTIME_CONFIG } from '../runtime/config';
import { pathOf } from '@app/contracts/api/endpoint';
import { LOGGED_OUT, authStore, logout, refreshAuth, todayInJapan } from './index';
import { ME_REQUEST, SUPPRESS_ENTRIES_REQUEST } from './me-request';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  authStore.setState(LOGGED_OUT, true);
});
afterAll(() => server.close());

const api = createApi({ getCookies: () => '', onContractError: () => undefined });
const member = meFixture({ identity_confirmation: 3, identity_valid_date: '2027-01-31' });
const settings = suppressEntriesFixture();

/** The API answers these endpoints; returns the paths called, in order. */
function serve(...handlers: Parameters<typeof server.use>) {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
  server.use(...handlers);
  return calls;
}
const logoutOk = mock(endpoints.auth.logout, () => undefined);

describe('refreshAuth', () => {
  test('a member: status, identity state and settings from the API', async () => {
    serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
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
    serve(
      answer(endpoints.me.get, { ...member, has_satisfied_profile: false }),
      answer(endpoints.systemSettings.suppressEntries, settings),
    );
    expect((await refreshAuth({ api, today: '2026-11-21' })).status).toBe('lackOfUserData');
    server.use(answer(endpoints.me.get, { ...member, has_pre_entry_declined: true }));
    expect((await refreshAuth({ api, today: '2026-11-21' })).status).toBe('preEntryDeclined');
  });

  test.each([
    ['a visitor ({}: no id, no version)', {}],
    ['no version (breaks the contract)', { ...member, version: undefined }],
    ['no id (breaks the contract)', { ...member, id: null }],
  ])('%s → logged out and reset', async (_label, me) => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
    const calls = serve(http.post('*/api/me/', () => HttpResponse.json(me)));
    expect(await refreshAuth({ api })).toEqual(LOGGED_OUT);
    expect(calls).toEqual(['/api/me/']);
  });

  test('a network failure of the current-user fetch shows the network error and keeps the user logged in', async () => {
    serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
    const before = await refreshAuth({ api, today: '2026-11-21' });
    expect(before.me).toEqual(member);
    server.use(offline(endpoints.me.get));
    const onNetworkError = vi.fn();
    const after = await refreshAuth({ api, today: '2026-11-21', onNetworkError });
    expect(after).toEqual(before);
    expect(after.me).toEqual(member);
    expect(onNetworkError).toHaveBeenCalledTimes(1);
    expect(onNetworkError.mock.calls[0]![0]).toBeInstanceOf(NetworkError);
    expect((onNetworkError.mock.calls[0]![0] as NetworkError).message).toMatch(/通信できませんでした/);
  });

  test('a network failure before anyone is known: a visitor, loaded, and the network error shown', async () => {
    authStore.setState({ ...LOGGED_OUT, loaded: false }, true);
    serve(offline(endpoints.me.get));
    const onNetworkError = vi.fn();
    expect(await refreshAuth({ api, onNetworkError })).toEqual(LOGGED_OUT);
    expect(onNetworkError).toHaveBeenCalledTimes(1);
  });

  test('the current-user fetch failing on the server (500) → logged out', async () => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
    serve(http.post('*/api/me/', () => HttpResponse.json({ detail: '障害' }, { status: 500 })));
    expect(await refreshAuth({ api })).toEqual(LOGGED_OUT);
  });

  test('an individual when individuals are unsupported: logged out on the server and sent to /unsupported', async () => {
    const onUnsupported = vi.fn();
    const calls = serve(answer(endpoints.me.get, { ...member, corporate_division: 'individual' }), logoutOk);
    const state = await refreshAuth({ api, config: { ...DEFAULT_RUNTIME_CONFIG, individualsSupported: false }, onUnsupported });
    expect(state).toEqual(LOGGED_OUT);
    expect(calls).toEqual(['/api/me/', '/api/auth/session/delete']);
    expect(onUnsupported).toHaveBeenCalledTimes(1);
  });

  test('an individual when individuals are supported stays logged in', async () => {
    serve(
      answer(endpoints.me.get, { ...member, corporate_division: 'individual' }),
      answer(endpoints.systemSettings.suppressEntries, settings),
    );
    expect(await refreshAuth({ api, today: '2026-11-21' })).toMatchObject({ status: 'login', isIndividual: true });
  });

  test('the settings fetch failing logs out', async () => {
    const calls = serve(
      answer(endpoints.me.get, member),
      http.get('*/api/system_settings/supress_entries/', () => HttpResponse.json({ detail: '障害' }, { status: 500 })),
      logoutOk,
    );
    expect(await refreshAuth({ api })).toEqual(LOGGED_OUT);
    expect(calls).toContain('/api/auth/session/delete');
  });

  test('the settings fetch answering nothing (offline, or cut off by a navigation) is no logout: the network error, and the user stays', async () => {
    serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
    const before = await refreshAuth({ api, today: '2026-11-21' });
    const calls = serve(offline(endpoints.systemSettings.suppressEntries), logoutOk);
    const onNetworkError = vi.fn();
    expect(await refreshAuth({ api, today: '2026-11-21', onNetworkError })).toEqual(before);
    expect(calls).not.toContain('/api/auth/session/delete');
    expect(onNetworkError).toHaveBeenCalledTimes(1);
    expect(onNetworkError.mock.calls[0]![0]).toBeInstanceOf(NetworkError);
  });

  describe('background: a re-read of a page already shown (live status)', () => {
    test('the settings fetch failing keeps the settings already read and never logs out', async () => {
      serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
      await refreshAuth({ api, today: '2026-11-21' });
      const changed = { ...member, identity_confirmation: 1 as const };
      const calls = serve(
        answer(endpoints.me.get, changed),
        http.get('*/api/system_settings/supress_entries/', () => HttpResponse.json({ detail: '障害' }, { status: 500 })),
        logoutOk,
      );
      expect(await refreshAuth({ api, today: '2026-11-21', background: true })).toMatchObject({
        status: 'login',
        me: changed,
        suppressEntries: settings,
      });
      expect(calls).not.toContain('/api/auth/session/delete');
    });

    test('the current-user fetch failing (a 502, a broken answer) keeps what is shown', async () => {
      serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
      const before = await refreshAuth({ api, today: '2026-11-21' });
      const calls = serve(
        http.post('*/api/me/', () => new HttpResponse('<h1>502</h1>', { status: 502 })),
        logoutOk,
      );
      expect(await refreshAuth({ api, today: '2026-11-21', background: true })).toEqual(before);
      expect(calls).not.toContain('/api/auth/session/delete');
    });

    test('an answer saying the session ended still logs out of the tab', async () => {
      serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
      await refreshAuth({ api, today: '2026-11-21' });
      serve(http.post('*/api/me/', () => HttpResponse.json({})));
      expect(await refreshAuth({ api, today: '2026-11-21', background: true })).toEqual(LOGGED_OUT);
    });
  });
});

describe('refreshAuth without a client given: the start-up request (no API client, no zod for a visitor)', () => {
  afterEach(() => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    vi.restoreAllMocks();
  });

  test("is the catalogue's current-user request (and the settings request the catalogue's too)", () => {
    expect(ME_REQUEST).toEqual({ method: endpoints.me.get.method, path: pathOf(endpoints.me.get) });
    expect(SUPPRESS_ENTRIES_REQUEST).toEqual({
      method: endpoints.systemSettings.suppressEntries.method,
      path: pathOf(endpoints.systemSettings.suppressEntries),
    });
  });

  test('settingsAtOnce: the settings request leaves before the current user has answered, and is read with the contract', async () => {
    let answerMe!: () => void;
    const meHeld = new Promise<void>((resolve) => (answerMe = resolve));
    const calls = serve(
      http.post('*/api/me/', async () => {
        await meHeld;
        return HttpResponse.json(member);
      }),
      answer(endpoints.systemSettings.suppressEntries, settings),
    );
    const refreshed = refreshAuth({ today: '2026-11-21', settingsAtOnce: true });
    await vi.waitFor(() => expect([...calls].sort()).toEqual(['/api/me/', '/api/system_settings/supress_entries/']));
    answerMe();
    expect(await refreshed).toMatchObject({ status: 'login', userId: 7, me: member, suppressEntries: settings });
    expect(calls).toHaveLength(2);
  });

  test('settingsAtOnce: a settings answer that fails (or breaks the contract) logs out, as after the user', async () => {
    for (const reply of [() => HttpResponse.json({ detail: '障害' }, { status: 500 }), () => HttpResponse.json({ unexpected: true })]) {
      authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const calls = serve(answer(endpoints.me.get, member), http.get('*/api/system_settings/supress_entries/', reply), logoutOk);
      expect(await refreshAuth({ today: '2026-11-21', settingsAtOnce: true })).toEqual(LOGGED_OUT);
      expect(calls).toContain('/api/auth/session/delete');
      server.resetHandlers();
      server.events.removeAllListeners();
    }
  });

  test('settingsAtOnce: a visitor is logged out and the settings answer is not read', async () => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
    serve(
      http.post('*/api/me/', () => HttpResponse.json({})),
      http.get('*/api/system_settings/supress_entries/', () => HttpResponse.json({ detail: '障害' }, { status: 500 })),
    );
    expect(await refreshAuth({ settingsAtOnce: true })).toEqual(LOGGED_OUT);
  });

  test('a visitor ({}): logged out after the one request, which carries the CSRF token of the cookie', async () => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
    document.cookie = 'csrftoken=tok-123';
    const sent: (string | null)[] = [];
    const calls = serve(
      http.post('*/api/me/', ({ request }) => {
        sent.push(request.headers.get('x-csrftoken'), request.headers.get('accept'), request.credentials);
        return HttpResponse.json({});
      }),
    );
    expect(await refreshAuth()).toEqual(LOGGED_OUT);
    expect(calls).toEqual(['/api/me/']);
    expect(sent).toEqual(['tok-123', 'application/json', 'include']);
  });

  test('a member: the same answer is read with the contract (not asked for again), then the settings', async () => {
    const calls = serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
    expect(await refreshAuth({ today: '2026-11-21' })).toMatchObject({ status: 'login', userId: 7, me: member, suppressEntries: settings });
    expect(calls).toEqual(['/api/me/', '/api/system_settings/supress_entries/']);
  });

  test.each([
    ['an answer that breaks the contract', () => HttpResponse.json({ ...member, email: 'not-an-email' }), /\[api contract\].*email/],
    ['an array', () => HttpResponse.json([]), /\[api contract\]/],
    ['a server error (HTML)', () => new HttpResponse('<h1>502</h1>', { status: 502, headers: { 'content-type': 'text/html' } }), null],
  ])('%s → logged out, as with the client', async (_label, reply, report) => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(http.post('*/api/me/', reply));
    expect(await refreshAuth()).toEqual(LOGGED_OUT);
    const logged = reported.mock.calls.flat().join(' ');
    if (report) expect(logged).toMatch(report);
    else expect(logged).toBe('');
  });

  test('with the runtime config still loading: /api/me/ goes out at once, the config is read once it has loaded', async () => {
    const calls = serve(
      answer(endpoints.me.get, { ...member, corporate_division: 'individual' }),
      answer(endpoints.systemSettings.suppressEntries, settings),
    );
    let configLoaded!: () => void;
    const configReady = new Promise<void>((resolve) => (configLoaded = resolve));
    let config = { ...DEFAULT_RUNTIME_CONFIG, individualsSupported: false };
    const onUnsupported = vi.fn();
    const refreshed = refreshAuth({
      today: '2026-11-21',
      configReady,
      onUnsupported,
      get config() {
        return config;
      },
    });
    await vi.waitFor(() => expect(calls).toEqual(['/api/me/']));
    // The config that counts is the one loaded: individuals supported.
    config = { ...DEFAULT_RUNTIME_CONFIG, individualsSupported: true };
    configLoaded();
    expect(await refreshed).toMatchObject({ status: 'login', userId: 7, isIndividual: true });
    expect(onUnsupported).not.toHaveBeenCalled();
    expect(calls).toEqual(['/api/me/', '/api/system_settings/supress_entries/']);
  });

  test('a runtime config that fails to load fails refreshAuth, as before', async () => {
    serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
    await expect(refreshAuth({ configReady: Promise.reject(new Error('config.json: 503')) })).rejects.toThrow('config.json: 503');
  });

  test('no answer at all: the network error, and whoever was logged in stays so', async () => {
    serve(answer(endpoints.me.get, member), answer(endpoints.systemSettings.suppressEntries, settings));
    const before = await refreshAuth({ today: '2026-11-21' });
    server.use(offline(endpoints.me.get));
    const onNetworkError = vi.fn();
    expect(await refreshAuth({ today: '2026-11-21', onNetworkError })).toEqual(before);
    expect(onNetworkError).toHaveBeenCalledTimes(1);
    expect(onNetworkError.mock.calls[0]![0]).toBeInstanceOf(NetworkError);
  });
});

describe('logout', () => {
  test('ends the server session and resets, even when the server call fails', async () => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 });
    const calls = serve(offline(endpoints.auth.logout));
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
