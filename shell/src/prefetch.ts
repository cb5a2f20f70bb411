/**
 * Other remotes, fetched before they are needed (issue 12): a cross-remote navigation (the landing
 * page's ログイン → the login form) should not wait for a remote's manifest, entry and chunks.
 *
 * - When the browser is idle after the first page has mounted, the remotes the page links to are
 *   prefetched: their `mf-manifest.json` is fetched (and handed to the MF runtime later through its
 *   `fetch` hook, so it is not fetched twice) and their entry and `lifecycles` files are named by
 *   `<link rel="prefetch">` (lowest priority, not executed; the script later comes from the cache).
 * - Once the visitor engages with the page (scroll, pointer, key), the pages the site header links
 *   to in other remotes are loaded outright (`warmBanner`): their code runs before the tap.
 * - When the user shows intent — a link to another remote is hovered, focused or touched — that
 *   remote is loaded outright through the MF runtime (`loadRemote`), so the click finds it ready.
 *
 * Nothing is prefetched when the user asked to save data (`navigator.connection.saveData`).
 */
import { remoteEntryFiles, type ManifestFile, type MfManifestLike } from '@app/contracts/api/mf-manifest';
import { remoteForPath, type RemoteName } from '@app/shared/core';

export type PrefetchFile = ManifestFile;

/**
 * Files of a remote's `lifecycles` module a page needs first: the entry, then its sync CSS and JS
 * (@app/contracts `remoteEntryFiles`, the files the server's preload hints name too), as
 * absolute URLs (a `<link>`'s `href` reads back absolute).
 */
export function remoteFiles(manifestUrl: string, manifest: MfManifestLike): PrefetchFile[] {
  return remoteEntryFiles(manifestUrl, manifest).map((file) => ({ ...file, href: new URL(file.href, manifestUrl).href }));
}

/** The remotes that own the same-origin links of a page, other than `current`. */
export function linkedRemotes(hrefs: Iterable<string>, origin: string, current: RemoteName | undefined): RemoteName[] {
  const found = new Set<RemoteName>();
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    const remote = remoteForPath(url.pathname, url.search);
    if (remote !== current) found.add(remote);
  }
  return [...found];
}

export interface PrefetcherDeps {
  /** Absolute URL of each remote's `mf-manifest.json` (the live deployment). */
  readonly manifestUrls: Readonly<Record<RemoteName, string>>;
  /**
   * Loads a remote through the MF runtime (`loadRemote('<container>/lifecycles')`) and the code of
   * the page at `url` (the lifecycles' `preload`).
   */
  readonly load: (remote: RemoteName, url: URL) => Promise<unknown>;
  readonly fetch: typeof fetch;
  readonly document: Document;
  /** The remote of the page shown now. */
  readonly current: () => RemoteName | undefined;
  /** `navigator.connection.saveData`. */
  readonly saveData: () => boolean;
  /** Told of every background load as it starts (the shell counts them in `data-app-pending`). */
  readonly track?: (work: Promise<unknown>) => void;
}

