import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SWAP_FILE } from '../global-setup';
import { shellIdle, test, expect, waitForHydration } from './fixtures';
import { asDeploymentManifest, remoteDir } from '../remotes';
import { loginAsStaff } from './staff';

test('swapping one remote in the deployment manifest changes what the browser runs; nothing else is rebuilt', async ({ page }) => {
  const swap = JSON.parse(fs.readFileSync(SWAP_FILE, 'utf8')) as { version: string };
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });

  await page.goto('/');
  await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
  // Late chunks of this first load (lazy pages, idle prefetch) must not be counted after the reload.
  await shellIdle(page);
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
      await route.fulfill({
        status: res.status(),
        headers,
        body: (await res.text()).replace(/<link rel="preload"[^>]*>/g, '').replace(/ data-preload="[^"]*"/g, ''),
      });
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
  await shellIdle(page);
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

test.describe('canary (pnpm release canary, /deployment.json per user)', () => {
  test.describe.configure({ mode: 'serial' });
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  /** The release CLI on the site the e2e server serves. */
  const release = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, 'scripts', 'release.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, SITE_DIR: path.join(root, '.site'), RELEASE_WHO: 'e2e' },
      encoding: 'utf8',
    }).trim();
  const canaryLive = () =>
    (JSON.parse(fs.readFileSync(path.join(root, '.site', 'deployment.json'), 'utf8')) as { canary?: Record<string, unknown> }).canary
      ?.marketing;

  /**
   * One canary test at a time across workers and projects (they share the site's deployment), and
   * the canary ended afterwards whatever happened.
   */
  async function exclusively(run: () => Promise<void>) {
    const lock = path.join(root, '.data', 'e2e-release-canary.lock');
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    for (;;) {
      try {
        fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
        break;
      } catch {
        // Held by another worker (or left by a killed run: taken over after two minutes).
        const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
        if (Date.now() - since > 120_000) fs.rmSync(lock, { force: true });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    try {
      await run();
    } finally {
      if (canaryLive()) release('canary', 'abort', 'marketing', '--why', 'e2e cleanup');
      fs.rmSync(lock, { force: true });
    }
  }

  test('mid-session: the page keeps working when its version changes, and runs the new one after the build check, at the next navigation', async ({
    page,
  }) => {
    // Two release commands and the wait for the other release tests' turn (release-promote.spec holds
    // the same lock from another worker): the default 30 s is not this test's own time.
    test.setTimeout(120_000);
    await exclusively(async () => {
      const swap = JSON.parse(fs.readFileSync(SWAP_FILE, 'utf8')) as { version: string };
      await page.clock.install();
      await loginAsStaff(page, 'reviewer', { via: 'api' });
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
      await page.evaluate(() => ((window as unknown as { __e2eMarker: string }).__e2eMarker = 'old-page'));

      // The release reaches this (staff) user while the page is open: a staff-only canary, so that no
      // other spec's page changes meanwhile.
      release('canary', 'marketing', swap.version, '--staff', '--why', 'e2e mid-session');
      await page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }).click();
      await expect(page).toHaveURL('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('old-page');
      // Back to the top page in the app: still the build the page started with.
      await page.getByRole('link', { name: 'ツムギ 請求書買取 トップページ' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
      expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('old-page');

      // The hourly build check sees the new builds/latest.json; the next navigation is a full load.
      await shellIdle(page);
      const polled = page.waitForResponse('**/builds/latest.json');
      await page.clock.runFor(60 * 60 * 1000);
      await polled;
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.staleBuild)).toBe('true');
      await page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }).click();
      await expect(page).toHaveURL('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker ?? null)).toBeNull();
      // The new page runs the canary build of marketing.
      await page.getByRole('link', { name: 'ツムギ 請求書買取 トップページ' }).click();
      await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', 'swap-test');
    });
  });

  test('a staff-only canary: the staff member runs the canary build, a visitor the live one; abort restores it for both', async ({
    page,
    browser,
  }) => {
    // Four release commands (each a pnpm process) and the wait for the other release tests' turn.
    test.setTimeout(120_000);
    await exclusively(async () => {
      const swap = JSON.parse(fs.readFileSync(SWAP_FILE, 'utf8')) as { version: string };
      await loginAsStaff(page, 'reviewer', { via: 'api' });
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      try {
        // Staff only: no other spec's applicant or visitor sees it while this runs.
        expect(release('canary', 'marketing', swap.version, '--staff', '--why', 'e2e canary')).toBe(
          `marketing: canary ${swap.version} for staff only`,
        );
        await page.goto('/');
        await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', 'swap-test');
        await visitor.goto('/');
        await expect(visitor.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
        const served = asDeploymentManifest(await (await page.request.get('/deployment.json')).json());
        expect(served.remotes.marketing.version).toBe(swap.version);

        expect(release('canary', 'abort', 'marketing', '--why', 'e2e rollback')).toBe(`marketing: canary ${swap.version} aborted`);
        await page.reload();
        await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
        await visitor.reload();
        await expect(visitor.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
      } finally {
        await visitorContext.close();
      }
    });
  });

  test('a staff member previews a published version in their own browser, with a banner on every page; another browser runs the live one', async ({
    page,
    browser,
  }) => {
    // A staff-only canary of marketing (the tests above) would reach this staff member too: one at a time.
    await exclusively(async () => {
      const swap = JSON.parse(fs.readFileSync(SWAP_FILE, 'utf8')) as { version: string };
      await loginAsStaff(page, 'reviewer', { via: 'api' });
      // The link `pnpm release preview marketing <version>` prints: the back office asks first.
      await page.goto(`/backoffice/releases?preview=marketing@${swap.version}`);
      await expect(page.getByText('をこのブラウザーでプレビューしますか？')).toContainText(`marketing の ${swap.version}`);
      await page.getByRole('button', { name: 'プレビューを開始' }).click();
      await expect(page.getByText('をこのブラウザーでプレビュー中です')).toBeVisible();

      await page.getByRole('link', { name: 'サイトのトップページを開く' }).click();
      await expect(page).toHaveURL('/');
      const banner = page.getByRole('status').filter({ hasText: 'スタッフ用プレビュー表示中' });
      await expect(banner).toContainText(`marketing ${swap.version}（このブラウザーのみ。ログアウトで終了）`);
      await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', 'swap-test');

      // An applicant's browser meanwhile: the live version, no banner.
      const other = await browser.newContext();
      try {
        const visitor = await other.newPage();
        await visitor.goto('/');
        await expect(visitor.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
        await expect(visitor.getByText('スタッフ用プレビュー表示中')).toHaveCount(0);
      } finally {
        await other.close();
      }

      // Ended from リリース状況 (the banner's link): the live version again, no banner.
      await banner.getByRole('link', { name: 'リリース状況でプレビューを終了' }).click();
      const marketing = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'marketing' }) });
      await marketing.getByRole('button', { name: 'プレビューを終了' }).click();
      await expect(marketing.getByRole('button', { name: 'このブラウザーでプレビュー' })).toBeVisible();
      await page.goto('/');
      await expect(page.locator('[data-build-label]')).toHaveAttribute('data-build-label', '');
      await expect(page.getByText('スタッフ用プレビュー表示中')).toHaveCount(0);
    });
  });
});
