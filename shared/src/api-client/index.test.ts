import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, test, vi } from 'vitest';
import { endpoints, type Me, type ProfileResponse } from '@app/contracts';
import { answer, entryFixture, meFixture, mock, profileFixture } from '@app/mocks';
import {
  BadRequestError,
  ContractError,
  CsrfError,
  NetworkError,
  OperationalError,
  ServerError,
  UnauthorizedError,
  ValidationError,
  createApi,
  readCookie,
  toApiError,
} from './index';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** Each call's method, path, X-CSRFToken and body, as the server saw it. */
function recordRequests() {
  const seen: { method: string; path: string; csrf: string | null; body: string }[] = [];
  server.events.on('request:start', ({ request }) => {
    void request
      .clone()
      .text()
      .then((body) =>
        seen.push({ method: request.method, path: new URL(request.url).pathname, csrf: request.headers.get('X-CSRFToken'), body }),
      );
  });
  return seen;
}

const quiet = { getCookies: () => '', onContractError: () => undefined };
const login = endpoints.auth.login;
const profilePatch = endpoints.profile.patch;

describe('readCookie', () => {
  test.each([
    ['csrftoken=abc', 'abc'],
    ['sessionid=x; csrftoken=a%3Db; other=1', 'a=b'],
    ['xcsrftoken=no', null],
    ['', null],
  ])('%s', (cookies, expected) => {
    expect(readCookie(cookies, 'csrftoken')).toBe(expected);
  });
});

describe('calling an endpoint', () => {
  test('method and path from the catalogue, the csrftoken cookie echoed as X-CSRFToken, the answer parsed', async () => {
    const seen = recordRequests();
    server.use(answer(endpoints.me.get, meFixture({ last_name: '佐藤' })));
    const api = createApi({ ...quiet, getCookies: () => 'csrftoken=tok123' });
    const me = await api(endpoints.me.get);
    expect(me).toMatchObject({ id: 7, last_name: '佐藤' });
    await vi.waitFor(() => expect(seen).toEqual([{ method: 'POST', path: '/api/me/', csrf: 'tok123', body: '' }]));
  });
  test('no cookie → no header; the body is sent as JSON', async () => {
    const seen = recordRequests();
    server.use(answer(login, { id: 1, email: 'a@example.jp', corporate_division: 'corporate' }));
    await createApi(quiet)(login, { body: { email: 'a@example.jp', password: 'pw', persistLoginState: true } });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/auth/', csrf: null });
    expect(JSON.parse(seen[0]!.body)).toEqual({ email: 'a@example.jp', password: 'pw', persistLoginState: true });
  });
  test('defaults of the response schema are filled in (a missing confirmation status reads as 4, nothing)', async () => {
    const { identity_confirmation: _omitted, ...without } = meFixture();
    server.use(http.post('*/api/me/', () => HttpResponse.json(without)));
    expect(await createApi(quiet)(endpoints.me.get)).toMatchObject({ identity_confirmation: 4 });
  });
  test('a 204 resolves to undefined', async () => {
    server.use(mock(endpoints.auth.logout, () => undefined));
    await expect(createApi(quiet)(endpoints.auth.logout)).resolves.toBeUndefined();
  });
  test('types come from the catalogue (checked by tsc; never called)', () => {
    const api = createApi(quiet);
    expectTypeOf<ReturnType<typeof api<typeof endpoints.profile.get>>>().resolves.toEqualTypeOf<ProfileResponse>();
    expectTypeOf<ReturnType<typeof api<typeof endpoints.me.visitedEntryPage>>>().resolves.toEqualTypeOf<Me>();
    expectTypeOf<ReturnType<typeof api<typeof endpoints.auth.logout>>>().resolves.toBeUndefined();
    const wrongCalls = () => [
      // @ts-expect-error a body is required by the endpoint
      api(profilePatch),
      // @ts-expect-error a field the contract does not have
      api(profilePatch, { body: { nickname: 'x' } }),
      // @ts-expect-error no body on a GET
      api(endpoints.profile.get, { body: {} }),
    ];
    expectTypeOf(wrongCalls).toBeFunction();
  });
});

