import { remoteDir } from '../remotes';
import { expect, failedResponse, markWindow, navigateInApp, test, waitForHydration, windowMarker } from './fixtures';

/**
 * Fault injection (issue 13): every file of one remote is gone from the server (a deploy that lost
 * its folder: the manifest, the container and every chunk answer 404). The pages of that remote
 * show the error page; the rest of the site works in the same page (composition.spec.ts covers a
 * dead manifest URL and a failing chunk).
 */
const AUTH_FILES = new RegExp(`/remotes/${remoteDir('auth')}/`);

test.use({
  expectedConsoleErrors: {
    "every request for the auth remote's files answers 404": failedResponse(404, new RegExp(`/remotes/${remoteDir('auth')}/\\S*`)),
  },
});

test("a remote whose files are all missing: its pages show the error page, the other remotes' pages work", async ({ page }) => {
  await page.route(AUTH_FILES, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
  await page.goto('/');
  await waitForHydration(page);
  await markWindow(page);
  await expect(page.locator('[data-layout="marketing"]')).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('サーバーでエラーが発生しました');

  await page.getByRole('link', { name: 'トップページへ戻る' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('[data-layout="marketing"]')).toBeVisible();
  await navigateInApp(page, '/terms');
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('サーバーでエラーが発生しました');
  expect(await windowMarker(page)).toBe('still-here');
});
