import type { Browser, Locator, Page } from '@playwright/test';
import {
  PASSWORD,
  PAYOUT_ACCOUNT,
  completeDraftViaApi,
  daysFromToday,
  definitions,
  expectNoSeriousAxeViolation,
  expectSaved,
  fillPayoutAccount,
  pdfFile,
  readyApplicant,
  submittedEntryViaApi,
  uploadTo,
} from './applicants';
import { expect, test } from './fixtures';
import { siteLink, waitForMail } from './mail';
import { pdfText, squeeze } from './pdf';
import { loginAsStaff, staffOf } from './staff';

/**
 * An entry's whole life across both sides of the counter (issue 11), in one Chromium with two
 * people: the applicant applies; a reviewer confirms the identity and finds the bank statements
 * inadequate; the applicant resubmits only those; the reviewer confirms the documents and prices
 * the claim; an approver (a second person) offers the terms; the applicant reads the breakdown and
 * signs; staff mark it transferred. The applicant's /mypage, detail page and mails show each step.
 * And a cancel journey. Each person has their own browser context (their own cookies).
 */

test.describe.configure({ mode: 'serial' });

async function staffPage(browser: Browser, role: 'reviewer' | 'approver'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await loginAsStaff(page, role);
  return page;
}

async function entryIdOf(page: Page, code: string): Promise<number> {
  const entries = (await (await page.context().request.get('/api/entries/')).json()) as { id: number; code: string }[];
  const entry = entries.find((item) => item.code === code);
  expect(entry, `entry ${code}`).toBeDefined();
  return entry!.id;
}

/** The back office's entry view, waited for (its heading names the entry's code). */
async function openInBackoffice(staff: Page, id: number, code: string) {
  await staff.goto(`/backoffice/entries/${id}`);
  await expect(staff.getByRole('heading', { level: 1, name: `申し込み ${code}` })).toBeVisible();
}

const group = (staff: Page, name: string | RegExp) => staff.getByRole('group', { name });

/**
 * Screenshots of a back-office view for the report (attached to the test's output): at 1280 px and
 * at 375 px, once (in the desktop run; the staff pages keep their own viewport).
 */
async function shoot(staff: Page, name: string, part?: Locator) {
  if (test.info().project.name !== 'desktop') return;
  const size = staff.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 900 });
    const file = test.info().outputPath(`${name}-${width}.png`);
    await (part ?? staff).screenshot({ path: file });
    await test.info().attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
  }
  await staff.setViewportSize(size);
}

