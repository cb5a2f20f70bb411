import type { CDPSession, Page } from '@playwright/test';
import { asDeploymentManifest, type RemoteName } from '../remotes';
import { loggedInApplicant } from './applicants';
import { shellIdle, test, expect, waitForHydration } from './fixtures';

/**
 * No waterfalls (issue 12): the page's remote loads in parallel with the shell and the auth
 * request, and a remote the page links to is already in the browser when the link is clicked.
 * Orderings and counts are asserted, never durations.
 */

interface MfManifest {
  metaData: { remoteEntry: { name: string } };
}

/** The live remoteEntry path of a remote, from the served deployment.json and mf-manifest.json. */
async function remoteEntryPath(page: Page, remote: RemoteName): Promise<string> {
  const deployment = asDeploymentManifest(await (await page.request.get('/deployment.json')).json());
  const manifestPath = deployment.remotes[remote].manifest;
  const manifest = (await (await page.request.get(manifestPath)).json()) as MfManifest;
  return manifestPath.slice(0, manifestPath.lastIndexOf('/') + 1) + manifest.metaData.remoteEntry.name;
}

interface NetworkEvent {
  readonly url: string;
  readonly initiator?: string;
  readonly type?: string;
  /** Answered by the browser's caches (disk, prefetch or memory cache), not the network. */
  readonly fromCache?: boolean;
}

/** Every request the page's renderer sends (CDP: initiator and cache flags Playwright does not give). */
async function recordNetwork(page: Page): Promise<{ requests: NetworkEvent[]; responses: NetworkEvent[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const requests: NetworkEvent[] = [];
  const responses: NetworkEvent[] = [];
  const cachedIds = new Set<string>();
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    requests.push({ url: new URL(e.request.url).pathname, initiator: e.initiator.type, type: e.type });
  });
  cdp.on('Network.requestServedFromCache', (e) => cachedIds.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    const fromCache = e.response.fromDiskCache === true || e.response.fromPrefetchCache === true || cachedIds.has(e.requestId);
    responses.push({ url: new URL(e.response.url).pathname, fromCache });
  });
  await cdp.send('Network.enable');
  return { requests, responses, cdp };
}

/**
 * The hrefs of a document's preload hints: the after-paint loader's `data-preload` list
 * (api/src/site/after-paint.ts), or `<link rel="preload">` tags (a document without the shell's script).
 */
const hintsOf = (html: string) => [
  ...[...html.matchAll(/<link rel="preload" as="(?:script|style|fetch)" href="([^"]+)"/g)].map((m) => m[1]!),
  ...[...html.matchAll(/ data-preload="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ').map((item) => item.slice(item.indexOf(':') + 1))),
];

/** The document without its hints (both kinds). */
const withoutHints = (html: string) => html.replace(/<link rel="preload"[^>]*>/g, '').replace(/ data-preload="[^"]*"/g, '');

/** The page was drawn (first contentful paint) before any script of it was asked for. */
async function expectScriptsAfterFirstPaint(page: Page): Promise<void> {
  const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  const firstScript = await page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => e.startTime),
    ),
  );
  expect(firstPaint).toBeGreaterThan(0);
  expect(firstScript).toBeGreaterThan(firstPaint);
}