describe('a response that does not match its contract', () => {
  test('a renamed field → ContractError naming the endpoint and the field, reported once', async () => {
    const { last_name, ...rest } = profileFixture();
    server.use(http.get('*/api/profile/', () => HttpResponse.json({ ...rest, family_name: last_name })));
    const onContractError = vi.fn();
    const error: unknown = await createApi({ ...quiet, onContractError })(endpoints.profile.get).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    const contract = error as ContractError;
    expect(contract.endpoint).toBe('profile.get');
    expect(contract.fields).toEqual(['last_name']);
    expect(contract.detail).toBe(
      'profile.get (GET /api/profile/ → 200) does not match its contract: last_name: expected string, received undefined',
    );
    expect(contract.message).toBe('サーバーからの応答を読み取れませんでした。時間をおいてもう一度お試しください。');
    expect(onContractError).toHaveBeenCalledExactlyOnceWith(contract);
  });
  test('in a union answer (POST /api/me/: the user or {}), the branch it came closest to is named', async () => {
    const { email, ...rest } = meFixture();
    server.use(http.post('*/api/me/', () => HttpResponse.json({ ...rest, mail: email })));
    const error = (await createApi(quiet)(endpoints.me.get).catch((e: unknown) => e)) as ContractError;
    expect([error.endpoint, error.fields]).toEqual(['me.get', ['email']]);
  });
  test('a wrong type deep inside is named by its dotted path', async () => {
    server.use(http.get('*/api/profile/', () => HttpResponse.json({ ...profileFixture(), addfiles: [{ id: 'x', kind: 'pl' }] })));
    const error = (await createApi(quiet)(endpoints.profile.get).catch((e: unknown) => e)) as ContractError;
    expect(error.fields).toEqual(['addfiles.0.id']);
    expect(error.problems[0]!.problem).toBe('expected number, received string');
  });
  test('by default it is reported on the console with the endpoint', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('*/api/system_settings/supress_entries/', () => HttpResponse.json({ method: 1 })));
    await expect(createApi({ getCookies: () => '' })(endpoints.systemSettings.suppressEntries)).rejects.toBeInstanceOf(ContractError);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]![0])).toMatch(/^\[api contract\] systemSettings\.suppressEntries \(GET /);
  });
});

