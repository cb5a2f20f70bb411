// Issue 24: the API client no longer imports the core (which loads it); the core's minimum-client-
// build check is passed in. These prove every client of a page still reports each answer's
// X-Min-Client-Build to that check: the pages' `api` and `createApi` of the full entry, and the
// auth store's own client. (The check itself, and the reload: runtime/min-client-build.test.ts.)
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { MIN_CLIENT_BUILD_HEADER } from './constants';
import { endpoints } from '@app/contracts';
import { pathOf } from '@app/contracts/api/endpoint';
import { meFixture, suppressEntriesFixture } from '@app/mocks';
import { DEFAULT_RUNTIME_CONFIG } from './runtime/config';
import { checkMinClientBuild } from './runtime/min-client-build';
import type * as MinClientBuild from './runtime/min-client-build';
import { createApi as createPlainApi } from './api-client';
import { LOGGED_OUT, authStore, refreshAuth } from './auth-store';
import { api, createApi } from './index';

vi.mock('./runtime/min-client-build', async (original) => ({
  ...(await original<typeof MinClientBuild>()),
  checkMinClientBuild: vi.fn(() => 'ok'),
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.mocked(checkMinClientBuild).mockClear();
  authStore.setState(LOGGED_OUT, true);
});
afterAll(() => server.close());

/** The API answers `endpoint` with `body` and the release's minimum client build `build`. */
function answerWithBuild(method: 'get' | 'post', path: string, body: unknown, build: string) {
  server.use(http[method](path, () => HttpResponse.json(body as object, { headers: { [MIN_CLIENT_BUILD_HEADER]: build } })));
}

describe('X-Min-Client-Build reaches the core’s check', () => {
  test('from the pages’ api and from a client made with createApi of @app/shared (the back office’s)', async () => {
    answerWithBuild('post', pathOf(endpoints.me.get), meFixture(), '8');
    await api(endpoints.me.get);
    expect(checkMinClientBuild).toHaveBeenLastCalledWith('8');
    answerWithBuild('post', pathOf(endpoints.me.get), meFixture(), '9');
    await createApi({ onStaleCredentials: () => undefined })(endpoints.me.get);
    expect(checkMinClientBuild).toHaveBeenLastCalledWith('9');
  });

  test('not from the bare client of api-client/ (Node callers), which has no core', async () => {
    answerWithBuild('post', pathOf(endpoints.me.get), meFixture(), '8');
    await createPlainApi({ getCookies: () => '' })(endpoints.me.get);
    expect(checkMinClientBuild).not.toHaveBeenCalled();
  });

  test('from the auth store’s own client (the settings call after the current user)', async () => {
    answerWithBuild('post', pathOf(endpoints.me.get), meFixture(), '3');
    answerWithBuild('get', pathOf(endpoints.systemSettings.suppressEntries), suppressEntriesFixture(), '4');
    const state = await refreshAuth({ config: DEFAULT_RUNTIME_CONFIG, today: '2026-11-21' });
    expect(state.status).not.toBe('logout');
    // The start-up request (me-request.ts) checks its own answer; the client checks the settings'.
    expect(vi.mocked(checkMinClientBuild).mock.calls.map(([header]) => header)).toEqual(['3', '4']);
  });
});
