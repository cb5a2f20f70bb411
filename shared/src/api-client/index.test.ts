import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  BadRequestError,
  CsrfError,
  NetworkError,
  OperationalError,
  ServerError,
  UnauthorizedError,
  ValidationError,
  createApiClient,
  readCookie,
  toApiError,
} from './index';

afterEach(() => vi.restoreAllMocks());

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

describe('requests', () => {
  test('send credentials and echo the csrftoken cookie as X-CSRFToken', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { ok: true }));
    const client = createApiClient({ getCookies: () => 'csrftoken=tok123' });
    await expect(client('/api/me/', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('X-CSRFToken')).toBe('tok123');
  });
  test('no cookie → no header', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, {}));
    await createApiClient({ getCookies: () => '' })('/api/health/');
    expect(new Headers(fetchSpy.mock.calls[0]![1]?.headers).has('X-CSRFToken')).toBe(false);
  });
});

describe('the error catalogue (spec §8)', () => {
  test('400 with a body → ValidationError: first message per field, non_field_errors', () => {
    const e = toApiError('/api/register/', 400, { email: ['登録済みです', '二つ目'], non_field_errors: ['全体のエラー'], password: 'x' });
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).fieldErrors).toEqual({ email: '登録済みです', password: 'x' });
    expect((e as ValidationError).nonFieldErrors).toEqual(['全体のエラー']);
    expect(e.message).toBe('全体のエラー');
  });
  test.each([undefined, null, '', {}])('400 without a body (%j) → BadRequestError', (body) => {
    expect(toApiError('/api/x/', 400, body)).toBeInstanceOf(BadRequestError);
  });
  test.each([401, 403])('%s CSRF failure → CsrfError, except for /api/me/', (status) => {
    expect(toApiError('/api/profile/', status, { detail: 'CSRF Failed: CSRF token incorrect.' })).toBeInstanceOf(CsrfError);
    expect(toApiError('/api/me/', status, { detail: 'CSRF Failed: CSRF token missing.' })).toBeInstanceOf(UnauthorizedError);
  });
  test('401/403 carries correct_login_url, service name and redirect_uri', () => {
    const e = toApiError('/api/entries/', 403, {
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
  test('login 401 → OperationalError with the detail', () => {
    const e = toApiError('/api/auth/', 401, { detail: 'メールアドレスまたはパスワードが正しくありません。' });
    expect(e).toBeInstanceOf(OperationalError);
    expect(e.message).toBe('メールアドレスまたはパスワードが正しくありません。');
  });
  test.each([
    [500, { detail: '障害が発生しました' }, '障害が発生しました'],
    [502, '<html>', 'ステータス 502'],
    [409, { detail: ['更新が競合しました'] }, '更新が競合しました'],
    [429, null, 'ステータス 429'],
  ])('%s → ServerError "%s"', (status, body, message) => {
    const e = toApiError('/api/x/', status, body);
    expect(e).toBeInstanceOf(ServerError);
    expect(e.message).toBe(message);
    expect(e.status).toBe(status);
  });
  test('no response → NetworkError with code 499', () => {
    const e = toApiError('/api/x/', null, undefined, new TypeError('Failed to fetch'));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.status).toBe(499);
  });
});

describe('the client maps real responses', () => {
  test('CSRF failure: alerts once about stale credentials and rejects with CsrfError', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(403, { detail: 'CSRF Failed: CSRF token missing.' }));
    const onStaleCredentials = vi.fn();
    const client = createApiClient({ getCookies: () => '', onStaleCredentials });
    await expect(client('/api/profile/', { method: 'PATCH', body: {} })).rejects.toBeInstanceOf(CsrfError);
    expect(onStaleCredentials).toHaveBeenCalledTimes(1);
    expect(onStaleCredentials.mock.calls[0]![0]).toMatch(/もう一度ログイン/);
  });
  test('a network failure rejects with NetworkError (499)', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(createApiClient({ getCookies: () => '' })('/api/me/', { method: 'POST' })).rejects.toMatchObject({
      status: 499,
      kind: 'network',
    });
  });
  test('a validation failure rejects with the field errors', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(400, { email: ['この項目は空にできません。'] }));
    await expect(createApiClient({ getCookies: () => '' })('/api/register/', { method: 'POST', body: {} })).rejects.toMatchObject({
      kind: 'validation',
      fieldErrors: { email: 'この項目は空にできません。' },
    });
  });
});
