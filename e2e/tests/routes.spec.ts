import { ROUTES, matchRoute, type RouteDef } from '@app/contracts/routes';
import { test, expect } from './fixtures';

const BRAND = 'ツムギ 請求書買取';
const titleOf = (route: RouteDef) => (route.id === 'home' ? `${BRAND}｜${route.title}` : `${route.title}｜${BRAND}`);

/** A concrete URL for a route pattern: `:entryId` (any `:param`) → 12, `*` → a segment, required query filled. */
function sampleUrl(route: RouteDef): string {
  const path = route.path.replace(/:[A-Za-z]+/g, '12').replace('*', 'sample');
  const query = route.requiredQuery ? `?${route.requiredQuery.map((q) => `${q}=abc123`).join('&')}` : '';
  return path + query;
}

test.describe('every route of spec §2 (deep link, as a visitor)', () => {
  for (const route of ROUTES) {
    const url = sampleUrl(route);
    test(`${url} → ${route.remote}/${route.layout}`, async ({ page }) => {
      await page.goto(url);
      if (route.remote === 'backoffice' && route.id !== 'backofficeLogin' && route.id !== 'backofficeNotFound') {
        // The back office checks the staff session itself: a visitor is sent to the staff login.
        await expect(page).toHaveURL(`/backoffice/login?next=${encodeURIComponent(url)}`);
        await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'backoffice');
        await expect(page).toHaveTitle(`スタッフログイン｜${BRAND}`);
        return;
      }
      if (route.guards.includes('authenticated')) {
        // A visitor is sent to the login page, keeping where they wanted to go.
        await expect(page).toHaveURL(`/login?next=${encodeURIComponent(url)}`);
        await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'anonymous');
        await expect(page).toHaveTitle(`ログイン｜${BRAND}`);
        return;
      }
      expect(matchRoute(new URL(url, 'http://x').pathname, new URL(url, 'http://x').search).route.id).toBe(route.id);
      await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', route.id === 'notFound' ? 'simple-header' : route.layout);
      await expect(page).toHaveTitle(titleOf(route));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(url);
    });
  }
});

test.describe('not found (spec §2, §5)', () => {
  for (const url of [
    '/no/such/page',
    '/entry/detail/abc',
    '/entry/abc/factoring_service_agreement',
    '/entry/1x/factoring_service_agreement',
    '/entry/contract/12/extra',
    '/profile/password/reset/reset/x',
    '/profile/password/reset/reset/x?uid=MQ',
    '/profile/password/reset/reset/x?token=abc',
  ]) {
    test(`${url} shows the 404 page`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('お探しのページが見つかりません');
      await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');
      await expect(page).toHaveTitle(`ページが見つかりません｜${BRAND}`);
    });
  }

  test('the password reset page with uid and token is not a 404', async ({ page }) => {
    await page.goto('/profile/password/reset/reset/x?uid=MQ&token=abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新しいパスワードの設定');
  });
});
