import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { endpoints } from '@app/contracts';
import { answer, meFixture, suppressEntriesFixture } from '@app/mocks';
import { LOGGED_OUT, authStore, refreshAuth } from './index';
import { startLive, type LiveStatus } from './live';
import { revalidationStore, subscribeLiveNotices } from './revalidate';

/**
 * live.ts in a page (jsdom): the stream follows the auth store, a notice and the tab shown again
 * re-read the user (MSW answers POST /api/me/) and move the data generation.
 */

const server = setupServer();
const calls: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The EventSources the page opened (jsdom has none: a fake, driven by the test). */
const sources: FakeSource[] = [];
class FakeSource {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly listeners = new Map<string, (event: MessageEvent) => void>();
  constructor(readonly url: string) {
    sources.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
}

let live: LiveStatus | undefined;
beforeEach(async () => {
  vi.stubGlobal('EventSource', FakeSource);
  sources.length = 0;
  calls.length = 0;
  server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
  server.use(
    answer(endpoints.me.get, meFixture({ identity_confirmation: 1 })),
    answer(endpoints.systemSettings.suppressEntries, suppressEntriesFixture()),
  );
  window.history.replaceState(null, '', '/mypage');
  await refreshAuth();
  calls.length = 0;
});
afterEach(() => {
  live?.stop();
  live = undefined;
  server.resetHandlers();
  server.events.removeAllListeners();
  authStore.setState(LOGGED_OUT, true);
  vi.unstubAllGlobals();
});

const open = () => sources.filter((s) => !s.closed);

test('one stream while an applicant is logged in; closed at logout; none on the back office', async () => {
  live = startLive();
  expect(open().map((s) => s.url)).toEqual(['/api/events/']);
  // The store changing (a re-read) opens no second one.
  authStore.setState({ loaded: true });
  expect(sources).toHaveLength(1);
  authStore.setState(LOGGED_OUT, true);
  expect(open()).toEqual([]);

  live.stop();
  await refreshAuth();
  window.history.replaceState(null, '', '/backoffice');
  live = startLive();
  expect(open()).toEqual([]);
});

test('a notice: the listeners get it, the user is read again and the generation moves', async () => {
  live = startLive();
  const heard = vi.fn();
  const unsubscribe = subscribeLiveNotices(heard);
  const before = revalidationStore.getState().generation;
  server.use(answer(endpoints.me.get, meFixture({ identity_confirmation: 3, identity_valid_date: '2030-01-31' })));
  open()[0]!.listeners.get('changed')!({ data: '{"kind":"identity","id":7}' } as MessageEvent);
  unsubscribe();
  expect(heard).toHaveBeenCalledWith({ kind: 'identity', id: 7 });
  expect(revalidationStore.getState()).toMatchObject({ generation: before + 1, cause: 'notice', notice: { kind: 'identity', id: 7 } });
  await vi.waitFor(() => expect(authStore.getState().me?.identity_confirmation).toBe(3));
  expect(calls).toContain('/api/me/');
});

test('the tab shown again re-reads; hidden does not', async () => {
  live = startLive();
  const before = revalidationStore.getState().generation;
  const show = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  show('hidden');
  expect(revalidationStore.getState().generation).toBe(before);
  expect(calls).toEqual([]);
  server.use(answer(endpoints.me.get, meFixture({ identity_confirmation: 3, identity_valid_date: '2030-01-31' })));
  show('visible');
  expect(revalidationStore.getState()).toMatchObject({ generation: before + 1, cause: 'visible' });
  // The user as the API now has it (the re-read has finished: the settings came with it).
  await vi.waitFor(() => expect(authStore.getState().me?.identity_confirmation).toBe(3));
  expect(calls).toEqual(['/api/me/', '/api/system_settings/supress_entries/']);
});

test('a re-read whose settings fetch fails (a busy server) keeps the applicant logged in: no logout call', async () => {
  live = startLive();
  server.use(
    answer(endpoints.me.get, meFixture({ identity_confirmation: 3, identity_valid_date: '2030-01-31' })),
    http.get('*/api/system_settings/supress_entries/', () => HttpResponse.json({ detail: '障害' }, { status: 503 })),
  );
  open()[0]!.listeners.get('changed')!({ data: '{"kind":"entry","id":5}' } as MessageEvent);
  await vi.waitFor(() => expect(authStore.getState().me?.identity_confirmation).toBe(3));
  expect(authStore.getState().status).not.toBe('logout');
  expect(calls).not.toContain('/api/auth/session/delete');
  expect(open()).toHaveLength(1);
});
