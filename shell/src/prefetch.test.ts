import { afterEach, describe, expect, test, vi } from 'vitest';
import type { RemoteName } from '@app/shared';
import type { MfManifestLike } from '@app/contracts/api/mf-manifest';
import { createPrefetcher, linkedRemotes, onFirstEngagement, remoteFiles, saveDataRequested } from './prefetch';

const ORIGIN = window.location.origin;
const AUTH = `${ORIGIN}/remotes/mfe-auth/1.0.0-a/mf-manifest.json`;
const authManifest: MfManifestLike = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.aa.js', path: '', type: 'global' } },
  exposes: [{ name: 'lifecycles', assets: { js: { sync: ['expose.bb.js'] }, css: { sync: ['l.cc.css'] } } }],
};
const manifestUrls = Object.fromEntries(
  ['marketing', 'auth', 'entry', 'mypage', 'backoffice'].map((r) => [r, `${ORIGIN}/remotes/mfe-${r}/1.0.0-a/mf-manifest.json`]),
) as Record<RemoteName, string>;

function setup(overrides: { saveData?: boolean; current?: RemoteName; track?: (work: Promise<unknown>) => void } = {}) {
  const fetchFn = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(authManifest), { status: 200 }),
  );
  const load = vi.fn(async (_remote: RemoteName, _url: URL) => ({}));
  const prefetcher = createPrefetcher({
    manifestUrls,
    load,
    fetch: fetchFn,
    document,
    current: () => overrides.current ?? 'marketing',
    saveData: () => overrides.saveData ?? false,
    ...(overrides.track ? { track: overrides.track } : {}),
  });
  return { prefetcher, fetchFn, load };
}

const prefetchLinks = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => [l.as, l.href]);

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('remoteFiles', () => {
  test("the entry, then the lifecycles module's sync CSS and JS, beside the manifest", () => {
    expect(remoteFiles(AUTH, authManifest)).toEqual([
      { href: `${ORIGIN}/remotes/mfe-auth/1.0.0-a/remoteEntry.aa.js`, as: 'script' },
      { href: `${ORIGIN}/remotes/mfe-auth/1.0.0-a/l.cc.css`, as: 'style' },
      { href: `${ORIGIN}/remotes/mfe-auth/1.0.0-a/expose.bb.js`, as: 'script' },
    ]);
    expect(remoteFiles(AUTH, {})).toEqual([]);
  });
});

describe('linkedRemotes', () => {
  test("the remotes owning a page's same-origin links, other than the current one", () => {
    expect(
      linkedRemotes(['/login', '/register', '/statement', 'https://example.com/login', `${ORIGIN}/mypage`], ORIGIN, 'marketing'),
    ).toEqual(['auth', 'mypage']);
  });
});

