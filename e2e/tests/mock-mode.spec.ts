import { ACCOUNT_MESSAGES } from '@app/contracts';
import { MOCK_ACCOUNT } from '@app/mocks';
import { MOCK_MODE_PORT } from '../playwright.config';
import { expect, failedResponse, test } from './fixtures';

/**
 * `pnpm --filter mfe-auth run dev:mock`: the login remote alone on its dev server, every /api call
 * answered in the browser by the mock backend made from the endpoint catalogue — no API, no
 * database. The way a team works on its remote by itself.
 */
const MOCK_ORIGIN = `http://localhost:${MOCK_MODE_PORT}`;

test.describe('a remote in mock mode', () => {
  test.use({ expectedConsoleErrors: { 'the wrong password is answered 401 by the mock': failedResponse(401, '/api/auth/') } });

  test('the login page works against the mocks: refused, then logged in', async ({ page }) => {
    const apiAnswers: { path: string; status: number; fromServiceWorker: boolean }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) {
        apiAnswers.push({ path: url.pathname, status: response.status(), fromServiceWorker: response.fromServiceWorker() });
      }
    });
    await page.goto(`${MOCK_ORIGIN}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();

    await page.getByLabel('メールアドレス').fill(MOCK_ACCOUNT.email);
    await page.getByLabel(/^パスワード/).fill('not-the-password');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.invalidCredentials);
    await expect(page.getByLabel('メールアドレス')).toHaveValue(MOCK_ACCOUNT.email);

    await page.getByLabel(/^パスワード/).fill(MOCK_ACCOUNT.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    // Logged in: the login route's guard sends the member on to /mypage (another remote, so this
    // standalone page has nothing to show there; the URL is the proof).
    await expect(page).toHaveURL(`${MOCK_ORIGIN}/mypage`);

    // Every answer came from the service worker (the mocks), none from a server.
    expect(apiAnswers.map((a) => a.path)).toEqual(
      expect.arrayContaining(['/api/me/', '/api/auth/', '/api/system_settings/supress_entries/']),
    );
    expect(apiAnswers.filter((a) => !a.fromServiceWorker)).toEqual([]);
    expect(apiAnswers.find((a) => a.path === '/api/auth/' && a.status === 401)).toBeDefined();
  });
});
