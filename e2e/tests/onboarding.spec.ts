import type { Page } from '@playwright/test';
import { test, expect, failedResponse } from './fixtures';
import { siteLink, waitForMail } from './mail';
import {
  ACCEPTED_PRE_ENTRY,
  PASSWORD,
  call,
  documentPhoto,
  expectNoSeriousAxeViolation,
  field,
  loggedInApplicant,
  uniqueEmail,
} from './applicants';

/**
 * Issue #9's journey: a new applicant answers the pre-entry screening, fills the profile (postal
 * code → address), uploads the identity document's front and back (with previews; a renamed .exe
 * is refused and the other file stays), and /mypage shows 確認中 and the next step. Also: the
 * declined path, a reload mid-profile, two tabs saving the profile (409), the individual variant.
 * Runs on desktop and on a 375 px phone (playwright.config.ts).
 */
test.describe.configure({ timeout: 120_000 });

async function answerPreEntry(page: Page, answers: Record<string, string>) {
  await page.goto('/register/pre_entry');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('お申し込み前の確認');
  await expectNoSeriousAxeViolation(page);
  for (const [question, choice] of Object.entries(answers)) await page.locator(`input[name="${question}"][value="${choice}"]`).check();
  await page.getByRole('button', { name: '回答を送信する' }).click();
}

