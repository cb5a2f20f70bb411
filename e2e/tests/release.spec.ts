import fs from 'node:fs';
import { SWAP_FILE } from '../global-setup';
import { test, expect, waitForHydration } from './fixtures';
import { asDeploymentManifest, remoteDir } from '../remotes';

test('swapping one remote in the deployment manifest changes what the browser runs; nothing else is rebuilt', async ({ page }) => {
  const swap = JSON.parse(fs.readFileSync(SWAP_FILE, 'utf8')) as { version: string };
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });

  await page.goto('/');
  await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
  const before = [...scripts];
  const live = asDeploymentManifest(await (await page.request.get('/deployment.json')).json());
  expect(live.remotes.marketing.version).not.toBe(swap.version);

  // The release manager changes one entry of the deployment manifest.
  await page.route('**/deployment.json', async (route) => {
    const res = await route.fetch();
    const manifest = asDeploymentManifest(await res.json());
    manifest.remotes.marketing = { manifest: `/remotes/${remoteDir('marketing')}/${swap.version}/mf-manifest.json`, version: swap.version };
    await route.fulfill({ response: res, json: manifest });
  });
  // The server's HTML names the files of the deployment on disk (preload hints, issue 12); this
  // swap is the browser's alone, so the page's document goes without them.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: res.status(), headers, body: (await res.text()).replace(/<link rel="preload"[^>]*>/g, '') });
    },
  );
  scripts.length = 0;
  await page.reload();
  await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', 'swap-test');

  const shellOf = (list: string[]) => list.filter((s) => s.startsWith('/assets/')).sort();
  expect(shellOf(scripts)).toEqual(shellOf(before));
  expect(scripts.some((s) => s.startsWith(`/remotes/${remoteDir('marketing')}/${swap.version}/`))).toBe(true);
  expect(scripts.some((s) => s.startsWith(`/remotes/${remoteDir('marketing')}/${live.remotes.marketing.version}/`))).toBe(false);

  // The other remotes are still the live builds.
  await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).click();
  await expect(page.locator('[data-layout="anonymous"]')).toBeVisible();
  expect(scripts.some((s) => s.startsWith(`/remotes/${remoteDir('auth')}/${live.remotes.auth.version}/`))).toBe(true);
});

test('a new build becomes a full page load on the next navigation (builds/latest.json polled hourly)', async ({ page }) => {
  await page.clock.install();
  let buildId = 'build-a';
  await page.route('**/builds/latest.json', (route) => route.fulfill({ json: { id: buildId } }));
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { __e2eMarker: string }).__e2eMarker = 'old-page'));

  // Before a new build: in-app navigation keeps the page.
  await page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }).click();
  await expect(page).toHaveURL('/terms');
  expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('old-page');

  // Let the page's own chunks finish first: the hour that passes below would time them out.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  buildId = 'build-b';
  const polled = page.waitForResponse('**/builds/latest.json');
  await page.clock.runFor(60 * 60 * 1000);
  await polled;
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.staleBuild)).toBe('true');
  await page.getByRole('contentinfo').getByRole('link', { name: 'プライバシーポリシー' }).click();
  await expect(page).toHaveURL('/policy/privacy');
  await expect(page.locator('[data-layout="static"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker ?? null)).toBeNull();
});
