import type { TestInfo } from '@playwright/test';
import fs from 'node:fs';
import { test, expect, type Page } from './fixtures';
import {
  ACCEPTED_PRE_ENTRY,
  call,
  daysFromToday,
  expectNoSeriousAxeViolation,
  jpegFile,
  loggedInApplicant,
  uploadViaApi,
} from './applicants';
import { loginAsStaff } from './staff';

/**
 * The operations desk (issue 25): a reviewer who gets a call finds the applicant by a half-width
 * kana fragment of the company name, opens the applicant's page (profile, identity documents,
 * entries, mails sent, staff notes), reviews the identity from the identity queue (確認済) and the
 * applicant leaves the queue. Desktop (1280 px: a table) and phone (375 px: cards); axe on each page.
 */

const KANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワ';
const HALF = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜ';

/** A company name no other test uses: 株式会社 + five random katakana + 商事, and its first three in half-width kana. */
function uniqueCompany(): { name: string; halfWidthFragment: string } {
  const picks = Array.from({ length: 5 }, () => Math.floor(Math.random() * KANA.length));
  return {
    name: `株式会社${picks.map((i) => KANA[i]).join('')}商事`,
    halfWidthFragment: picks
      .slice(0, 3)
      .map((i) => HALF[i])
      .join(''),
  };
}

const SHOTS = '/work/notes/shots';
const shoot = async (page: Page, name: string, testInfo: TestInfo) => {
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  // The lead's review copies (375 and 1280 px), when the notes folder is there.
  if (fs.existsSync(SHOTS)) fs.copyFileSync(file, `${SHOTS}/applicants-${name}-${testInfo.project.name === 'phone' ? 375 : 1280}.png`);
};

test('a reviewer finds an applicant by a half-width kana fragment, opens their page and confirms the identity from the identity queue', async ({
  page,
}, testInfo) => {
  // Axe on four pages and a staff context: 64 s in a flake-hunt run under --stress; a budget of
  // about three times that.
  test.setTimeout(180_000);
  // An applicant with their driving licence submitted (identity 確認中), under a company name of their own.
  const company = uniqueCompany();
  await loggedInApplicant(page, 'corporate');
  const context = page.context();
  await call(context, 'PATCH', '/api/profile/', { company_name: company.name });
  await call(context, 'POST', '/api/pre_entry/', ACCEPTED_PRE_ENTRY);
  const front = await uploadViaApi(context, 'identity', await jpegFile(page, '免許証 表.jpg', '運転免許証 表'), 'front');
  const back = await uploadViaApi(context, 'identity', await jpegFile(page, '免許証 裏.jpg', '運転免許証 裏'), 'back');
  await call(context, 'PATCH', '/api/profile/', { identity_document_type: 'drivingLicence', addfiles: [front.id, back.id] });
  await context.clearCookies();

  await loginAsStaff(page, 'reviewer');
  const nav = page.getByRole('navigation', { name: '管理画面' });
  // Work waiting shows in the navigation on every page: this identity at least.
  await expect(nav.getByRole('link', { name: /^本人確認\s*（確認待ち [\d,]+件）$/ })).toBeVisible();

  // The search: ｻｸﾗ-style half-width kana finds サクラ (without 株式会社).
  await nav.getByRole('link', { name: '申込者' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '申込者の検索' })).toBeVisible();
  // The title leads with the entries waiting (「(3) 申込者の検索｜…」) when there are any.
  await expect(page).toHaveTitle(/^(\(\d+\) )?申込者の検索｜ツムギ 請求書買取$/);
  await page.getByLabel('会社名・氏名・メールアドレス・電話番号・申込番号').fill(company.halfWidthFragment);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(`/backoffice/applicants?q=${encodeURIComponent(company.halfWidthFragment)}`);
  const found = page.getByRole('link', { name: company.name });
  await expect(found).toBeVisible();
  await expect(page.getByText(/^1人を表示/)).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await shoot(page, 'search', testInfo);

  // The applicant's page: profile and identity (確認中, with the documents), entries, mails, notes.
  await found.click();
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
  const applicant = page.getByRole('region', { name: '申込者', exact: true });
  await expect(applicant).toContainText('確認中');
  await expect(applicant.getByRole('list', { name: '本人確認書類' })).toContainText('免許証 表.jpg');
  await expect(page.getByRole('region', { name: 'お申し込み（0件）' })).toContainText('お申し込みはまだありません。');
  await expect(page.getByRole('region', { name: '送ったメール' })).toContainText('【ツムギ 請求書買取】メールアドレスのご確認');
  await page.getByLabel('メモ（社内用。申込者には表示されません）').fill('お電話あり：本人確認の進み具合の問い合わせ');
  await page.getByRole('button', { name: 'メモを追加' }).click();
  await expect(page.getByRole('list', { name: 'メモの一覧' })).toContainText('お電話あり：本人確認の進み具合の問い合わせ');
  await expectNoSeriousAxeViolation(page);
  await shoot(page, 'applicant', testInfo);

  // The identity queue: reviewed in place.
  await nav.getByRole('link', { name: '本人確認' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '本人確認の待ち行列' })).toBeVisible();
  // Oldest first: the applicant who just submitted is on the last page when others are waiting too.
  const decision = page.getByRole('form', { name: `${company.name}の本人確認の判定` });
  for (let pages = 0; pages < 20; pages++) {
    await expect(page.getByRole('status').filter({ hasText: /待っています|表示しています|ありません/ })).toBeVisible();
    if ((await decision.count()) > 0) break;
    const url = page.url();
    await page.getByRole('button', { name: '次の100人' }).click();
    await expect(page).not.toHaveURL(url);
  }
  await expect(decision).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await shoot(page, 'identity-queue', testInfo);
  await decision.getByLabel('有効期限').fill(daysFromToday(365 * 3));
  await decision.getByRole('button', { name: '本人確認の判定を保存' }).click();
  await expect(page.getByText('判定しました：確認済')).toBeVisible();

  // The applicant has left the queue; their page says 確認済.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '本人確認の待ち行列' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /待っています|表示しています|ありません/ })).toBeVisible();
  await expect(page.getByRole('link', { name: company.name })).toHaveCount(0);
  await page.goto(`/backoffice/applicants?q=${encodeURIComponent(company.halfWidthFragment)}`);
  await page.getByRole('link', { name: company.name }).click();
  await expect(page.getByRole('region', { name: '申込者', exact: true })).toContainText('確認済');
});