test.describe('preload hints from the deployment manifest', () => {
  test("/login (prerendered) names mfe-auth's remoteEntry for after its first paint; the browser downloads it once, from that hint, with the shell's script", async ({
    page,
  }) => {
    const entry = await remoteEntryPath(page, 'auth');
    const net = await recordNetwork(page);

    const html = await (await page.request.get('/login')).text();
    // Nothing but the document and its stylesheets before the paint: the hints go to the loader.
    expect(html).not.toContain('<link rel="preload"');
    expect(hintsOf(html)).toContain(entry);

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    // The prerendered form shows before any script is asked for: wait for the remote to take it over.
    await waitForHydration(page);
    // One request for the entry (the loader's preload; the MF runtime's script tag finds it loaded).
    const entryRequests = net.requests.filter((r) => r.url === entry);
    expect(entryRequests).toHaveLength(1);
    // ...asked for no later than the shell's own script.
    const mainIndex = net.requests.findIndex((r) => /^\/assets\/main\.[\w]+\.js$/.test(r.url));
    expect(mainIndex).toBeGreaterThan(-1);
    expect(net.requests.findIndex((r) => r.url === entry)).toBeLessThan(mainIndex);
    // ...and after the first paint: the page was drawn before any script was asked for.
    await expectScriptsAfterFirstPaint(page);
    // No script of the page is downloaded twice (a hint of the wrong mode would be).
    const scripts = net.requests.filter((r) => r.url.endsWith('.js')).map((r) => r.url);
    expect(scripts.length).toBeGreaterThan(3);
    expect(new Set(scripts).size).toBe(scripts.length);
  });
  for (const path of ['/', '/login']) {
    test(`every file ${path} names with a hint is one the page loads without the hints (no wasted download)`, async ({ page }) => {
      const html = await (await page.request.get(path)).text();
      const hinted = hintsOf(html);
      expect(hinted.length).toBeGreaterThan(2);

      // The same page with its hints taken out of the document: what it loads by itself until its
      // remote has taken the page over (network idle alone can come first: the after-paint loader
      // may wait for a paint the headless browser reports late, up to 3 s, with nothing in flight).
      const loaded = await loadedWithoutHints(page, path, () => waitForHydration(page));
      expect(hinted.filter((href) => !loaded.has(href))).toEqual([]);
    });
  }
});

/** The page loaded with its preload hints taken out of the document: every path it requests by itself. */
async function loadedWithoutHints(page: Page, path: string, ready: () => Promise<void>): Promise<Set<string>> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: res.status(), headers, body: withoutHints(await res.text()) });
    },
  );
  const loaded = new Set<string>();
  page.on('request', (r) => loaded.add(new URL(r.url()).pathname));
  await page.goto(path);
  await ready();
  await shellIdle(page);
  await page.unroute((url) => url.pathname === path);
  return loaded;
}

interface PreloadMap {
  groups: Record<string, string[]>;
}

test.describe('the shell document (logged in): what its first render loads after main.js is hinted too', () => {
  test("/mypage names the shell's bootstrap chunk and the page's chunks (from the builds' preload maps) for after its first paint, each loaded once, from the hint", async ({
    page,
  }) => {
    await loggedInApplicant(page, 'corporate');
    const deployment = asDeploymentManifest(await (await page.request.get('/deployment.json')).json());
    const folder = deployment.remotes.mypage.manifest.replace(/[^/]+$/, '');
    const shellMap = (await (await page.request.get('/preload-map.json')).json()) as PreloadMap;
    const mypageMap = (await (await page.request.get(`${folder}preload-map.json`)).json()) as PreloadMap;
    const expected = [
      ...(shellMap.groups.bootstrap ?? []).map((f) => `/${f}`),
      ...(mypageMap.groups['page-mypage'] ?? []).map((f) => folder + f),
    ];
    expect(expected.some((href) => /^\/assets\/bootstrap\.\w+\.js$/.test(href))).toBe(true);
    expect(expected.some((href) => /\/page-mypage\.\w+\.js$/.test(href))).toBe(true);

    // Named to the after-paint loader, as a prerendered page's: the frame (header, skeleton) is
    // drawn from the HTML and the stylesheet before any script is asked for.
    const html = await (await page.request.get('/mypage')).text();
    expect(html).not.toContain('<link rel="preload"');
    const hinted = hintsOf(html);
    expect(expected.filter((href) => !hinted.includes(href))).toEqual([]);

    const net = await recordNetwork(page);
    await page.goto('/mypage');
    await expect(page.getByTestId('mypage-name')).toHaveText('山田 太郎');
    await shellIdle(page);

    // Each hinted file once, from the loader's preload (a hint of the wrong mode would load it twice).
    for (const href of expected) {
      const requests = net.requests.filter((r) => r.url === href);
      expect(requests, href).toHaveLength(1);
      expect(requests[0]?.initiator, href).toBe('script');
    }
    const scripts = net.requests.filter((r) => r.url.endsWith('.js')).map((r) => r.url);
    expect(new Set(scripts).size).toBe(scripts.length);
    // ...and all of them after the first paint.
    await expectScriptsAfterFirstPaint(page);
  });

  test('every file /mypage names with a hint is one the page loads without the hints (no wasted download)', async ({ page }) => {
    await loggedInApplicant(page, 'corporate');
    const hinted = hintsOf(await (await page.request.get('/mypage')).text());
    // The remote's entry, manifest and lifecycles, the shell's chunks and the page's: well beyond the manifests' few.
    expect(hinted.length).toBeGreaterThan(12);
    const loaded = await loadedWithoutHints(page, '/mypage', () => expect(page.getByTestId('mypage-name')).toHaveText('山田 太郎'));
    expect(hinted.filter((href) => !loaded.has(href))).toEqual([]);
  });
});

