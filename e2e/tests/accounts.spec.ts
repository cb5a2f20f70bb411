import { test, expect, failedResponse } from './fixtures';
import { siteLink, waitForMail } from './mail';
import type { Page } from './fixtures';

// Each journey registers, hashes passwords (argon2) and reads mail: give it room on a busy CI box.
test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'tsumugi-Pass-2026';
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.jp`;

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByRole('radio', { name: /法人/ }).check();
  await page.getByLabel(/会社名/).fill('株式会社ツムギ商事');
  await page.getByLabel(/^姓/).fill('山田');
  await page.getByLabel(/^名/).fill('太郎');
  await page.getByLabel(/メールアドレス/).fill(email);
  await page
    .getByLabel(/^パスワード/)
    .and(page.locator('input'))
    .fill(PASSWORD);
  await page.getByRole('checkbox', { name: /同意する/ }).check();
  await page.getByRole('button', { name: '同意して登録する' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('確認メールを送信しました');
}

async function activate(page: Page, email: string, since: number) {
  const mail = await waitForMail(email, /登録|確認/, since);
  await page.goto(siteLink(mail, '/register/activation'));
  await expect(page).toHaveURL('/register/complete');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('会員登録が完了しました');
}

async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/メールアドレス/).fill(email);
  await page.getByLabel(/^パスワード/).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

async function registeredMember(page: Page, label: string) {
  const email = uniqueEmail(label);
  const since = Date.now();
  await register(page, email);
  await activate(page, email, since);
  return email;
}

test('register (法人) → activation mail → activate → log in → /mypage shows the name → log out → protected pages go to /login', async ({
  page,
}) => {
  const email = await registeredMember(page, 'journey');
  // What /mypage reads on arrival: logging out while those reads are still on their way answers them
  // 403 (the session has ended), which is not this test's subject; it logs out once they are answered.
  const MYPAGE_READS = ['/api/pre_entry/', '/api/entries/', '/api/news/', '/api/uploads/'];
  const mypageRead = Promise.all(MYPAGE_READS.map((path) => page.waitForResponse((r) => new URL(r.url()).pathname === path)));
  await login(page, email);
  await expect(page).toHaveURL('/mypage');
  await expect(page.getByTestId('mypage-name')).toHaveText('山田 太郎');
  await expect(page.getByRole('banner').getByRole('link', { name: 'マイページ' })).toBeVisible();
  expect((await mypageRead).map((r) => r.status())).toEqual([200, 200, 200, 200]);

  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/mypage');
  await expect(page).toHaveURL('/login?next=%2Fmypage');
  await page.goto('/entry/detail/1');
  await expect(page).toHaveURL('/login?next=%2Fentry%2Fdetail%2F1');
});

test.describe('refused logins', () => {
  test.use({
    expectedConsoleErrors: {
      'the login with the wrong password: POST /api/auth/ answers 401': failedResponse(401, '/api/auth/'),
    },
  });
  test('a wrong password shows the server detail and keeps the address', async ({ page }) => {
    const email = await registeredMember(page, 'wrongpass');
    await login(page, email, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('正しくありません');
    await expect(page.getByLabel(/メールアドレス/)).toHaveValue(email);
    await expect(page).toHaveURL('/login');
  });
});

test.describe('forgotten password', () => {
  test.use({
    expectedConsoleErrors: {
      'the login with the old password: POST /api/auth/ answers 401': failedResponse(401, '/api/auth/'),
      'the link used again: POST /api/password/reset/confirm/ answers 400': failedResponse(400, '/api/password/reset/confirm/'),
    },
  });
  test('mail → new password works, the old one does not, the link works once', async ({ page }) => {
    const email = await registeredMember(page, 'reset');
    const since = Date.now();
    await page.goto('/login');
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await page.getByLabel(/メールアドレス/).fill(email);
    await page.getByRole('button', { name: '再設定メールを送る' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('再設定メールを送信しました');

    const link = siteLink(await waitForMail(email, /パスワード/, since), '/profile/password/reset/reset/');
    const NEW = 'another-Pass-2027';
    await page.goto(link);
    await page.getByLabel(/^新しいパスワード$|^新しいパスワード必須$/).fill(NEW);
    await page.getByLabel(/新しいパスワード（確認）/).fill(NEW);
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await expect(page).toHaveURL('/profile/password/reset/reset/done');

    await login(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('正しくありません');
    await login(page, email, NEW);
    await expect(page).toHaveURL('/mypage');
    // Its sections have loaded (none is busy): a logout while /api/news/ is still in flight makes
    // that read answer 403 after the session is gone, a console error this test is not about.
    await expect(page.getByRole('heading', { name: 'お知らせ' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/login/);

    // The same link a second time is refused.
    await page.goto(link);
    await page.getByLabel(/^新しいパスワード$|^新しいパスワード必須$/).fill('third-Pass-2028');
    await page.getByLabel(/新しいパスワード（確認）/).fill('third-Pass-2028');
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).not.toHaveURL('/profile/password/reset/reset/done');
  });
});

test.describe('stale credentials', () => {
  test.use({
    expectedConsoleErrors: {
      'the logout without the csrftoken cookie: POST /api/auth/session/delete answers 403': failedResponse(403, '/api/auth/session/delete'),
    },
  });
  test('the csrftoken cookie cleared mid-session → the stale-credentials alert, then /login/', async ({ page, context }) => {
    const email = await registeredMember(page, 'csrf');
    await login(page, email);
    await expect(page).toHaveURL('/mypage');
    await context.clearCookies({ name: 'csrftoken' });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL('/login/');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('もう一度ログインしてください');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ログイン');
  });
});
