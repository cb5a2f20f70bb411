import { test, expect, failedRequest, failedResponse, markWindow, navigateInApp, waitForHydration, windowMarker } from './fixtures';
import { REMOTES, asDeploymentManifest, remoteDir } from '../remotes';

const DEAD_MANIFEST = `/remotes/${remoteDir('auth')}/does-not-exist/mf-manifest.json`;

test('navigation between remotes happens without a full page load; back works', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await markWindow(page);

  // marketing → auth (header link)
  await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.locator('[data-layout="anonymous"]')).toBeVisible();
  await expect(page).toHaveTitle('ログイン｜ツムギ 請求書買取');

  // auth → marketing (footer link)
  await page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.locator('[data-layout="static"]')).toBeVisible();
  // The new page starts at its top, its heading focused (announced by screen readers).
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('利用規約');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // → entry (guard sends a visitor to login: entry remote loaded, then auth)
  await navigateInApp(page, '/entry/detail/5');
  await expect(page).toHaveURL('/login?next=%2Fentry%2Fdetail%2F5');

  // back button: the page before the redirect
  await page.goBack();
  await expect(page).toHaveURL('/terms');
  await expect(page.locator('[data-layout="static"]')).toBeVisible();

  expect(await windowMarker(page)).toBe('still-here');
});

test('shared singletons: one react, react-dom, react-router-dom, zustand and auth store across the shell and every remote', async ({
  page,
}) => {
  const remoteEntries = new Set<string>();
  page.on('response', (r) => {
    const m = /\/remotes\/(mfe-[a-z]+)\/[^/]+\/remoteEntry\.[^/]+\.js$/.exec(r.url());
    if (m) remoteEntries.add(m[1]!);
  });
  await page.goto('/');
  // The prerendered landing page is on screen before the shell runs: navigating in the page needs it running.
  await waitForHydration(page);
  await expect(page.locator('[data-layout="marketing"]')).toBeVisible();
  for (const path of ['/login', '/mypage', '/entry/detail/3', '/backoffice/login', '/']) {
    await navigateInApp(page, path);
    await expect(page.locator('[data-layout]')).toBeVisible();
  }
  await expect.poll(() => [...remoteEntries].sort()).toEqual(REMOTES.map(remoteDir).sort());
  const instances = await page.evaluate(() => (window as unknown as { __APP_INSTANCES__: Record<string, number> }).__APP_INSTANCES__);
  expect(instances).toEqual({
    react: 1,
    'react-dom/client': 1,
    'react-router-dom': 1,
    'zustand/vanilla': 1,
    '@app/shared/auth-store': 1,
    // The live-status data generation every page's loaders follow (one, or a remote would miss the re-reads).
    '@app/shared/revalidation-store': 1,
  });
});

test.describe('a dead remote', () => {
  test.use({
    // Nothing but the dead remote's manifest may fail.
    expectedConsoleErrors: {
      "each load of the dead remote's manifest answers 404": failedResponse(404, DEAD_MANIFEST),
    },
  });
  test('a remote whose manifest URL is dead shows its error page while the others work', async ({ page }) => {
    await page.route('**/deployment.json', async (route) => {
      const res = await route.fetch();
      const manifest = asDeploymentManifest(await res.json());
      manifest.remotes.auth.manifest = DEAD_MANIFEST;
      await route.fulfill({ response: res, json: manifest });
    });
    await page.goto('/');
    await waitForHydration(page);
    await markWindow(page);

    await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('サーバーでエラーが発生しました');
    await expect(page.getByText('エラーコード 503')).toBeVisible();

    // The rest of the site keeps working, in the same page.
    await page.getByRole('link', { name: 'トップページへ戻る' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('[data-layout="marketing"]')).toBeVisible();
    await navigateInApp(page, '/mypage');
    await expect(page).toHaveURL('/login?next=%2Fmypage');
    await expect(page.getByText('エラーコード 503')).toBeVisible();
    expect(await windowMarker(page)).toBe('still-here');
  });
});

test.describe('chunk load failure', () => {
  const termsChunk = new RegExp(`/remotes/${remoteDir('marketing')}/[^/]+/page-terms\\.[^/]+\\.js`);
  /** A `console.error(error)` of the chunk's ChunkLoadError (its stack, which starts with the chunk's URL). */
  const chunkLoadError = (prefix = '') =>
    new RegExp(`^${prefix}ChunkLoadError: Loading chunk \\S+ failed\\.\\n\\(error: https?://[^/]+${termsChunk.source}\\)`);
  test.use({
    expectedConsoleErrors: {
      'the aborted requests for the /terms page chunk, on the first load and on the reload': failedRequest(termsChunk),
      "React's default report of the error a boundary caught (createRoot's onCaughtError), on each load": chunkLoadError(),
      "RemoteErrorBoundary's own report, once the reload did not help and the error page shows": chunkLoadError('\\[marketing\\] '),
    },
  });
  test('reloads the page once, then shows an error', async ({ page }) => {
    let documentLoads = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documentLoads++;
    });
    // Every lazy page chunk of the marketing remote fails; its container and shared code load.
    await page.route(new RegExp(`/remotes/${remoteDir('marketing')}/[^/]+/page-[^/]+\\.js$`), (route) => route.abort());
    await page.goto('/terms');
    await expect(page.getByText('ページの読み込みに失敗しました。', { exact: false })).toBeVisible();
    expect(documentLoads).toBe(2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('サーバーでエラーが発生しました');
  });
});
