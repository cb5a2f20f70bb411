import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SWAP_FILE } from '../global-setup';
import { shellIdle, test, expect, waitForHydration, markWindow, windowMarker } from './fixtures';
import { field, readyApplicant } from './applicants';

/**
 * Issue 14's done-when, for real: the release manager promotes a new build of one remote for
 * everyone (`pnpm release promote`, the CLI against the site the e2e server serves) and rolls it back
 * (`pnpm release rollback`). Every open tab of the site is affected, so this runs in its own project
 * (`release-serial`, playwright.config.ts) after the desktop and phone projects have finished. The
 * new build is the marketing remote built with BUILD_LABEL=swap-test (global-setup.ts); the live
 * version is restored afterwards whatever happened.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEPLOYMENT = path.join(root, '.site', 'deployment.json');
const liveMarketing = () =>
  (JSON.parse(fs.readFileSync(DEPLOYMENT, 'utf8')) as { remotes: { marketing: { version: string } } }).remotes.marketing.version;

/** `pnpm release …` from the repository's root, as a release manager runs it; its output. */
const release = (...args: string[]) =>
  execFileSync('npx', ['-y', 'pnpm@10.34.8', '--silent', 'release', ...args], {
    cwd: root,
    env: { ...process.env, SITE_DIR: path.join(root, '.site'), RELEASE_WHO: 'e2e' },
    encoding: 'utf8',
  }).trim();

const buildLabel = (page: Page) => page.locator('[data-build-label]');

/** The hourly build check (builds/latest.json) sees the new build: the page marks itself stale. */
async function runBuildCheck(page: Page) {
  await shellIdle(page);
  const polled = page.waitForResponse('**/builds/latest.json');
  await page.clock.runFor(60 * 60 * 1000);
  await polled;
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.staleBuild)).toBe('true');
}

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let before: string | null = null;

test.afterAll(() => {
  // A failed test leaves the site as it was.
  if (before && liveMarketing() !== before) release('rollback', 'marketing', '--to', before, '--why', 'e2e cleanup');
});

test('promote → an applicant mid-session keeps working, then runs the new version after the build check; a visitor on reload; rollback restores both', async ({
  page,
  browser,
}) => {
  const swap = JSON.parse(fs.readFileSync(SWAP_FILE, 'utf8')) as { version: string };
  before = liveMarketing();
  expect(before).not.toBe(swap.version);

  // An applicant mid-session on a page of another remote (mypage), and a visitor on the top page.
  await readyApplicant(page, 'corporate');
  await page.clock.install();
  await page.goto('/mypage');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await markWindow(page);
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await expect(buildLabel(visitor)).toHaveAttribute('data-build-label', '');
    // The page has read builds/latest.json at start (its own build) before the release.
    await shellIdle(page);

    expect(release('promote', 'marketing', swap.version, '--why', 'e2e promote')).toBe(`marketing: ${before} → ${swap.version}`);

    // The applicant keeps working in the page it has: to the profile (mypage) and saves a change.
    await page.getByRole('link', { name: '登録情報を確認・変更する' }).click();
    await expect(page).toHaveURL('/profile');
    await field(page, 'business_summary').fill('内装工事の請負');
    await page.getByRole('button', { name: '変更を保存する' }).click();
    await expect(page.getByText('登録情報を保存しました')).toBeVisible();
    expect(await windowMarker(page)).toBe('still-here');

    // The visitor gets the new version on reload.
    await visitor.reload();
    await expect(buildLabel(visitor)).toHaveAttribute('data-build-label', 'swap-test');

    // After the build check, the applicant's next navigation to a marketing page is a full load of the new version.
    await runBuildCheck(page);
    await page.getByRole('link', { name: 'ツムギ 請求書買取 トップページ' }).click();
    await expect(page).toHaveURL('/');
    await expect(buildLabel(page)).toHaveAttribute('data-build-label', 'swap-test');
    expect(await windowMarker(page)).toBeNull();
    const saved = (await (await page.request.get('/api/profile/')).json()) as { business_summary: string };
    expect(saved.business_summary).toBe('内装工事の請負');

    // Rollback: the version live before, for both.
    await waitForHydration(page);
    await markWindow(page);
    await shellIdle(page);
    expect(release('rollback', 'marketing', '--why', 'e2e rollback')).toBe(`marketing: ${swap.version} → ${before} (rollback)`);
    expect(liveMarketing()).toBe(before);
    await visitor.reload();
    await expect(buildLabel(visitor)).toHaveAttribute('data-build-label', '');

    // The applicant's page keeps working (to mypage, in the page), then after the build check the
    // next navigation loads the previous version again.
    await page.getByRole('banner').getByRole('link', { name: 'マイページ' }).click();
    await expect(page).toHaveURL('/mypage');
    await expect(page.getByRole('link', { name: '登録情報を確認・変更する' })).toBeVisible();
    expect(await windowMarker(page)).toBe('still-here');
    await runBuildCheck(page);
    await page.getByRole('link', { name: 'ツムギ 請求書買取 トップページ' }).click();
    await expect(page).toHaveURL('/');
    await expect(buildLabel(page)).toHaveAttribute('data-build-label', '');
    expect(await windowMarker(page)).toBeNull();
  } finally {
    await visitorContext.close();
  }
});
