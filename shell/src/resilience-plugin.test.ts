import { describe, expect, test, vi } from 'vitest';
import { backoffDelay, resiliencePlugin, withRetry } from './resilience-plugin';

const noSleep = vi.fn(async (_ms: number) => {});

describe('withRetry', () => {
  test('retries with exponential backoff, then succeeds', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    let calls = 0;
    const result = await withRetry(
      'x',
      async () => {
        calls++;
        if (calls < 3) throw new Error('down');
        return 'ok';
      },
      { retries: 3, baseDelayMs: 100, sleep },
    );
    expect(result).toBe('ok');
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([100, 200]);
  });
  test('gives up after the last retry with the last error', async () => {
    const attempt = vi.fn(async () => {
      throw new Error(`down ${attempt.mock.calls.length}`);
    });
    await expect(withRetry('x', attempt, { retries: 2, baseDelayMs: 1, sleep: noSleep })).rejects.toThrow('down 3');
    expect(attempt).toHaveBeenCalledTimes(3);
  });
  test('backoffDelay doubles', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(300, a))).toEqual([300, 600, 1200, 2400]);
  });
});

describe('resiliencePlugin', () => {
  const fallbackModule = { mount: 'fallback' };
  const make = (fetchFn: typeof fetch) =>
    resiliencePlugin({ retries: 2, baseDelayMs: 1, sleep: noSleep, fetchFn, fallback: () => fallbackModule });

  test('fetch: a manifest that fails twice then loads is returned, fetched uncached', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValueOnce(new Response('{"id":"m"}', { status: 200 }));
    const plugin = make(fetchFn);
    const res = (await plugin.fetch!('/remotes/a/mf-manifest.json', {})) as Response;
    expect(await res.json()).toEqual({ id: 'm' });
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(fetchFn.mock.calls[0]![1]).toMatchObject({ cache: 'no-cache' });
  });

  test('fetch: a manifest that stays down rejects after 1 + 2 attempts', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }));
    await expect(make(fetchFn).fetch!('/dead/mf-manifest.json', {})).rejects.toThrow(/HTTP 404/);
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  test('errorLoadRemote hands back the fallback module', async () => {
    const plugin = make(vi.fn<typeof fetch>());
    const hook = plugin.errorLoadRemote as unknown as (args: { id: string; error: unknown }) => unknown;
    expect(await hook({ id: 'mfe_mypage/lifecycles', error: new Error('x') })).toBe(fallbackModule);
  });

  test('loadEntryError retries the remoteEntry script, clearing the failed load', async () => {
    const plugin = make(vi.fn<typeof fetch>());
    const exports = { get: vi.fn(), init: vi.fn() };
    const getRemoteEntry = vi.fn().mockRejectedValueOnce(new Error('script error')).mockResolvedValueOnce(exports);
    const globalLoading: Record<string, unknown> = { key: Promise.resolve() };
    const hook = plugin.loadEntryError as unknown as (args: object) => Promise<unknown>;
    await expect(
      hook({
        getRemoteEntry,
        origin: {},
        remoteInfo: { entry: '/r/remoteEntry.js' },
        remoteEntryExports: undefined,
        globalLoading,
        uniqueKey: 'key',
      }),
    ).resolves.toBe(exports);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(globalLoading).not.toHaveProperty('key');
  });
});