describe('the error catalogue (spec §8)', () => {
  test('400 with a body → ValidationError: first message per field, non_field_errors', () => {
    const e = toApiError(endpoints.register.create, '/api/register/', 400, {
      email: ['登録済みです', '二つ目'],
      non_field_errors: ['全体のエラー'],
      password: 'x',
    });
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).fieldErrors).toEqual({ email: '登録済みです', password: 'x' });
    expect((e as ValidationError).nonFieldErrors).toEqual(['全体のエラー']);
    expect(e.message).toBe('全体のエラー');
  });
  test.each([undefined, null, '', {}])('400 without a body (%j) → BadRequestError', (body) => {
    expect(toApiError(profilePatch, '/api/profile/', 400, body)).toBeInstanceOf(BadRequestError);
  });
  test.each([401, 403])('%s CSRF failure → CsrfError, except for the call that hands out the token (POST /api/me/)', (status) => {
    expect(toApiError(profilePatch, '/api/profile/', status, { detail: 'CSRF Failed: CSRF token incorrect.' })).toBeInstanceOf(CsrfError);
    expect(toApiError(endpoints.me.get, '/api/me/', status, { detail: 'CSRF Failed: CSRF token missing.' })).toBeInstanceOf(
      UnauthorizedError,
    );
  });
  test.each([
    'CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.',
    'CSRF Failed: Referer checking failed - no Referer.',
    'CSRF Failed: Referer checking failed - https://evil.example/ does not match any trusted origins.',
  ])('403 "%s" (not the token) → UnauthorizedError, not stale credentials', (detail) => {
    const e = toApiError(profilePatch, '/api/profile/', 403, { detail });
    expect(e).not.toBeInstanceOf(CsrfError);
    expect(e).toBeInstanceOf(UnauthorizedError);
    expect(e.message).toBe(detail);
  });
  test.each(['CSRF Failed: CSRF cookie not set.', 'CSRF Failed: CSRF token missing.', 'CSRF Failed: CSRF token incorrect.'])(
    '403 "%s" (the token is missing or does not match) → CsrfError',
    (detail) => {
      expect(toApiError(profilePatch, '/api/profile/', 403, { detail })).toBeInstanceOf(CsrfError);
    },
  );
  test('401/403 carries correct_login_url, service name and redirect_uri', () => {
    const e = toApiError(profilePatch, '/api/profile/', 403, {
      detail: 'ログインしてください',
      correct_login_url: 'https://ext.example.jp/login',
      service_name: '外部サービス',
      redirect_uri: '/mypage',
    }) as UnauthorizedError;
    expect(e).toBeInstanceOf(UnauthorizedError);
    expect([e.message, e.correctLoginUrl, e.serviceName, e.redirectUri, e.status]).toEqual([
      'ログインしてください',
      'https://ext.example.jp/login',
      '外部サービス',
      '/mypage',
      403,
    ]);
  });
  test('a 401 of an endpoint that declares it operational (login) → OperationalError; elsewhere UnauthorizedError', () => {
    expect(toApiError(profilePatch, '/api/profile/', 401, { detail: 'x' })).toBeInstanceOf(UnauthorizedError);
    const e = toApiError(login, '/api/auth/', 401, { detail: 'メールアドレスまたはパスワードが正しくありません。' });
    expect(e).toBeInstanceOf(OperationalError);
    expect(e.message).toBe('メールアドレスまたはパスワードが正しくありません。');
  });
  test.each([
    [500, { detail: '障害が発生しました' }, '障害が発生しました'],
    [502, '<html>', 'ステータス 502'],
    [409, { detail: ['更新が競合しました'] }, '更新が競合しました'],
    [429, null, 'ステータス 429'],
  ])('%s → ServerError "%s"', (status, body, message) => {
    const e = toApiError(profilePatch, '/api/profile/', status, body);
    expect(e).toBeInstanceOf(ServerError);
    expect(e.message).toBe(message);
    expect(e.status).toBe(status);
  });
  test('no response → NetworkError with code 499', () => {
    const e = toApiError(profilePatch, '/api/profile/', null, undefined, new TypeError('Failed to fetch'));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.status).toBe(499);
  });
});

