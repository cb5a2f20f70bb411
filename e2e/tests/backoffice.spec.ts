import type { TestInfo } from '@playwright/test';
import { test, expect, failedResponse, markWindow, waitForHydration, windowMarker, type Page } from './fixtures';
import { expectNoSeriousAxeViolation, readyApplicant, submittedEntryViaApi } from './applicants';
import { asDeploymentManifest, remoteDir } from '../remotes';
import { loginAsStaff, staffEntryIdByCode } from './staff';

/**
 * The back office (issue 11) against the production build and the real API: staff log in with the
 * authenticator code, find an applicant's entry in the review queue and read its documents in the
 * page. Each back-office page is checked with axe and photographed (desktop 1280 px, phone 375 px).
 * The cross-side journey (decisions, resubmission, contract, transfer) builds on `loginAsStaff`.
 */

const shoot = async (page: Page, name: string, testInfo: TestInfo) => {
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
};

test('a reviewer logs in with the authenticator code, finds an applicant’s entry and views its documents in the page', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  // An applicant with an entry under review, made through the API.
  await readyApplicant(page, 'corporate');
  const { code } = await submittedEntryViaApi(page, 'corporate');
  await page.context().clearCookies();

  await loginAsStaff(page, 'reviewer');
  await expect(page).toHaveURL('/backoffice');
  await expect(page.locator('[data-layout="backoffice"]')).toBeVisible();
  // With entries under review the open count leads the title: 「(3) 審査キュー｜…」 (how many depends on
  // the other tests; the count itself is checked in queue-page.test.tsx).
  await expect(page).toHaveTitle(/^(\(\d+\) )?審査キュー｜ツムギ 請求書買取$/);

  // Newest first: the entry just made is on the first page.
  await page.getByLabel('並び順').selectOption('newest');
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page).toHaveURL('/backoffice?order=newest');
  const link = page.getByRole('link', { name: code });
  await expect(link).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await shoot(page, 'backoffice-queue', testInfo);

  await link.click();
  await expect(page).toHaveURL(`/backoffice/entries/${await staffEntryIdByCode(page, code)}`);
  await expect(page.getByRole('heading', { level: 1, name: `申し込み ${code}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '申込者' })).toBeVisible();

  // A passbook photo (JPEG) of the withdrawals details, shown in the page from the staff file route.
  const withdrawals = page.getByRole('group', { name: '入出金明細' });
  await withdrawals.getByRole('button', { name: '通帳 表紙.jpgを表示' }).click();
  const photo = withdrawals.getByRole('img', { name: '通帳 表紙.jpg' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(withdrawals.getByRole('link', { name: 'ダウンロード' })).toHaveAttribute('download', '通帳 表紙.jpg');
  // The pricing preview is the domain's: 1,000,000 × 0.8 − 5% − 660.
  const pricing = page.getByRole('form', { name: '買取条件（株式会社サンプル商事）' });
  await pricing.getByLabel('掛目').fill('0.8');
  await pricing.getByLabel('手数料率').fill('0.05');
  await pricing.getByLabel('振込手数料（円）').fill('660');
  await expect(pricing).toContainText('買取金額（お振込み額）759,340円');
  await expectNoSeriousAxeViolation(page);
  await shoot(page, 'backoffice-entry', testInfo);

  // Back to the queue: the filters are kept in the URL.
  await page.goBack();
  await expect(page).toHaveURL('/backoffice?order=newest');
  await expect(page.getByLabel('並び順')).toHaveValue('newest');
});

test.describe('the staff login', () => {
  test.use({
    expectedConsoleErrors: {
      'the wrong address, password or code: POST /api/staff/auth/ answers 401': failedResponse(401, '/api/staff/auth/'),
    },
  });
  test('a visitor is sent to the staff login; errors are in Japanese; the pages pass axe', async ({ page }, testInfo) => {
    await page.goto('/backoffice');
    await expect(page).toHaveURL('/backoffice/login?next=%2Fbackoffice');
    await expect(page).toHaveTitle('スタッフログイン｜ツムギ 請求書買取');
    await expectNoSeriousAxeViolation(page);
    await shoot(page, 'backoffice-login', testInfo);

    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByText('確認コードを入力してください。')).toBeVisible();
    await expect(page.getByLabel('メールアドレス')).toBeFocused();

    await page.getByLabel('メールアドレス').fill(`nobody.${Date.now()}@tsumugi.example.jp`);
    await page.getByLabel('パスワード').fill('Not-the-password-1');
    await page.getByLabel('確認コード（6桁）').fill('１２３ ４５６');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('alert')).toHaveText('メールアドレス、パスワード、または確認コードが正しくありません。');
    await expect(page.getByLabel('確認コード（6桁）')).toHaveValue('');
    await expectNoSeriousAxeViolation(page);
    await shoot(page, 'backoffice-login-error', testInfo);

    await page.goto('/backoffice/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
    await expect(page.locator('[data-layout="backoffice"]')).toBeVisible();
    await expectNoSeriousAxeViolation(page);
  });
});

test.describe('a dead back office', () => {
  const DEAD = `/remotes/${remoteDir('backoffice')}/does-not-exist/mf-manifest.json`;
  test.use({ expectedConsoleErrors: { "each load of the dead back office's manifest answers 404": failedResponse(404, DEAD) } });
  test('leaves the rest of the site working', async ({ page }) => {
    await page.route('**/deployment.json', async (route) => {
      const res = await route.fetch();
      const manifest = asDeploymentManifest(await res.json());
      manifest.remotes.backoffice.manifest = DEAD;
      await route.fulfill({ response: res, json: manifest });
    });
    await page.goto('/');
    await waitForHydration(page);
    await markWindow(page);
    await page.evaluate(() => window.history.pushState(null, '', '/backoffice'));
    await expect(page.getByText('エラーコード 503')).toBeVisible();
    await page.getByRole('link', { name: 'トップページへ戻る' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('[data-layout="marketing"]')).toBeVisible();
    expect(await windowMarker(page)).toBe('still-here');
  });
});
