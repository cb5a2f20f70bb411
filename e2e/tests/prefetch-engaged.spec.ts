import type { Page } from '@playwright/test';
import { shellIdle, shellWarm, test, expect, waitForHydration } from './fixtures';

/**
 * The header's pages in other remotes (the landing page's ログイン, 新規登録) are loaded and run once
 * the visitor engages with the page (shell/src/prefetch.ts `warmBanner`, issue 12): a visitor who only
 * looks runs nothing more than the page, one who scrolls finds the login page ready at the tap.
 */
function authScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/remotes/mfe-auth/') && url.pathname.endsWith('.js') && r.resourceType() === 'script')
      seen.push(url.pathname);
  });
  return seen;
}

test('a visitor who only looks: no script of the login page runs', async ({ page }) => {
  const scripts = authScripts(page);
  await page.goto('/');
  await waitForHydration(page);
  // Everything the page does on its own has run and settled.
  await shellIdle(page);
  expect(scripts.filter((s) => /\/page-login\./.test(s))).toEqual([]);
  await expect(page.locator('html[data-app~="warm"]')).toHaveCount(0);
});

test('after a scroll the login page is loaded before the tap; the tap fetches no script of it', async ({ page }) => {
  const scripts = authScripts(page);
  await page.goto('/');
  await waitForHydration(page);
  await shellIdle(page);
  // The warm-up is a chain (entry, lifecycles, the page's chunks): the shell says when it has settled.
  await page.mouse.wheel(0, 300);
  await shellWarm(page);
  expect(scripts.some((s) => /\/page-login\./.test(s))).toBe(true);

  const before = scripts.length;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).click();
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect(scripts.slice(before)).toEqual([]);
});
