import { MESSAGES, NEW_ENTRY_BLOCK_MESSAGES } from '@app/contracts/domain';
import { test, expect, failedResponse, type Page } from './fixtures';
import {
  call,
  completeDraftViaApi,
  expectNoSeriousAxeViolation,
  expectSaved,
  field,
  pdfFile,
  readyApplicant,
  submittedEntryViaApi,
  uploadedFile,
  uploadField,
  uploadTo,
} from './applicants';

/**
 * Issue #10's rules as the applicant meets them in the entry wizard (production build, real API):
 * a validation error only the server can find shows on its field; a 6th claim shows the 599 page
 * and nothing typed is lost; a second new entry is refused while the first is under review, with
 * the reason. The drafts these start from are made through the API (applicants.ts); the journeys
 * themselves are entry-wizard.spec.ts, the keyboard one entry-wizard-keyboard.spec.ts. Desktop and
 * a 375 px phone (playwright.config.ts).
 */
test.describe.configure({ timeout: 60_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const errorSummary = (page: Page) => page.locator('.error-summary');

test.describe('a validation error only the server finds', () => {
  test.use({
    expectedConsoleErrors: {
      'the invoice was deleted behind the page: POST /api/entries/ answers 400': failedResponse(400, '/api/entries/'),
    },
  });

  test('the invoice file deleted elsewhere: the submit is refused, the message links to the invoice field and shows there; a new upload fixes it', async ({
    page,
  }) => {
    await readyApplicant(page, 'corporate');
    const { invoice } = await completeDraftViaApi(page, 'corporate');
    await page.goto('/entry/withdrawal_details');
    await expect(heading(page)).toHaveText('入出金明細の提出');
    await expect(page.getByText('準備完了', { exact: true })).toBeVisible();

    // Every client check passes; but the file is gone (deleted from another tab, through the API): only the server knows.
    await call(page.context(), 'DELETE', `/api/uploads/${invoice.id}/`);
    await page.getByRole('button', { name: 'この内容で申し込む' }).click();
    const message = `ファイル "${invoice.id}" が見つかりません。`;
    await expect(errorSummary(page)).toContainText(MESSAGES.checkFieldErrors);
    await expect(errorSummary(page)).toBeFocused();
    const link = errorSummary(page).getByRole('link', { name: `請求書：請求書 1：請求書のファイル — ${message}` });
    await expect(link).toBeVisible();
    await expect(page).toHaveURL('/entry/withdrawal_details');
    await expectNoSeriousAxeViolation(page);

    // The link opens the invoice step with the field focused, the message under it.
    await link.click();
    await expect(page).toHaveURL('/entry/entry_invoice');
    const slot = page.locator('[data-field="claims.0.contentfile_relations"]');
    await expect(slot.locator('.field__error')).toHaveText(message);
    await expect(slot.locator('input[type=file]').first()).toBeFocused();
    await expectNoSeriousAxeViolation(page);

    // The missing file is no longer listed (the draft no longer holds it); a new invoice replaces it and clears the message.
    const section = page.getByRole('region', { name: '請求書 1' });
    await expect(uploadedFile(uploadField(section, '請求書'), invoice.name)).toHaveCount(0);
    await expectSaved(page);
    await uploadTo(section, '請求書', await pdfFile(page, '請求書 再発行.pdf', '請求書（再発行）'));
    await expect(slot.locator('.field__error')).toHaveCount(0);
    await expectSaved(page);

    // And the entry is made with it.
    await page.goto('/entry/withdrawal_details');
    await page.getByRole('button', { name: 'この内容で申し込む' }).click();
    await expect(page).toHaveURL('/entry/complete');
    const [entry] = (await (await page.context().request.get('/api/entries/')).json()) as {
      claims: { contentfiles: { name: string }[] }[];
    }[];
    expect(entry?.claims[0]?.contentfiles.map((file) => file.name)).toEqual(['請求書 再発行.pdf']);
  });
});

test('a 6th claim shows the 599 page with 「申し込みに登録できる請求書は5個までです。」; back, the five claims and everything typed are there, also after a reload', async ({
  page,
}) => {
  await readyApplicant(page, 'corporate');
  await page.goto('/entry/entry_invoice');
  await expect(heading(page)).toHaveText('請求書の登録');
  const add = page.getByRole('button', { name: '＋ 請求書を追加する' });
  const typed = [1, 2, 3, 4, 5].map((n) => ({ obliger: `見本商店 ${n}号`, amount: `${n}0万`, shown: `${n}00,000` }));
  for (const [index, claim] of typed.entries()) {
    if (index > 0) {
      await add.click();
      // A new claim is announced by its heading, which gets the focus.
      await expect(page.getByRole('heading', { name: `請求書 ${index + 1}` })).toBeFocused();
    }
    await field(page, `claims.${index}.obliger_company_name`).fill(claim.obliger);
    await field(page, `claims.${index}.amount`).fill(claim.amount);
  }
  await expect(page.getByText('登録中の請求書: 5件（5件まで）')).toBeVisible();

  await add.click();
  const limit = page.locator('[data-error-status="599"]');
  await expect(limit).toBeVisible();
  await expect(limit.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(limit).toContainText('599');
  await expect(limit.getByText(MESSAGES.tooManyClaims, { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/entry/entry_invoice');
  await expectNoSeriousAxeViolation(page);

  await page.getByRole('button', { name: '登録中の請求書に戻る' }).click();
  const expectAllFive = async () => {
    await expect(page.getByRole('region', { name: /^請求書 \d$/ })).toHaveCount(5);
    for (const [index, claim] of typed.entries()) {
      await expect(field(page, `claims.${index}.obliger_company_name`)).toHaveValue(claim.obliger);
      await expect(field(page, `claims.${index}.amount`)).toHaveValue(claim.shown);
    }
    await expect(page.getByText('登録中の請求書: 5件（5件まで）')).toBeVisible();
  };
  await expectAllFive();
  await expectSaved(page);
  await page.reload();
  await expect(heading(page)).toHaveText('請求書の登録');
  await expectAllFive();
});

test.describe('a second new entry', () => {
  test.use({
    expectedConsoleErrors: {
      'the new-entry conditions of §4 refuse it: POST /api/entries/ answers 400': failedResponse(400, '/api/entries/'),
    },
  });

  test('is refused while the first is under review: /mypage shows the reason instead of the button, and a submit shows it too', async ({
    page,
  }) => {
    await readyApplicant(page, 'corporate');
    const first = await submittedEntryViaApi(page, 'corporate');

    await page.goto('/mypage');
    await expect(page.locator('.mp-entry').filter({ hasText: `申込番号 ${first.code}` })).toContainText('審査中');
    const newEntry = page.locator('[data-step="newEntry"]');
    await expect(newEntry).toHaveAttribute('data-state', 'blocked');
    await expect(newEntry).toContainText('お手続き中');
    await expect(newEntry).toContainText(NEW_ENTRY_BLOCK_MESSAGES.entryInProgress);
    await expect(page.getByRole('link', { name: '新規申し込みをはじめる' })).toHaveCount(0);
    await expectNoSeriousAxeViolation(page);

    // A draft can still be prepared (the documents are with us from the first entry); the submit is refused with the reason.
    await completeDraftViaApi(page, 'corporate', { withDocuments: false });
    await page.goto('/entry/withdrawal_details');
    await expect(heading(page)).toHaveText('入出金明細の提出');
    await expect(page.getByText('入出金明細はすでにお預かりしています。')).toBeVisible();
    await page.getByRole('button', { name: 'この内容で申し込む' }).click();
    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(MESSAGES.entrySubmitFailed);
    await expect(summary).toContainText(NEW_ENTRY_BLOCK_MESSAGES.entryInProgress);
    await expect(page).toHaveURL('/entry/withdrawal_details');
    await expectNoSeriousAxeViolation(page);
    const entries = (await (await page.context().request.get('/api/entries/')).json()) as { code: string }[];
    expect(entries.map((entry) => entry.code)).toEqual([first.code]);
  });
});