test.describe('start order: the remote loads while /api/me/ is in flight', () => {
  test("mfe-auth's entry and lifecycles module run before /api/me/ answers; the page mounts after", async ({ page }) => {
    const order: string[] = [];
    let release: () => void = () => {};
    const meReleased = new Promise<void>((resolve) => (release = resolve));
    // /api/me/ is held until the remote has loaded (or 8 s: then the order below fails the test).
    await page.route('**/api/me/', async (route) => {
      order.push('me: request');
      await Promise.race([meReleased, new Promise((resolve) => setTimeout(resolve, 8_000))]);
      order.push('me: answered');
      await route.continue();
    });

    await page.goto('/login', { waitUntil: 'commit' });
    // The container global (remoteEntry executed) and the lifecycles chunk (executed by the MF
    // runtime, not just preloaded): single-spa has loaded the application before start().
    await page
      .waitForFunction(() => 'mfe_auth' in self && 'rspackChunkmfe_auth' in self, null, { timeout: 8_000, polling: 50 })
      .then(() => order.push('auth remote loaded'))
      .catch(() => order.push('auth remote not loaded'));
    // The prerendered form is on screen from the start, but not live (its button waits).
    const liveEarly = await page.getByRole('button', { name: 'ログイン' }).isEnabled();
    release();
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeEnabled();

    expect(order, order.join(' → ')).toEqual(['me: request', 'auth remote loaded', 'me: answered']);
    // Guards decide on real state: nothing is mounted while the user is unknown.
    expect(liveEarly).toBe(false);
  });
});

test.describe('other remotes prefetched', () => {
  test("after idle on /, ログイン finds mfe-auth's entry in the browser: no network request for it", async ({ page }) => {
    const entry = await remoteEntryPath(page, 'auth');
    const net = await recordNetwork(page);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Idle: the page's links lead to mfe-auth, whose entry is prefetched (not executed).
    await expect(page.locator(`head link[rel="prefetch"][href$="${entry}"]`)).toHaveCount(1);
    await expect.poll(() => net.responses.filter((r) => r.url === entry).length).toBe(1);
    expect(net.responses.find((r) => r.url === entry)?.fromCache).toBe(false);

    const before = net.responses.length;
    await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).click();
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    const afterClick = net.responses.slice(before).filter((r) => r.url === entry);
    // Either the runtime found it loaded (no request at all) or the browser answered from its cache.
    expect(afterClick.every((r) => r.fromCache)).toBe(true);
  });

  test('nothing is prefetched for a user who asked to save data', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    });
    const prefetches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/remotes/mfe-auth/')) prefetches.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shellIdle(page);
    await expect(page.locator('head link[rel="prefetch"]')).toHaveCount(0);
    expect(prefetches).toEqual([]);
  });
});