test('apply → inadequate → resubmit only that → priced → approved by a second person → signed → transferred', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The applicant applies through the wizard's last step.
  const email = await readyApplicant(page, 'corporate');
  await completeDraftViaApi(page, 'corporate', { payout: false });
  await page.goto('/entry/withdrawal_details');
  // The payout account, typed in the wizard (the bank and branch from the 全銀 suggestions).
  await fillPayoutAccount(page, {
    bank: { typed: 'りそな', option: /^0010 りそな/ },
    branch: { typed: 'とうきょう', option: /^300 東京営業部/ },
    type: '普通',
    number: PAYOUT_ACCOUNT.fields.bank_account_number,
    holder: PAYOUT_ACCOUNT.fields.account_holder_name,
  });
  await expectSaved(page);
  let since = Date.now();
  await page.getByRole('button', { name: 'この内容で申し込む' }).click();
  await expect(page).toHaveURL('/entry/complete');
  const code = ((await page.locator('.entry-complete__code').textContent()) ?? '').trim();
  expect(code).toMatch(/^E-\d{6}$/);
  await waitForMail(email, /お申し込みを受け付けました/, since);
  const id = await entryIdOf(page, code);

  // The reviewer: identity confirmed, the bank statements inadequate with a reason, the rest confirmed.
  const reviewer = await staffPage(browser, 'reviewer');
  await openInBackoffice(reviewer, id, code);
  const identity = reviewer.getByRole('form', { name: '本人確認の判定' });
  await identity.getByLabel('確認済み').check();
  await identity.getByLabel('有効期限').fill(daysFromToday(365 * 3));
  await identity.getByRole('button', { name: '本人確認の判定を保存' }).click();
  await expect(reviewer.getByRole('form', { name: '本人確認の判定' })).toBeHidden();
  const bank = group(reviewer, '入出金明細');
  const reason = '通帳の明細が直近3か月分そろっていません。3か月分を撮影してください。';
  await bank.getByLabel(/不備の理由/).fill(reason);
  await bank.getByRole('button', { name: '不備にする' }).click();
  await expect(bank.getByText(`不備の理由：${reason}`)).toBeVisible();
  await group(reviewer, /^決算書/)
    .getByRole('button', { name: '確認済にする' })
    .click();
  await expect(group(reviewer, /^決算書/).getByText('確認済', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolation(reviewer);
  since = Date.now();
  // Sending back asks nothing more: the applicant can resubmit, nothing is lost.
  await reviewer.getByRole('button', { name: '不備として差し戻す' }).click();
  await expect(reviewer.getByText('書類の不備あり', { exact: true }).first()).toBeVisible();

  // The applicant is told by mail, sees the reason, and sends only the bank statements again.
  const inadequateMail = await waitForMail(email, /書類の再提出のお願い/, since);
  expect(inadequateMail.text).toContain(reason);
  await page.goto('/mypage');
  await expect(page.locator('.mp-entry').filter({ hasText: code })).toContainText('書類の不備あり');
  await page.goto(siteLink(inadequateMail, '/entry/resubmit/'));
  await expect(page).toHaveURL(`/entry/resubmit/${id}`);
  await expect(page.getByText(reason).first()).toBeVisible();
  // Only the inadequate group is asked again: no upload for the invoice or the statements.
  await expect(page.getByRole('region', { name: '入出金明細' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^請求書/ })).toHaveCount(0);
  await expectNoSeriousAxeViolation(page);
  await uploadTo(
    page.getByRole('region', { name: '入出金明細' }),
    '入出金明細の新しいファイル',
    await pdfFile(page, '通帳 3か月分.pdf', '通帳 明細 3か月分'),
  );
  since = Date.now();
  await page.getByRole('button', { name: '再提出する' }).click();
  await expect(page).toHaveURL(`/entry/detail/${id}`);
  await expect(page.getByText('審査中').first()).toBeVisible();
  await waitForMail(email, /再提出の書類を受け付けました/, since);

  // The reviewer confirms every document and prices the claim (the figures shown before saving).
  await openInBackoffice(reviewer, id, code);
  await group(reviewer, '入出金明細').getByRole('button', { name: '確認済にする' }).click();
  await expect(group(reviewer, '入出金明細').getByText('確認済', { exact: true })).toBeVisible();
  const invoice = group(reviewer, /^請求書（請求書1/);
  await invoice.getByRole('button', { name: '確認済にする' }).click();
  await expect(invoice.getByText('確認済', { exact: true })).toBeVisible();
  const terms = reviewer.getByRole('form', { name: '買取条件（株式会社サンプル商事）' });
  await terms.getByLabel('掛目').fill('0.8');
  await terms.getByLabel('手数料率').fill('0.05');
  await terms.getByLabel('振込手数料（円）').fill('660');
  // 1,000,000 × 0.8 = 800,000; fee 40,000; paid 800,000 − 40,000 − 660 = 759,340.
  await expect(terms).toContainText('759,340');
  await terms.getByRole('button', { name: '買取可として保存' }).click();
  await expect(reviewer.getByText(/条件の設定/)).toBeVisible();
  // The reviewer may not offer the terms: that needs an approver, and not the one who priced them.
  await expect(reviewer.getByRole('button', { name: '承認して申込者に提示する' })).toHaveCount(0);

  const approver = await staffPage(browser, 'approver');
  await openInBackoffice(approver, id, code);
  await approver.getByLabel('契約期限（この日まで署名できます）').fill(daysFromToday(7));
  since = Date.now();
  await approver.getByRole('button', { name: '承認して申込者に提示する' }).click();
  // The dialog repeats what is approved: the claim's figures as saved and the total to be paid.
  const approval = approver.getByRole('dialog', { name: '買取条件を承認しますか？' });
  await expect(approval.getByText('請求書1：株式会社サンプル商事')).toBeVisible();
  await expect(approval.getByRole('term')).toHaveText(['額面（税込）', '手数料', '振込手数料', '買取額', '契約期限', 'お振込み額の合計']);
  await expect(approval.getByRole('definition')).toHaveText([
    '1,000,000円',
    '40,000円',
    '660円',
    '759,340円',
    /^\d{4}年\d{1,2}月\d{1,2}日$/,
    '759,340円',
  ]);
  await expectNoSeriousAxeViolation(approver);
  await shoot(approver, 'approve-dialog');
  await approval.getByRole('button', { name: '承認する' }).click();
  await expect(approver.getByText('審査完了・ご契約手続き待ち').first()).toBeVisible();
  await expectNoSeriousAxeViolation(approver);

  // The applicant reads the offer, the full breakdown, and signs.
  const offer = await waitForMail(email, /審査が完了しました/, since);
  expect(offer.text).toContain('759,340');
  await page.goto('/mypage');
  await expect(page.locator('.mp-entry').filter({ hasText: code })).toContainText('審査完了');
  await page.goto(siteLink(offer, '/entry/contract/'));
  await expect(page).toHaveURL(`/entry/contract/${id}`);
  // The agreement, on its own plain page (opened in a new tab from here).
  const [agreement] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: '債権譲渡契約書（新しいタブで開きます）' }).click(),
  ]);
  await expect(agreement).toHaveURL(`/entry/${id}/factoring_service_agreement`);
  await expect(agreement.getByRole('heading', { level: 1 })).toContainText('債権譲渡契約書');
  await expect(agreement.getByText(code).first()).toBeVisible();
  await expectNoSeriousAxeViolation(agreement);
  await agreement.close();
  for (const figure of ['1,000,000', '800,000', '40,000', '660', '759,340']) await expect(page.getByText(figure).first()).toBeVisible();
  // お振込み先, masked, above 契約する: the account the applicant entered in the wizard.
  const payout = page.getByRole('region', { name: 'お振込み先' });
  await expect(payout.getByRole('definition')).toHaveText([...PAYOUT_ACCOUNT.rows]);
  await expect(payout).not.toContainText(PAYOUT_ACCOUNT.fields.bank_account_number);
  const [payoutBox, signBox] = [await payout.boundingBox(), await page.getByRole('button', { name: '契約する' }).boundingBox()];
  expect(payoutBox!.y).toBeLessThan(signBox!.y);
  // ご契約者: the party the approval fixed (issue 23) — the corporation, its representative and office, as the PDF prints them.
  const party = page.getByRole('region', { name: 'ご契約者' });
  await expect(party.getByRole('term')).toHaveText(['契約者', '代表者', '所在地']);
  await expect(party.getByRole('definition')).toHaveText(['株式会社ツムギ商事', '山田 太郎', '〒100-0001 東京都 千代田区千代田1-1']);
  await expectNoSeriousAxeViolation(page);
  await page.getByRole('button', { name: '契約する' }).click();
  // Consent first: without it nothing is signed.
  await expect(page).toHaveURL(`/entry/contract/${id}`);
  await page.getByRole('checkbox', { name: /同意します/ }).check();
  since = Date.now();
  await page.getByRole('button', { name: '契約する' }).click();
  await expect(page).toHaveURL('/entry/contract/complete');
  await expect(page.getByTestId('payout-account-line')).toHaveText(PAYOUT_ACCOUNT.masked);
  await expectNoSeriousAxeViolation(page);
  await waitForMail(email, /ご契約ありがとうございます/, since);

  // The signed contract is a PDF for the applicant and for staff.
  const pdf = await page.context().request.get(`/api/entries/${id}/contract/document/`);
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const contractText = await pdfText(await pdf.body());
  expect(contractText).toContain(squeeze(`譲渡代金の振込先${PAYOUT_ACCOUNT.masked}`));
  // The party the page showed is the party the contract names.
  for (const shown of ['株式会社ツムギ商事', '山田 太郎', '千代田区千代田1-1']) expect(contractText).toContain(squeeze(shown));

  // Staff mark the purchase price paid; the applicant is told money is coming.
  await openInBackoffice(reviewer, id, code);
  await expect(reviewer.getByRole('link', { name: '署名済みの契約書（PDF）をダウンロード' })).toBeVisible();
  // The entry's account, masked like everywhere (the whole number only when asked for).
  await expect(reviewer.getByRole('region', { name: '振込先口座' }).getByRole('definition')).toHaveText([...PAYOUT_ACCOUNT.rows]);
  since = Date.now();
  await reviewer.getByRole('button', { name: '入金済みにする' }).click();
  // The 入金 confirmation names the amount and, beside it, the same masked account.
  const transfer = reviewer.getByRole('dialog', { name: '買取金額の入金を記録しますか？' });
  await expect(transfer.getByRole('definition')).toHaveText(['759,340円', ...PAYOUT_ACCOUNT.rows]);
  await expectNoSeriousAxeViolation(reviewer);
  await transfer.getByRole('button', { name: 'キャンセル' }).click();

  // Before the money goes out, the applicant changes the payout account of the signed entry: the
  // password again, a mail with both accounts masked, and the payout held until staff confirm it.
  await page.goto(`/entry/detail/${id}`);
  const payoutOnDetail = page.getByRole('region', { name: 'お振込み先' });
  await expect(payoutOnDetail.getByRole('definition')).toHaveText([...PAYOUT_ACCOUNT.rows]);
  await payoutOnDetail.getByRole('button', { name: '振込先口座を変更する' }).click();
  const changeForm = payoutOnDetail.getByRole('form', { name: '振込先口座の変更' });
  await changeForm.getByRole('combobox', { name: /金融機関名/ }).fill('みずほ');
  await page.getByRole('option', { name: /^0001 みずほ/ }).click();
  await changeForm.getByRole('combobox', { name: /支店名/ }).fill('渋谷');
  await page.getByRole('option', { name: /渋谷/ }).first().click();
  await changeForm.getByRole('radio', { name: '当座', exact: true }).check();
  await changeForm.getByLabel(/^口座番号/).fill('7654321');
  await changeForm.getByLabel(/^口座名義/).fill('ｶ)ｲｰﾂｰｲｰｼｮｳｼﾞ');
  // (A wrong password: 400 on the field — payout-account.test.ts and the page's unit test.)
  await changeForm
    .getByLabel(/^パスワード/)
    .first()
    .fill(PASSWORD);
  since = Date.now();
  await changeForm.getByRole('button', { name: '振込先口座を変更する' }).click();
  await expect(payoutOnDetail.getByText(/^振込先口座を変更しました。振込先口座の変更を確認しています。/)).toBeVisible();
  await expect(payoutOnDetail.getByRole('definition').nth(3)).toHaveText('****321（下3桁のみ表示）');
  const changedRows = await definitions(payoutOnDetail);
  expect(changedRows.slice(2, 4)).toEqual(['当座', '****321（下3桁のみ表示）']);
  await expectNoSeriousAxeViolation(page);
  const changedMail = await waitForMail(email, /お申し込みの振込先口座を変更しました/, since);
  expect(changedMail.text).toContain(`変更前の口座: ${PAYOUT_ACCOUNT.masked}`);
  expect(changedMail.text).toMatch(/変更後の口座: みずほ \S+ 当座 \*\*\*\*321 カ）イーツーイーショウジ/);

  // Staff: the banner, 入金 refused until someone confirms the new account, then the payout to it.
  await openInBackoffice(reviewer, id, code);
  const hold = reviewer.getByTestId('bo-payout-hold');
  await expect(hold).toContainText(`変更前：${PAYOUT_ACCOUNT.masked}`);
  await expect(reviewer.getByRole('button', { name: '入金済みにする' })).toBeDisabled();
  await expectNoSeriousAxeViolation(reviewer);
  await hold.getByRole('button', { name: '変更後の口座を確認した' }).click();
  await reviewer.getByRole('dialog', { name: '変更後の振込先口座を確認しましたか？' }).getByRole('button', { name: '確認した' }).click();
  await expect(reviewer.getByTestId('bo-payout-hold')).toHaveCount(0);
  since = Date.now();
  await reviewer.getByRole('button', { name: '入金済みにする' }).click();
  const transferToNew = reviewer.getByRole('dialog', { name: '買取金額の入金を記録しますか？' });
  await expect(transferToNew.getByRole('definition')).toHaveText(['759,340円', ...changedRows]);
  await transferToNew.getByRole('button', { name: '入金済みにする' }).click();
  await expect(reviewer.getByText('お振込み済み').first()).toBeVisible();
  const paid = await waitForMail(email, /買取代金をお振込みしました/, since);
  expect(paid.text).toContain('759,340');
  expect(paid.text).toMatch(/お振込み先: みずほ \S+ 当座 \*\*\*\*321 カ）イーツーイーショウジ/);
  expect(paid.text).not.toContain('7654321');

  // Every step on the applicant's side: the detail page's timeline and /mypage.
  await page.goto(`/entry/detail/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('お振込み済み').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /契約書.*PDF/ })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await page.goto('/mypage');
  await expect(page.locator('.mp-entry').filter({ hasText: code })).toContainText('お振込み済み');

  // The history names who did what.
  await openInBackoffice(reviewer, id, code);
  const history = reviewer.getByRole('region', { name: '履歴（監査ログ）' }).first();
  for (const event of ['買取条件の承認', '振込先口座の変更（入金保留）', '変更後の振込先口座の確認', '入金'])
    await expect(history).toContainText(event);
  await expect(history).toContainText(staffOf(approver.context()).name);
  // In words: which document each decision was about and what changed; never a record's JSON, key or status code.
  for (const words of [
    /本人確認の判定：本人確認書類/,
    '書類の判定：入出金明細',
    `差し戻しの理由「${reason}」`,
    '書類の判定：決算書・確定申告書など',
    '書類の判定：請求書1 株式会社サンプル商事宛の請求書',
    '判定 確認中 → 確認済',
    '買取可否の判定：請求書1 株式会社サンプル商事宛',
    '買取額 759,340円',
    '状態 審査中 → 審査完了・ご契約手続き待ち',
  ])
    await expect(history).toContainText(words);
  const historyText = (await history.textContent()) ?? '';
  expect(historyText).not.toMatch(/[{}[\]"]|[a-z]_[a-z]|entry\.|claim\.|: \d|：\d/);
  await expect(history.getByText(/記録の詳細/)).toHaveCount(0); // the stored record is for admins only
  await shoot(reviewer, 'history', history);
  await reviewer.context().close();
  await approver.context().close();
});

test('cancel: the applicant cancels an entry under review after confirming; staff see it ended', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = await readyApplicant(page, 'individual');
  const { code } = await submittedEntryViaApi(page, 'individual');
  const id = await entryIdOf(page, code);
  await page.goto(`/entry/detail/${id}`);
  await page.getByRole('button', { name: 'お申し込みを取り消す' }).click();
  const dialog = page.getByRole('dialog', { name: 'お申し込みを取り消しますか？' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  // Changing one's mind keeps the entry.
  await dialog.getByRole('button', { name: '戻る' }).click();
  await expect(dialog).toBeHidden();
  const since = Date.now();
  await page.getByRole('button', { name: 'お申し込みを取り消す' }).click();
  await page.getByRole('dialog', { name: 'お申し込みを取り消しますか？' }).getByRole('button', { name: '取り消す' }).click();
  await expect(page).toHaveURL('/entry/cancel/complete');
  await expectNoSeriousAxeViolation(page);
  await waitForMail(email, /お申し込みを取り消しました/, since);
  await page.goto(`/entry/detail/${id}`);
  await expect(page.getByText('終了').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'お申し込みを取り消す' })).toHaveCount(0);

  // Cancelling again is refused by the API too (the transition table).
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const again = await page.context().request.post(`/api/entries/${id}/cancel/`, { headers: { 'X-CSRFToken': csrf } });
  expect(again.status()).toBe(409);

  const reviewer = await staffPage(browser, 'reviewer');
  await openInBackoffice(reviewer, id, code);
  await expect(reviewer.getByText('終了').first()).toBeVisible();
  await expect(reviewer.getByRole('button', { name: '不備として差し戻す' })).toHaveCount(0);
  await reviewer.context().close();
});