/** `navigator.connection.saveData` (Network Information API; absent in some browsers). */
export function saveDataRequested(nav: Navigator = navigator): boolean {
  return (nav as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

export function createPrefetcher(deps: PrefetcherDeps) {
  const manifests = new Map<string, Promise<Response>>();
  const prefetched = new Set<RemoteName>();
  const loaded = new Set<RemoteName>();
  const warmed = new Set<string>();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    deps.track?.(work);
    return work;
  };

  const fetchManifest = (url: string): Promise<Response> => {
    let response = manifests.get(url);
    if (!response) {
      // As the MF runtime asks for it (`fetch(url, {})`), so it could also come from the cache.
      response = deps.fetch(url, {}).then((r) => {
        if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
        return r;
      });
      response.catch(() => manifests.delete(url));
      manifests.set(url, response);
    }
    return response;
  };

  const addPrefetchLink = (file: PrefetchFile) => {
    const doc = deps.document;
    const exists = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"], link[rel="preload"]')].some(
      (l) => l.href === file.href,
    );
    if (exists) return;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.as = file.as;
    link.href = file.href;
    // The browser downloads it later, at the lowest priority: a background load of its own.
    if (deps.track) {
      deps.track(
        new Promise<void>((settled) => {
          link.addEventListener('load', () => settled(), { once: true });
          link.addEventListener('error', () => settled(), { once: true });
        }),
      );
    }
    doc.head.appendChild(link);
  };

  return {
    /**
     * For the MF runtime's manifest fetch (the resilience plugin's `fetchFn`): a manifest fetched
     * here is answered from here (a clone), so it is not fetched twice. Undefined: fetch it.
     */
    runtimeFetch(url: string): Promise<Response> | undefined {
      return manifests.get(url)?.then((r) => r.clone());
    },

    /** Prefetches a remote's manifest, entry and lifecycles files (idle time; not executed). */
    prefetch(remote: RemoteName): Promise<void> {
      if (deps.saveData() || prefetched.has(remote) || loaded.has(remote) || remote === deps.current()) return Promise.resolve();
      prefetched.add(remote);
      const url = deps.manifestUrls[remote];
      return tracked(
        (async () => {
          try {
            const manifest = (await (await fetchManifest(url)).clone().json()) as MfManifestLike;
            remoteFiles(url, manifest).forEach(addPrefetchLink);
          } catch (error) {
            prefetched.delete(remote);
            console.info('[shell] prefetch of', remote, 'failed', error);
          }
        })(),
      );
    },

    /**
     * Loads a remote and the page the user is about to open (hover, focus, touch on a link to it).
     * Resolves once it has loaded or failed (a failure is retried at the next intent).
     */
    warm(remote: RemoteName, url: URL): Promise<void> {
      const key = url.pathname + url.search;
      if (deps.saveData() || warmed.has(key) || remote === deps.current()) return Promise.resolve();
      warmed.add(key);
      loaded.add(remote);
      return tracked(
        deps.load(remote, url).then(
          () => undefined,
          () => void warmed.delete(key),
        ),
      );
    },

    /** Prefetches the remotes the document links to now; resolves once every prefetch has settled. */
    async prefetchLinked(): Promise<void> {
      const hrefs = [...deps.document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href);
      await Promise.all(linkedRemotes(hrefs, deps.document.location.origin, deps.current()).map((remote) => this.prefetch(remote)));
    },

    /**
     * Loads outright (as `warm` does) the pages the site header links to in other remotes — on the
     * landing page ログイン and 新規登録 — at most `limit`: the next page of most visitors. A tap
     * gives `warm` only the ≈ 100 ms between touchstart and click, too little to run a remote and
     * the shared code its forms need (≈ 400 ms at 4× CPU); loaded before, the click finds them ready.
     */
    async warmBanner(limit = 2): Promise<void> {
      const origin = deps.document.location.origin;
      const hrefs = [...deps.document.querySelectorAll<HTMLAnchorElement>('header a[href], [role="banner"] a[href]')].map((a) => a.href);
      const loads: Promise<void>[] = [];
      for (const href of new Set(hrefs)) {
        if (loads.length >= limit) break;
        const [remote] = linkedRemotes([href], origin, deps.current());
        if (remote === undefined) continue;
        loads.push(this.warm(remote, new URL(href)));
      }
      await Promise.all(loads);
    },

    /** Warms a remote when a link to it is hovered, focused or touched (event delegation). */
    listen(target: EventTarget): void {
      const onIntent = (event: Event) => {
        const anchor = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
        if (!anchor) return;
        const [remote] = linkedRemotes([anchor.href], deps.document.location.origin, deps.current());
        if (remote) void this.warm(remote, new URL(anchor.href));
      };
      for (const type of ['mouseover', 'focusin', 'touchstart']) target.addEventListener(type, onIntent, { passive: true, capture: true });
    },
  };
}

export type Prefetcher = ReturnType<typeof createPrefetcher>;

/** The events that show a visitor engaging with the page (not just looking at it). */
export const ENGAGEMENT_EVENTS = ['scroll', 'pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** Runs `task` once, at the first sign of engagement (see ENGAGEMENT_EVENTS). */
export function onFirstEngagement(target: EventTarget, task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of ENGAGEMENT_EVENTS) target.removeEventListener(type, run, { capture: true });
    task();
  };
  for (const type of ENGAGEMENT_EVENTS) target.addEventListener(type, run, { capture: true, passive: true });
}

/** Runs `task` when the browser is idle (a timeout where there is no requestIdleCallback). */
export function whenIdle(task: () => void, win: Window = window): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => task(), { timeout: 3000 });
  else win.setTimeout(task, 1);
}

/**
 * Runs `task` after the window's load event (at once if it has fired): the page's own lazy chunks,
 * requested while it mounts, go first.
 */
export function afterLoad(task: () => void, win: Window = window): void {
  if (win.document.readyState === 'complete') win.setTimeout(task, 0);
  else win.addEventListener('load', () => task(), { once: true });
}
