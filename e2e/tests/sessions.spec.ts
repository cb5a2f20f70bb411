import { test, expect } from './fixtures';
import { PASSWORD, call, expectNoSeriousAxeViolation, readyApplicant } from './applicants';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

// Issue 13 gap 7: /profile「ログイン中の端末」— another device is listed, can be logged out from
// here, and すべての端末からログアウト ends every session, this one included.
test('the applicant sees their other device on /profile, logs it out, then logs out everywhere', async ({ page, browser }) => {
  const email = await readyApplicant(page, 'corporate');
  const phone = await browser.newContext({ userAgent: IPHONE_SAFARI });
  try {
    await call(phone, 'POST', '/api/me/', {});
    await call(phone, 'POST', '/api/auth/', { email, password: PASSWORD, persistLoginState: true });

    await page.goto('/profile');
    const list = page.getByRole('list', { name: 'ログイン中の端末' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'この端末' })).toHaveCount(1);
    const other = list.getByRole('listitem').filter({ hasText: 'Safari / iPhone' });
    await expect(other).toContainText('ログインしたまま');
    await expectNoSeriousAxeViolation(page);
    if (process.env.SCREENSHOT_DIR) {
      await page.getByRole('heading', { name: 'ログイン中の端末' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/profile-sessions-${page.viewportSize()?.width}.png` });
    }

    await other.getByRole('button', { name: /をログアウトさせる/ }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect(await (await call(phone, 'POST', '/api/me/', {})).json()).toEqual({});

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'すべての端末からログアウト' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await (await call(page.context(), 'POST', '/api/me/', {})).json()).toEqual({});
  } finally {
    await phone.close();
  }
});