describe('the client maps real responses', () => {
  test('CSRF failure: alerts once about stale credentials and rejects with CsrfError', async () => {
    server.use(http.patch('*/api/profile/', () => HttpResponse.json({ detail: 'CSRF Failed: CSRF token missing.' }, { status: 403 })));
    const onStaleCredentials = vi.fn();
    const api = createApi({ ...quiet, onStaleCredentials });
    await expect(api(profilePatch, { body: {} })).rejects.toBeInstanceOf(CsrfError);
    expect(onStaleCredentials).toHaveBeenCalledTimes(1);
    expect(onStaleCredentials.mock.calls[0]![0]).toMatch(/もう一度ログイン/);
  });
  test('an Origin failure neither alerts about stale credentials nor logs out', async () => {
    server.use(
      http.patch('*/api/profile/', () =>
        HttpResponse.json({ detail: 'CSRF Failed: Origin checking failed - null does not match any trusted origins.' }, { status: 403 }),
      ),
    );
    const onStaleCredentials = vi.fn();
    await expect(createApi({ ...quiet, onStaleCredentials })(profilePatch, { body: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(onStaleCredentials).not.toHaveBeenCalled();
  });
  test('a network failure rejects with NetworkError (499)', async () => {
    server.use(http.post('*/api/me/', () => HttpResponse.error()));
    await expect(createApi(quiet)(endpoints.me.get)).rejects.toMatchObject({ status: 499, kind: 'network' });
  });
  test('a validation failure rejects with the field errors', async () => {
    server.use(http.post('*/api/register/', () => HttpResponse.json({ email: ['この項目は空にできません。'] }, { status: 400 })));
    const body = { email: '', password: '', corporate_division: 'corporate', last_name: '', first_name: '' } as const;
    await expect(createApi(quiet)(endpoints.register.create, { body })).rejects.toMatchObject({
      kind: 'validation',
      fieldErrors: { email: 'この項目は空にできません。' },
    });
  });
  test('path parameters are filled in and encoded', async () => {
    const { pathOf } = await import('@app/contracts');
    const fake = { ...profilePatch, id: 'x', path: '/api/entries/{id}/files/{name}/' } as unknown as typeof profilePatch;
    expect(pathOf(fake, { id: 12, name: 'a b/c' })).toBe('/api/entries/12/files/a%20b%2Fc/');
    expect(() => pathOf(fake, { id: 12 })).toThrow('missing path parameter name');
  });
});

describe('Idempotency-Key (issue 27)', () => {
  const cancel = endpoints.entries.cancel;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  /** Answers each request with the next of `answers` (a network failure or the entry) and records its key. */
  function cancelAnswers(...answers: ('network' | 'entry' | 500)[]) {
    const keys: (string | null)[] = [];
    server.use(
      http.post('*/api/entries/:id/cancel/', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        const next = answers[keys.length - 1] ?? 'entry';
        if (next === 'network') return HttpResponse.error();
        if (next === 500) return HttpResponse.json({ detail: 'サーバーエラー' }, { status: 500 });
        return HttpResponse.json(entryFixture({ id: 41 }));
      }),
    );
    return keys;
  }

  test('each call of an idempotent endpoint sends a key of its own (a random UUID)', async () => {
    const keys = cancelAnswers('entry', 'entry');
    const api = createApi(quiet);
    await api(cancel, { params: { id: 41 } });
    await api(cancel, { params: { id: 41 } });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });
  test('after a network failure the request goes once more with the same key, and its answer counts', async () => {
    const keys = cancelAnswers('network', 'entry');
    await expect(createApi(quiet)(cancel, { params: { id: 41 } })).resolves.toMatchObject({ id: 41 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });
  test('only once: a second network failure is the NetworkError (499)', async () => {
    const keys = cancelAnswers('network', 'network', 'entry');
    await expect(createApi(quiet)(cancel, { params: { id: 41 } })).rejects.toBeInstanceOf(NetworkError);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
  test('an HTTP answer, even a 5xx, is not retried', async () => {
    const keys = cancelAnswers(500, 'entry');
    await expect(createApi(quiet)(cancel, { params: { id: 41 } })).rejects.toBeInstanceOf(ServerError);
    expect(keys).toHaveLength(1);
  });
  test("the caller's abort is not retried", async () => {
    const keys = cancelAnswers('entry');
    const controller = new AbortController();
    controller.abort();
    await expect(createApi(quiet)(cancel, { params: { id: 41 }, signal: controller.signal })).rejects.toBeInstanceOf(NetworkError);
    expect(keys).toHaveLength(0);
  });
  test('an endpoint without idempotent: no key and no retry, as before', async () => {
    let calls = 0;
    const headers: (string | null)[] = [];
    server.use(
      http.patch('*/api/profile/', ({ request }) => {
        calls += 1;
        headers.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    await expect(createApi(quiet)(profilePatch, { body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toBe(1);
    expect(headers).toEqual([null]);
  });
});
