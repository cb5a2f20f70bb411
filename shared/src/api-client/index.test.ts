import { describe, expect, test, vi } from 'vitest';
import { createApiClient, readCookie } from './index';

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

describe('createApiClient', () => {
  test('sends credentials and echoes the csrftoken cookie as X-CSRFToken', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }));
    const client = createApiClient(() => 'csrftoken=tok123');
    await expect(client('/api/me/', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('X-CSRFToken')).toBe('tok123');
    fetchSpy.mockRestore();
  });
  test('no cookie → no header', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{}', { headers: { 'content-type': 'application/json' } }));
    await createApiClient(() => '')('/api/health/');
    expect(new Headers(fetchSpy.mock.calls[0]![1]?.headers).has('X-CSRFToken')).toBe(false);
    fetchSpy.mockRestore();
  });
});
