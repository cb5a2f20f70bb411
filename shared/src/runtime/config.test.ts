import { afterEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './config';

afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

describe('loadRuntimeConfig', () => {
  test('reads /config.json uncached and makes it current', async () => {
    const body = { supportUrl: 'https://help.example.jp', loginUrl: '/login', individualsSupported: false };
    const f = vi.fn(async () => new Response(JSON.stringify(body)));
    await expect(loadRuntimeConfig(f)).resolves.toEqual(body);
    expect(getRuntimeConfig()).toEqual(body);
    expect(f).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });
  test.each([
    ['HTTP 404', async () => new Response('x', { status: 404 })],
    ['invalid', async () => new Response(JSON.stringify({ supportUrl: 1 }))],
    [
      'offline',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('%s → defaults, and the reason is reported', async (_label, impl) => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, individualsSupported: false });
    const onError = vi.fn();
    await expect(loadRuntimeConfig(vi.fn(impl) as unknown as typeof fetch, onError)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(getRuntimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
