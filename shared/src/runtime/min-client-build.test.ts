import { afterEach, describe, expect, test, vi } from 'vitest';
import { fetchLatestBuildId } from './build-poller';
import { checkMinClientBuild, noteRunningRevision, resetRunningRevision } from './min-client-build';

function fakeWindow(pathname = '/mypage') {
  const store = new Map<string, string>();
  const reload = vi.fn();
  return {
    reload,
    location: { pathname, reload } as unknown as Location,
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as unknown as Storage,
  };
}

afterEach(() => resetRunningRevision());

describe('X-Min-Client-Build', () => {
  test('a page older than the minimum reloads once; a current page, no header or an unknown start do nothing', () => {
    const win = fakeWindow();
    expect(checkMinClientBuild('8', win)).toBe('ok'); // the page's revision is not known
    noteRunningRevision(5);
    noteRunningRevision(9); // the first revision reported is the page's
    expect(checkMinClientBuild(null, win)).toBe('ok');
    expect(checkMinClientBuild('5', win)).toBe('ok');
    expect(checkMinClientBuild('x', win)).toBe('ok');
    expect(win.reload).not.toHaveBeenCalled();
    expect(checkMinClientBuild('8', win)).toBe('reloading');
    expect(win.reload).toHaveBeenCalledTimes(1);
    // The same guard as chunk errors: not again for this path right away.
    expect(checkMinClientBuild('8', win)).toBe('gave-up');
    expect(win.reload).toHaveBeenCalledTimes(1);
  });

  test('the page learns its revision from builds/latest.json when it starts', async () => {
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ id: 'abc', revision: 3 }))) as unknown as typeof fetch;
    expect(await fetchLatestBuildId(fetchFn)).toBe('abc');
    const win = fakeWindow();
    expect(checkMinClientBuild('4', win)).toBe('reloading');
  });
});