test.describe('a corporate applicant', () => {
  test.use({
    expectedConsoleErrors: {
      'the renamed .exe: POST /api/uploads/ answers 400': failedResponse(400, '/api/uploads/'),
    },
  });

  test('pre-entry accepted → profile with postal fill → identity front and back with previews → /mypage shows 確認中 and the next step', async ({
    page,
  }) => {
    await loggedInApplicant(page, 'corporate');
    await answerPreEntry(page, ACCEPTED_PRE_ENTRY);
    await expect(page).toHaveURL('/register/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('基本情報の登録');

    // Postal code → 都道府県 and 市区町村, still editable.
    await field(page, 'office_zipcode').fill('１００－０００１');
    await expect(field(page, 'office_prefecture')).toHaveValue('東京都');
    await expect(field(page, 'office_city')).toHaveValue('千代田区千代田');
    await field(page, 'office_city').fill('千代田区千代田1-1');
    await field(page, 'office_phone').fill('03-1234-5678');
    await page.getByRole('button', { name: '代表者の住所に会社の住所をコピーする' }).click();
    await expect(field(page, 'owner_city')).toHaveValue('千代田区千代田1-1');
    await field(page, 'owner_phone').fill('０９０１２３４５６７８');
    await page.getByRole('button', { name: '保存して次へ' }).click();
    await expect(page.getByText('登録情報を保存しました')).toBeVisible();

    // Identity: 運転免許証 needs front and back.
    const identity = page.locator('#identity');
    await identity.getByRole('radio', { name: '運転免許証' }).check();
    const back = identity.locator('input[type=file]').nth(1);
    // A Windows program renamed .png is refused by its bytes; nothing is stored.
    await back.setInputFiles({
      name: 'license-back.png',
      mimeType: 'image/png',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00 This program cannot be run in DOS mode.'),
    });
    await expect(identity.getByText('アップロードエラー')).toBeVisible();
    await expectNoSeriousAxeViolation(page);
    await identity
      .locator('input[type=file]')
      .nth(0)
      .setInputFiles({ name: '免許証 表.jpg', mimeType: 'image/jpeg', buffer: await documentPhoto(page, '運転免許証 表') });
    await expect(identity.getByText('免許証 表.jpg', { exact: true })).toBeVisible();
    await expect(identity.locator('img[src*="/api/uploads/"]')).toHaveCount(1);
    await back.setInputFiles({ name: '免許証 裏.jpg', mimeType: 'image/jpeg', buffer: await documentPhoto(page, '運転免許証 裏') });
    await expect(identity.getByText('免許証 裏.jpg', { exact: true })).toBeVisible();
    // The refused file did not take the other one with it.
    await expect(identity.getByText('免許証 表.jpg', { exact: true })).toBeVisible();
    await expect(identity.locator('img[src*="/api/uploads/"]')).toHaveCount(2);
    for (const img of await identity.locator('img[src*="/api/uploads/"]').all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    await identity.getByRole('button', { name: '本人確認書類を提出する' }).click();

    await expect(page).toHaveURL('/mypage');
    // The checklist: pre-entry and profile done, identity 確認中, the new entry is the next step.
    await expect(page.locator('[data-step="preEntry"]')).toHaveAttribute('data-state', 'done');
    await expect(page.locator('[data-step="profile"]')).toHaveAttribute('data-state', 'done');
    await expect(page.locator('[data-step="identity"]')).toContainText('確認中');
    await expect(page.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'newEntry');
    await expectNoSeriousAxeViolation(page);
    const me = (await (await call(page.context(), 'POST', '/api/me/', {})).json()) as {
      identity_confirmation: number;
      has_satisfied_profile: boolean;
      owner_phone: string;
    };
    expect(me).toMatchObject({ identity_confirmation: 1, has_satisfied_profile: true, owner_phone: '090-1234-5678' });
  });
});

test('pre-entry declined → the result explains why and what to do instead; the guard keeps sending there', async ({ page }) => {
  await loggedInApplicant(page, 'corporate');
  await answerPreEntry(page, { ...ACCEPTED_PRE_ENTRY, bank_transfer: 'no' });
  await expect(page).toHaveURL('/pre_entry/result');
  await expect(page.getByText(/手形・小切手・現金・相殺などで支払われる請求書はお取り扱いしておりません/)).toBeVisible();
  await expect(page.getByText(/銀行振込で支払われる請求書がある場合は/)).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await page.goto('/register/pre_entry');
  await expect(page).toHaveURL('/pre_entry/result');
});

test('a reload mid-profile keeps what was typed', async ({ page }) => {
  await loggedInApplicant(page, 'corporate');
  await page.goto('/register/profile');
  await field(page, 'office_city').fill('港区芝公園4-2-8');
  await field(page, 'owner_phone').fill('090-1111-2222');
  await page.reload();
  await expect(field(page, 'office_city')).toHaveValue('港区芝公園4-2-8');
  await expect(field(page, 'owner_phone')).toHaveValue('090-1111-2222');
  await expect(page.getByText('前回保存されていない入力内容を復元しました。内容を確認して保存してください。')).toBeVisible();
});

test.describe('two tabs', () => {
  test.use({
    expectedConsoleErrors: { 'the stale tab saves: PATCH /api/profile/ answers 409': failedResponse(409, '/api/profile/') },
  });

  test('two tabs editing the profile → 409 with the message, nothing typed lost, then saved on top', async ({ page }) => {
    await loggedInApplicant(page, 'corporate');
    const other = await page.context().newPage();
    await page.goto('/profile');
    await other.goto('/profile');
    await field(other, 'business_summary').fill('店舗の内装工事');
    await other.getByRole('button', { name: '変更を保存する' }).click();
    await expect(other.getByText('登録情報を保存しました')).toBeVisible();

    await field(page, 'office_building_number').fill('ツムギビル 5階');
    await page.getByRole('button', { name: '変更を保存する' }).click();
    const conflict = page.getByTestId('profile-conflict');
    await expect(conflict).toContainText('ほかの画面または端末で内容が更新されています');
    await expect(conflict).toContainText('事業内容: 店舗の内装工事');
    await expect(field(page, 'office_building_number')).toHaveValue('ツムギビル 5階');
    await expectNoSeriousAxeViolation(page);
    await conflict.getByRole('button', { name: '自分の入力内容で保存する' }).click();
    await expect(page.getByText('登録情報を保存しました')).toBeVisible();
    const profile = (await (await page.context().request.get('/api/profile/')).json()) as Record<string, string>;
    expect(profile).toMatchObject({ office_building_number: 'ツムギビル 5階', business_summary: '店舗の内装工事' });
  });
});

test('an individual applicant sees the individual variant', async ({ page }) => {
  await loggedInApplicant(page, 'individual');
  await page.goto('/register/profile');
  await expect(page.getByRole('group', { name: 'ご本人（事業主）の情報' })).toBeVisible();
  await expect(page.getByText('会社の情報')).toHaveCount(0);
  await expect(field(page, 'company_name')).toHaveCount(0);
  await expect(page.getByText('個人事業主', { exact: true })).toBeVisible();
});

test('mail change from /profile: a link to the new address, confirmed on /profile/mail/change/done, then the new address logs in', async ({
  page,
}) => {
  const email = await loggedInApplicant(page, 'corporate');
  const newEmail = uniqueEmail('changed');
  await page.goto('/profile');
  await field(page, 'new_email').fill(newEmail);
  await field(page, 'mail_change_password').fill(PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: '確認メールを送る' }).click();
  await expect(page.getByRole('status').filter({ hasText: '確認メールを送信しました' })).toBeVisible();
  const mail = await waitForMail(newEmail, /新しいメールアドレス/, since);
  await page.goto(siteLink(mail, '/profile/mail/change/done'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('メールアドレスを変更しました');
  await expectNoSeriousAxeViolation(page);
  await waitForMail(email, /メールアドレスを変更しました/, since);
  await call(page.context(), 'POST', '/api/auth/session/delete', {});
  await call(page.context(), 'POST', '/api/me/', {});
  await call(page.context(), 'POST', '/api/auth/', { email: newEmail, password: PASSWORD, persistLoginState: false });
});