describe('createPrefetcher', () => {
  test('prefetch names the entry and lifecycles files with <link rel=prefetch>, fetching the manifest once', async () => {
    const { prefetcher, fetchFn } = setup();
    await prefetcher.prefetch('auth');
    await prefetcher.prefetch('auth');
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(prefetchLinks()).toEqual([
      ['script', `${ORIGIN}/remotes/mfe-auth/1.0.0-a/remoteEntry.aa.js`],
      ['style', `${ORIGIN}/remotes/mfe-auth/1.0.0-a/l.cc.css`],
      ['script', `${ORIGIN}/remotes/mfe-auth/1.0.0-a/expose.bb.js`],
    ]);
  });

  test('the runtime gets the prefetched manifest (a fresh copy each time), and nothing for another', async () => {
    const { prefetcher } = setup();
    await prefetcher.prefetch('auth');
    const first = await prefetcher.runtimeFetch(manifestUrls.auth);
    const second = await prefetcher.runtimeFetch(manifestUrls.auth);
    expect(await first?.json()).toEqual(authManifest);
    expect(await second?.json()).toEqual(authManifest);
    expect(prefetcher.runtimeFetch(manifestUrls.entry)).toBeUndefined();
  });

  test('prefetchLinked prefetches the remotes the page links to, not the current one', async () => {
    const { prefetcher, fetchFn } = setup();
    document.body.innerHTML = '<a href="/login">ログイン</a><a href="/statement">特商法</a>';
    // Resolves once the prefetch has settled: its links are there.
    await prefetcher.prefetchLinked();
    expect(prefetchLinks()).toHaveLength(3);
    expect(fetchFn.mock.calls.map((c) => c[0])).toEqual([manifestUrls.auth]);
  });

  test('every background load is told to `track` as it starts (the shell counts them), and the calls resolve once they settled', async () => {
    const pending = new Set<Promise<unknown>>();
    const track = (work: Promise<unknown>) => {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    };
    const { prefetcher } = setup({ track });
    document.body.innerHTML = '<header><a href="/login">ログイン</a><a href="/mypage">マイページ</a></header>';
    const linked = prefetcher.prefetchLinked();
    expect(pending.size).toBe(2);
    await linked;
    // The manifests are read; the browser now downloads the files each <link rel=prefetch> names.
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(pending.size).toBe(links.length);
    links.forEach((link, i) => link.dispatchEvent(new Event(i === 0 ? 'error' : 'load')));
    await vi.waitFor(() => expect(pending.size).toBe(0));
    const warm = prefetcher.warmBanner();
    expect(pending.size).toBe(2);
    await warm;
    expect(pending.size).toBe(0);
  });

  test('hover, focus or touch on a link to another remote loads it once; a link to the current remote does nothing', () => {
    const { prefetcher, load } = setup();
    document.body.innerHTML = '<a href="/login"><span>ログイン</span></a><a href="/statement">特商法</a>';
    prefetcher.listen(document);
    const [login, statement] = [...document.querySelectorAll('a')];
    login!.querySelector('span')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    login!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    statement!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(load.mock.calls.map(([remote, url]) => [remote, url.pathname])).toEqual([['auth', '/login']]);
  });

  test("warmBanner loads the header's pages in other remotes (at most two), not the body's, not the current remote's", () => {
    const { prefetcher, load } = setup();
    document.body.innerHTML = `
      <header><a href="/">ホーム</a><a href="/statement">特商法</a><a href="/login">ログイン</a><a href="/register">新規登録</a><a href="/mypage">マイページ</a></header>
      <main><a href="/entry">申し込み</a></main>`;
    void prefetcher.warmBanner();
    expect(load.mock.calls.map(([remote, url]) => [remote, url.pathname])).toEqual([
      ['auth', '/login'],
      ['auth', '/register'],
    ]);
    // Already warm: nothing loads twice.
    void prefetcher.warmBanner(5);
    expect(load.mock.calls.map(([remote, url]) => [remote, url.pathname])).toEqual([
      ['auth', '/login'],
      ['auth', '/register'],
      ['mypage', '/mypage'],
    ]);
  });

  test('nothing is prefetched or loaded when the user asked to save data', async () => {
    const { prefetcher, fetchFn, load } = setup({ saveData: true });
    await prefetcher.prefetch('auth');
    await prefetcher.warm('auth', new URL('/login', ORIGIN));
    document.body.innerHTML = '<header><a href="/login">ログイン</a></header>';
    await prefetcher.warmBanner();
    expect(fetchFn).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(prefetchLinks()).toEqual([]);
  });

  test('a failed manifest fetch is tried again on the next prefetch', async () => {
    const { prefetcher, fetchFn } = setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    fetchFn.mockResolvedValueOnce(new Response('', { status: 503 }));
    await prefetcher.prefetch('auth');
    expect(prefetchLinks()).toEqual([]);
    await prefetcher.prefetch('auth');
    expect(prefetchLinks()).toHaveLength(3);
    info.mockRestore();
  });
});

describe('onFirstEngagement', () => {
  test('runs once, at the first scroll, pointer or key event; nothing before', () => {
    const target = new EventTarget();
    const task = vi.fn();
    onFirstEngagement(target, task);
    target.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('scroll'));
    target.dispatchEvent(new Event('pointermove'));
    target.dispatchEvent(new Event('keydown'));
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('saveDataRequested', () => {
  test('reads navigator.connection.saveData', () => {
    expect(saveDataRequested({ connection: { saveData: true } } as unknown as Navigator)).toBe(true);
    expect(saveDataRequested({} as Navigator)).toBe(false);
  });
});
