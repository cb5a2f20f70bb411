import type { Locator } from '@playwright/test';
import { test, expect, type Page } from './fixtures';
import {
  completeDraftViaApi,
  daysFromToday,
  expectSaved,
  field,
  jpegFile,
  pdfFile,
  readyApplicant,
  uploadedFile,
  uploadField,
  type FileToUpload,
} from './applicants';

/**
 * Issue #10: the wizard is usable with the keyboard only. From a draft with one complete claim (made
 * through the API), everything is done with `page.keyboard` — Tab, Shift+Tab, Enter, Space, the arrow
 * keys and typing: add a claim, be sent to its first missing field by 「次へ」, fill it (the 法人番号
 * and 全銀 comboboxes with ↓ and Enter, the date with ↑), upload its invoice (Space on the file input
 * opens the chooser; the test answers the chooser as the OS dialog would), move to 決算書 and 入出金明細,
 * fill those, and submit. Where the focus lands is asserted at each turn. Desktop and phone.
 */
test.describe.configure({ timeout: 60_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 120) {
  await expect(target).toHaveCount(1);
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with at most ${max} × ${key}`).toBeFocused({ timeout: 1 });
}

/** Tabs to the upload field's file input, where Space opens the file chooser; the file is chosen there and uploaded. */
async function uploadWithKeyboard(page: Page, upload: Locator, file: FileToUpload) {
  const input = upload.locator('input[type=file]');
  await tabTo(page, input);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(file);
  await expect(uploadedFile(upload, file.name)).toBeVisible();
  // The focus stays on the input (the next file can be chosen the same way).
  await expect(input).toBeFocused();
}

/** Types into a combobox, waits for the suggestion, moves to it with ↓ and takes it with Enter. */
async function pickWithArrows(page: Page, input: Locator, typed: string, option: RegExp, presses = 1) {
  await expect(input).toBeFocused();
  await page.keyboard.type(typed);
  // The search of the whole text has answered (no 検索中…), so ↓ moves in the list that stays.
  await expect(input.locator('xpath=following-sibling::span[contains(@class, "picker__busy")]')).toHaveCount(0);
  await expect(page.getByRole('option', { name: option })).toBeVisible();
  for (let i = 0; i < presses; i++) await page.keyboard.press('ArrowDown');
  const active = page.getByRole('option', { name: option });
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('keyboard only: add and fill a claim (comboboxes with ↓ + Enter), the financial statements and an account, moving between steps, then submit', async ({
  page,
}) => {
  await readyApplicant(page, 'corporate');
  await completeDraftViaApi(page, 'corporate', { withDocuments: false });
  const invoice = await pdfFile(page, '請求書 キーボード.pdf', '請求書');
  const statements = {
    pl: await pdfFile(page, '損益計算書.pdf'),
    bs: await pdfFile(page, '貸借対照表.pdf'),
    breakdown: await pdfFile(page, '勘定科目内訳明細書.pdf'),
  };
  const ibInfo = await jpegFile(page, '口座情報 画面.jpg', 'ゆうちょダイレクト');
  const ibDetails = await pdfFile(page, '入出金明細 10月.pdf', '入出金明細');

  await page.goto('/entry/entry_invoice');
  await expect(heading(page)).toHaveText('請求書の登録');
  await expect(field(page, 'claims.0.obliger_company_name')).toHaveValue('株式会社サンプル商事');

  // Add a claim: its heading takes the focus.
  await tabTo(page, page.getByRole('button', { name: '＋ 請求書を追加する' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '請求書 2' })).toBeFocused();
  await expect(page.getByText('登録中の請求書: 2件（5件まで）')).toBeVisible();

  // 「次へ」 with the new claim empty: the focus goes to its first missing field.
  await tabTo(page, page.getByRole('button', { name: '次へ進む（決算書）' }));
  await page.keyboard.press('Enter');
  const obliger = field(page, 'claims.1.obliger_company_name');
  await expect(obliger).toBeFocused();
  await expect(page).toHaveURL('/entry/entry_invoice');
  await expect(page.locator('.error-summary')).toContainText('請求書 2：売掛先の会社名');

  await pickWithArrows(page, obliger, 'サンプル物産', /サンプル物産株式会社/);
  await expect(obliger).toHaveValue('サンプル物産株式会社');
  await expect(obliger).toBeFocused();
  await expect(page.getByRole('region', { name: '請求書 2' }).getByText('6999901000002', { exact: true })).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(field(page, 'claims.1.amount')).toBeFocused();
  await page.keyboard.type('30万');
  await page.keyboard.press('Tab');
  await expect(field(page, 'claims.1.scheduled_deposit_amount_from_obliger')).toBeFocused();
  await page.keyboard.type('３０００００');
  await expect(field(page, 'claims.1.amount')).toHaveValue('300,000');

  // The date: ↑ on each of its parts (month, day, year in any order), twice — a day in the next year.
  await page.keyboard.press('Tab');
  const date = field(page, 'claims.1.obliger_payment_date');
  await expect(date).toBeFocused();
  await expect(field(page, 'claims.1.scheduled_deposit_amount_from_obliger')).toHaveValue('300,000');
  for (let part = 0; part < 3; part++) {
    if (part > 0) await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
  }
  await expect(date).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  expect((await date.inputValue()) > daysFromToday(0)).toBe(true);

  const claim = page.getByRole('region', { name: '請求書 2' });
  const fixedDebt = claim.getByRole('checkbox', { name: /確定債権/ });
  await tabTo(page, fixedDebt);
  await page.keyboard.press('Space');
  await expect(fixedDebt).toBeChecked();
  await page.keyboard.press('Tab');
  const bankTransfer = claim.getByRole('checkbox', { name: '売掛先からは銀行振込で支払われます' });
  await expect(bankTransfer).toBeFocused();
  await page.keyboard.press('Space');
  await expect(bankTransfer).toBeChecked();

  // The 全銀 combobox: ↓ and Enter choose the bank, the focus moves on to the branch.
  await page.keyboard.press('Tab');
  const bank = field(page, 'claims.1.receive_payment_account.bank_name');
  const branch = field(page, 'claims.1.receive_payment_account.branch_name');
  await pickWithArrows(page, bank, 'みずほ', /^0001 みずほ/);
  await expect(bank).toHaveValue('みずほ');
  await expect(branch).toBeFocused();
  await pickWithArrows(page, branch, 'しぶや', /^210 渋谷/);
  await expect(branch).toHaveValue('渋谷');

  await page.keyboard.press('Tab');
  const ordinary = claim.getByRole('radio', { name: '普通' });
  await expect(ordinary).toBeFocused();
  await page.keyboard.press('Space');
  await expect(ordinary).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(field(page, 'claims.1.receive_payment_account.bank_account_number')).toBeFocused();
  await page.keyboard.type('1112223');
  await page.keyboard.press('Tab');
  const holder = field(page, 'claims.1.receive_payment_account.obliger_accounts.0.holder_name');
  await expect(holder).toBeFocused();
  await page.keyboard.type('さんぷるぶっさん');
  await page.keyboard.press('Tab');
  await expect(claim.getByRole('button', { name: '＋ 振込名義を追加（名義が複数ある場合）' })).toBeFocused();
  await expect(holder).toHaveValue('サンプルブッサン');
  // Shift+Tab goes back to the name, Tab forward again.
  await page.keyboard.press('Shift+Tab');
  await expect(holder).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(uploadField(claim, '請求書').locator('input[type=file]')).toBeFocused();
  await uploadWithKeyboard(page, uploadField(claim, '請求書'), invoice);
  await expectSaved(page);

  await tabTo(page, page.getByRole('button', { name: '次へ進む（決算書）' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/entry');
  await expect(heading(page)).toHaveText('決算書の提出');

  // 決算書: Space chooses 提出できる; without the SG&A breakdown; three files through the chooser.
  const canSubmit = page.getByRole('radio', { name: /^提出できる/ });
  await tabTo(page, canSubmit);
  await page.keyboard.press('Space');
  await expect(canSubmit).toBeChecked();
  const noSga = page.getByRole('checkbox', { name: /販売費及び一般管理費内訳書がない/ });
  await tabTo(page, noSga);
  await page.keyboard.press('Space');
  await expect(noSga).toBeChecked();
  const files = page.getByRole('region', { name: 'ファイルのアップロード' });
  for (const [label, file] of [
    ['損益計算書', statements.pl],
    ['貸借対照表', statements.bs],
    ['勘定科目内訳明細書', statements.breakdown],
  ] as const) {
    await uploadWithKeyboard(page, uploadField(files, label), file);
  }
  await tabTo(page, page.getByRole('button', { name: '次へ進む（入出金明細）' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/entry/withdrawal_details');
  await expect(heading(page)).toHaveText('入出金明細の提出');

  // 入出金明細: the bank by its half-width kana, the branch by its code; ↓ in the format group picks internet banking.
  await tabTo(page, field(page, 'banks.0.bank_name'));
  await pickWithArrows(page, field(page, 'banks.0.bank_name'), 'ﾕｳﾁｮ', /^9900 ゆうちょ/);
  await expect(field(page, 'banks.0.branch_name')).toBeFocused();
  await pickWithArrows(page, field(page, 'banks.0.branch_name'), '018', /^018 〇一八/);
  await page.keyboard.press('Tab');
  await expect(field(page, 'banks.0.bank_account_number')).toBeFocused();
  await page.keyboard.type('２３４５６７８');
  await page.keyboard.press('Tab');
  const account = page.getByRole('region', { name: '口座 1' });
  await expect(account.getByRole('radio', { name: /^通帳（紙）/ })).toBeFocused();
  await expect(field(page, 'banks.0.bank_account_number')).toHaveValue('2345678');
  await page.keyboard.press('ArrowDown');
  const ib = account.getByRole('radio', { name: /^インターネットバンキング/ });
  await expect(ib).toBeFocused();
  await expect(ib).toBeChecked();
  for (const [label, file] of [
    ['口座情報の画面', ibInfo],
    ['入出金明細', ibDetails],
  ] as const) {
    await uploadWithKeyboard(page, uploadField(account, label), file);
  }
  await expect(account.getByText('準備完了', { exact: true })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'この内容で申し込む' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/entry/complete');
  await expect(heading(page)).toHaveText('お申し込みを受け付けました');
  await tabTo(page, page.getByRole('link', { name: 'マイページへ' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/mypage');
  await expect(page.locator('.mp-entry')).toContainText('審査中');
  const [entry] = (await (await page.context().request.get('/api/entries/')).json()) as {
    claims: { obliger_company_name: string; amount: string; receive_payment_account: { bank_name: string } }[];
  }[];
  expect(entry?.claims.map((c) => [c.obliger_company_name, c.amount, c.receive_payment_account.bank_name])).toEqual([
    ['株式会社サンプル商事', '1000000', 'みずほ\u3000東京営業部'],
    ['サンプル物産株式会社', '300000', 'みずほ\u3000渋谷'],
  ]);
});
