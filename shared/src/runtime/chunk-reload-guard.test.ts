import { describe, expect, test, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS } from '../constants';
import { handleChunkLoadError, isChunkLoadError, shouldReloadForChunkError, type KeyValueStorage } from './chunk-reload-guard';

const memory = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
};

describe('isChunkLoadError', () => {
  const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });
  test.each([
    [named('ChunkLoadError'), true],
    [new Error('Loading chunk 475 failed.\n(error: http://x/475.js)'), true],
    [new Error('Loading CSS chunk home failed'), true],
    [new TypeError('Failed to fetch dynamically imported module: http://x/a.js'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Loading chunk 1 failed', false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('shouldReloadForChunkError', () => {
  test('reloads once per path within 10 s, again after the window', () => {
    const s = memory();
    expect(shouldReloadForChunkError('/terms', 1_000, s)).toBe(true);
    expect(shouldReloadForChunkError('/terms', 1_000 + CHUNK_RELOAD_GUARD_MS - 1, s)).toBe(false);
    expect(shouldReloadForChunkError('/policy/privacy', 1_500, s)).toBe(true);
    expect(shouldReloadForChunkError('/terms', 1_000 + CHUNK_RELOAD_GUARD_MS, s)).toBe(true);
    expect(shouldReloadForChunkError('/terms', 1_000 + CHUNK_RELOAD_GUARD_MS + 5, s)).toBe(false);
  });
  test('a corrupt or future timestamp does not block a reload', () => {
    const s = memory();
    s.setItem('chunk-reload:/a', 'garbage');
    expect(shouldReloadForChunkError('/a', 5_000, s)).toBe(true);
    s.setItem('chunk-reload:/b', '99999999');
    expect(shouldReloadForChunkError('/b', 5_000, s)).toBe(true);
  });
});

describe('handleChunkLoadError', () => {
  test('reloads the first time, gives up the second time within the window', () => {
    const storage = memory();
    const reload = vi.fn();
    const win = { location: { pathname: '/terms', reload }, sessionStorage: storage } as unknown as Window;
    expect(handleChunkLoadError(win, 10_000)).toBe('reloading');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(handleChunkLoadError(win, 12_000)).toBe('gave-up');
    expect(reload).toHaveBeenCalledTimes(1);
  });
  test('gives up when sessionStorage is unavailable (no reload loop)', () => {
    const reload = vi.fn();
    const win = {
      location: { pathname: '/', reload },
      get sessionStorage(): Storage {
        throw new Error('SecurityError');
      },
    } as unknown as Window;
    expect(handleChunkLoadError(win, 1)).toBe('gave-up');
    expect(reload).not.toHaveBeenCalled();
  });
});
