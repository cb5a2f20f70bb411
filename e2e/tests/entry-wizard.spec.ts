import { normalizeAccountHolderName, withdrawalsDetailStartDate } from '@app/contracts/domain';
import { test, expect, type Page } from './fixtures';
import { waitForMail } from './mail';
import {
  chooseSuggestion,
  daysFromToday,
  expectNoSeriousAxeViolation,
  call,
  definitions,
  expectSaved,
  field,
  fillPayoutAccount,
  jpegFile,
  pdfFile,
  readyApplicant,
  uploadedFile,
  uploadField,
  uploadTo,
  type FileToUpload,
} from './applicants';

/**
 * Issue #10's journeys through the entry wizard (請求書 → 決算書/確定申告書 → 入出金明細 → 登録情報 →
 * 申し込み), on the production build against the real API, with real PDF and JPEG files drawn by the
 * browser: a corporate applicant and an individual one each complete it and find the entry on
 * /mypage as 審査中; the individual one reloads at every step once 保存済み shows, and everything
 * typed and uploaded is still there. axe on every step and on /entry/complete. Applicants are made
 * through the API (registered, profile complete, identity submitted: applicants.ts), so the account
 * step is done. The rules (a server error, 599, a second entry): entry-wizard-rules.spec.ts; the
 * keyboard journey: entry-wizard-keyboard.spec.ts. Runs on desktop and on a 375 px phone
 * (playwright.config.ts).
 */
test.describe.configure({ timeout: 60_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** A step of the step indicator that is done and can be opened again (「請求書（完了）」). */
const doneStep = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'お申し込みの手順' }).getByRole('link', { name: new RegExp(`^${label}\\s*（完了）$`) });

/** 「2026年7月1日から本日まで」: the period of spec §4 for an applicant with no earlier statements. */
function withdrawalPeriod(): string {
  const [year, month, day] = withdrawalsDetailStartDate(null, daysFromToday(0)).split('-').map(Number);
  return `${year}年${month}月${day}日から本日まで`;
}

interface ClaimInput {
  /** Typed into the 法人番号 field; `corporation` is the suggestion chosen (null: the name stays as typed). */
  readonly obliger: string;
  readonly corporation: { readonly name: string; readonly houjinbangou: string } | null;
  readonly amount: string;
  readonly amountShown: string;
  readonly scheduled: string;
  readonly scheduledShown: string;
  readonly paymentDate: string;
  readonly bank: { readonly typed: string; readonly option: RegExp; readonly name: string; readonly code: string };
  readonly branch: { readonly typed: string; readonly option: RegExp; readonly name: string; readonly code: string };
  readonly accountNumber: string;
  readonly holderName: string;
  readonly invoice: FileToUpload;
  readonly additional?: FileToUpload;
}

/** Fills claim `index` the way an applicant does: suggestions chosen, amounts typed freely, files uploaded. */
async function fillClaim(page: Page, index: number, claim: ClaimInput) {
  const section = page.getByRole('region', { name: `請求書 ${index + 1}` });
  const at = (name: string) => field(page, `claims.${index}.${name}`);
  if (claim.corporation === null) await at('obliger_company_name').fill(claim.obliger);
  else {
    await chooseSuggestion(page, at('obliger_company_name'), claim.obliger, new RegExp(claim.corporation.name));
    await expect(at('obliger_company_name')).toHaveValue(claim.corporation.name);
    await expect(section.getByText(claim.corporation.houjinbangou, { exact: true })).toBeVisible();
  }
  await at('amount').fill(claim.amount);
  await at('scheduled_deposit_amount_from_obliger').fill(claim.scheduled);
  await at('obliger_payment_date').fill(claim.paymentDate);
  // Amounts typed as 100万 / １０００００ are read and shown with separators once the field is left.
  await expect(at('amount')).toHaveValue(claim.amountShown);
  await expect(at('scheduled_deposit_amount_from_obliger')).toHaveValue(claim.scheduledShown);
  await section.getByRole('checkbox', { name: /確定債権/ }).check();
  await section.getByRole('checkbox', { name: '売掛先からは銀行振込で支払われます' }).check();

  const bank = at('receive_payment_account.bank_name');
  const branch = at('receive_payment_account.branch_name');
  await chooseSuggestion(page, bank, claim.bank.typed, claim.bank.option);
  await expect(bank).toHaveValue(claim.bank.name);
  await expect(branch).toBeFocused();
  await chooseSuggestion(page, branch, claim.branch.typed, claim.branch.option);
  await expect(branch).toHaveValue(claim.branch.name);
  await expect(section.locator('.picker__chosen dd').filter({ hasText: new RegExp(`^${claim.bank.code}$`) })).toBeVisible();
  await expect(section.locator('.picker__chosen dd').filter({ hasText: new RegExp(`^${claim.branch.code}$`) })).toBeVisible();
  await section.getByRole('radio', { name: '普通' }).check();
  await at('receive_payment_account.bank_account_number').fill(claim.accountNumber);
  const holder = at('receive_payment_account.obliger_accounts.0.holder_name');
  await holder.fill(claim.holderName);
  await holder.blur();
  // Held the way banks write it (full-width katakana), as the domain normalises it.
  await expect(holder).toHaveValue(normalizeAccountHolderName(claim.holderName).value);
  await expect(holder).toHaveValue(/^[ァ-ヶー（）]+$/);

  await uploadTo(section, '請求書', claim.invoice);
  if (claim.additional) await uploadTo(section, '追加書類（任意）', claim.additional);
}

/** What fillClaim left on the page (after a reload: read back from the server's draft). */
async function expectClaim(page: Page, index: number, claim: ClaimInput) {
  const section = page.getByRole('region', { name: `請求書 ${index + 1}` });
  const at = (name: string) => field(page, `claims.${index}.${name}`);
  await expect(at('obliger_company_name')).toHaveValue(claim.corporation?.name ?? claim.obliger);
  if (claim.corporation) await expect(section.getByText(claim.corporation.houjinbangou, { exact: true })).toBeVisible();
  await expect(at('amount')).toHaveValue(claim.amountShown);
  await expect(at('scheduled_deposit_amount_from_obliger')).toHaveValue(claim.scheduledShown);
  await expect(at('obliger_payment_date')).toHaveValue(claim.paymentDate);
  await expect(section.getByRole('checkbox', { name: /確定債権/ })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: '売掛先からは銀行振込で支払われます' })).toBeChecked();
  await expect(at('receive_payment_account.bank_name')).toHaveValue(claim.bank.name);
  await expect(at('receive_payment_account.branch_name')).toHaveValue(claim.branch.name);
  await expect(section.getByRole('radio', { name: '普通' })).toBeChecked();
  await expect(at('receive_payment_account.bank_account_number')).toHaveValue(claim.accountNumber.normalize('NFKC'));
  await expect(at('receive_payment_account.obliger_accounts.0.holder_name')).toHaveValue(
    normalizeAccountHolderName(claim.holderName).value,
  );
  await expect(uploadedFile(uploadField(section, '請求書'), claim.invoice.name)).toBeVisible();
  if (claim.additional) await expect(uploadedFile(uploadField(section, '追加書類（任意）'), claim.additional.name)).toBeVisible();
}

/** Reloads the page once the draft is saved; the step comes back (the same URL and heading). */
async function reloadWhenSaved(page: Page, title: string) {
  await expectSaved(page);
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(heading(page)).toHaveText(title);
  await expect(page.getByText('読み込んでいます…')).toHaveCount(0);
}

interface BankInput {
  readonly bank: ClaimInput['bank'];
  readonly branch: ClaimInput['branch'];
  readonly accountNumber: string;
  readonly format: '通帳（紙）' | 'インターネットバンキング';
  readonly files: readonly [label: string, file: FileToUpload][];
}

/** Fills account `index` of the withdrawals detail step: bank and branch from the 全銀 suggestions, the number, the format and its two files. */
async function fillBank(page: Page, index: number, account: BankInput) {
  const section = page.getByRole('region', { name: `口座 ${index + 1}` });
  await expect(section.getByText('未完了', { exact: true })).toBeVisible();
  await chooseSuggestion(page, field(page, `banks.${index}.bank_name`), account.bank.typed, account.bank.option);
  await expect(field(page, `banks.${index}.branch_name`)).toBeFocused();
  await chooseSuggestion(page, field(page, `banks.${index}.branch_name`), account.branch.typed, account.branch.option);
  await field(page, `banks.${index}.bank_account_number`).fill(account.accountNumber);
  await section.getByRole('radio', { name: account.format }).check();
  for (const [label, file] of account.files) await uploadTo(section, label, file);
  await expect(section.getByText('準備完了', { exact: true })).toBeVisible();
  return section;
}

async function expectBank(page: Page, index: number, account: BankInput) {
  const section = page.getByRole('region', { name: `口座 ${index + 1}` });
  await expect(field(page, `banks.${index}.bank_name`)).toHaveValue(account.bank.name);
  await expect(field(page, `banks.${index}.branch_name`)).toHaveValue(account.branch.name);
  await expect(field(page, `banks.${index}.bank_account_number`)).toHaveValue(account.accountNumber);
  await expect(section.getByRole('radio', { name: account.format })).toBeChecked();
  for (const [label, file] of account.files) await expect(uploadedFile(uploadField(section, label), file.name)).toBeVisible();
  await expect(section.getByText('準備完了', { exact: true })).toBeVisible();
}

/** The submit, /entry/complete (axe), the confirmation mail, and /mypage listing the entry as 審査中. */
async function submitAndFindOnMypage(page: Page, email: string): Promise<string> {
  const profile = page.getByRole('region', { name: '登録情報・本人確認' });
  await expect(profile.getByText('完了', { exact: true })).toBeVisible();
  const since = Date.now();
  await page.getByRole('button', { name: 'この内容で申し込む' }).click();
  await expect(page).toHaveURL('/entry/complete');
  await expect(heading(page)).toHaveText('お申し込みを受け付けました');
  const code = (await page.locator('.entry-complete__code').textContent()) ?? '';
  expect(code).toMatch(/^E-\d{6}$/);
  await expectNoSeriousAxeViolation(page);
  const mail = await waitForMail(email, /お申し込みを受け付けました/, since);
  expect(mail.text).toContain(code);

  await page.getByRole('link', { name: 'マイページへ' }).click();
  await expect(page).toHaveURL('/mypage');
  const entry = page.locator('.mp-entry').filter({ hasText: `申込番号 ${code}` });
  await expect(entry).toContainText('審査中');
  // The draft became the entry: the wizard starts afresh.
  const draft = (await (await page.context().request.get('/api/entries/draft/')).json()) as { version: number };
  expect(draft.version).toBe(0);
  return code;
}

interface SubmittedEntry {
  code: string;
  bank_account: string | null;
  purchase_amount_desired: string;
  purpose: string;
  addfiles: { kind: string; name: string }[];
  claims: {
    obliger_company_name: string;
    houjinbangou: string | null;
    amount: string;
    scheduled_deposit_amount_from_obliger: string;
    obliger_payment_date: string;
    receive_payment_account: {
      bank_name: string;
      deposit_type: string;
      bank_account_number: string;
      obliger_accounts: { holder_name: string }[];
    };
    contentfiles: { kind: string; name: string }[];
  }[];
}

async function onlyEntry(page: Page): Promise<SubmittedEntry> {
  const entries = (await (await page.context().request.get('/api/entries/')).json()) as SubmittedEntry[];
  expect(entries).toHaveLength(1);
  return entries[0] as SubmittedEntry;
}

test('a corporate applicant completes the wizard: a claim with a PDF invoice and a JPEG, 決算書 without the SG&A breakdown, a passbook account → /entry/complete → /mypage shows 審査中', async ({
  page,
}) => {
  const email = await readyApplicant(page, 'corporate');
  const claim: ClaimInput = {
    obliger: 'サンプル商事',
    corporation: { name: '株式会社サンプル商事', houjinbangou: '7999901000001' },
    amount: '100万',
    amountShown: '1,000,000',
    scheduled: '１０００００',
    scheduledShown: '100,000',
    paymentDate: daysFromToday(45),
    bank: { typed: 'みずほ', option: /^0001 みずほ/, name: 'みずほ', code: '0001' },
    branch: { typed: '東京営業', option: /^001 東京営業部/, name: '東京営業部', code: '001' },
    accountNumber: '１２３４５６７',
    holderName: 'ｻﾝﾌﾟﾙｼｮｳｼﾞ',
    invoice: await pdfFile(page, '請求書 2026-001.pdf', '請求書', ['株式会社サンプル商事 御中', 'ご請求金額 1,000,000円']),
    additional: await jpegFile(page, '納品書.jpg', '納品書'),
  };

  // /mypage → 新規申し込み: a first visit starts at the invoices, without the "unfinished steps" notice.
  await page.goto('/mypage');
  await page.getByRole('link', { name: '新規申し込みをはじめる' }).click();
  await expect(page).toHaveURL('/entry/entry_invoice');
  await expect(heading(page)).toHaveText('請求書の登録');
  await expect(page.getByText('まだ済んでいないステップがあるため')).toHaveCount(0);
  await expectNoSeriousAxeViolation(page);

  await fillClaim(page, 0, claim);
  // The scheduled deposit is below the face amount: no §5 warning.
  await expect(page.getByText('売掛先からの銀行振込金額が請求書の額面を上回っています')).toHaveCount(0);
  await expect(page.getByText('請求書の額面の合計は 1,000,000円 です')).toBeVisible();
  await field(page, 'purchase_amount_desired').fill('80万');
  await field(page, 'purpose').fill('仕入れ代金の支払い');
  await expect(field(page, 'purchase_amount_desired')).toHaveValue('800,000');
  await expectSaved(page);
  await expectNoSeriousAxeViolation(page);
  await page.getByRole('button', { name: '次へ進む（決算書）' }).click();

  // 決算書: the corporation can submit them; without the SG&A breakdown, three files.
  await expect(page).toHaveURL('/entry');
  await expect(heading(page)).toHaveText('決算書の提出');
  await expect(doneStep(page, '請求書')).toBeVisible();
  await page.getByRole('radio', { name: /^提出できる/ }).check();
  const files = page.getByRole('region', { name: 'ファイルのアップロード' });
  for (const label of ['損益計算書', '貸借対照表', '勘定科目内訳明細書', '販売費及び一般管理費内訳書'])
    await expect(uploadField(files, label)).toBeVisible();
  await files.getByRole('checkbox', { name: /販売費及び一般管理費内訳書がない/ }).check();
  await expect(uploadField(files, '販売費及び一般管理費内訳書')).toHaveCount(0);
  await uploadTo(files, '損益計算書', await pdfFile(page, '損益計算書 第12期.pdf', '損益計算書'));
  await uploadTo(files, '貸借対照表', await pdfFile(page, '貸借対照表 第12期.pdf', '貸借対照表'));
  await uploadTo(files, '勘定科目内訳明細書', await jpegFile(page, '勘定科目内訳明細書.jpg', '勘定科目内訳明細書'));
  await expectSaved(page);
  await expectNoSeriousAxeViolation(page);
  await page.getByRole('button', { name: '次へ進む（入出金明細）' }).click();

  // 入出金明細: the period of spec §4, one passbook account (cover + details).
  await expect(page).toHaveURL('/entry/withdrawal_details');
  await expect(heading(page)).toHaveText('入出金明細の提出');
  await expect(doneStep(page, '決算書')).toBeVisible();
  await expect(page.getByTestId('withdrawal-period')).toHaveText(withdrawalPeriod());
  await fillBank(page, 0, {
    bank: { typed: 'ミツビシ', option: /^0005 三菱ＵＦＪ/, name: '三菱ＵＦＪ', code: '0005' },
    branch: { typed: 'ほんてん', option: /^001 本店/, name: '本店', code: '001' },
    accountNumber: '7654321',
    format: '通帳（紙）',
    files: [
      ['通帳の表紙', await jpegFile(page, '通帳 表紙.jpg', '普通預金通帳')],
      ['通帳の明細ページ', await pdfFile(page, '通帳 明細.pdf', '入出金明細')],
    ],
  });
  // 振込先口座: nothing on the profile, so nothing prefilled; submitting without it is refused on the page.
  const payout = page.getByRole('region', { name: '振込先口座' });
  await expect(field(page, 'payout_account.bank_name')).toHaveValue('');
  await page.getByRole('button', { name: 'この内容で申し込む' }).click();
  await expect(page.locator('.error-summary')).toContainText('振込先口座 — 振込先口座を入力してください。');
  await expect(payout.getByText('振込先口座を入力してください。')).toBeVisible();
  const holder = 'ｶ)ﾂﾑｷﾞｼｮｳｼﾞ';
  await fillPayoutAccount(page, {
    bank: { typed: 'りそな', option: /^0010 りそな/ },
    branch: { typed: 'とうきょう', option: /^300 東京営業部/ },
    type: '当座',
    number: '７６５４３２１',
    holder,
  });
  // Typed the way people type: the digits and the holder name as the bank writes them.
  await expect(field(page, 'payout_account.bank_account_number')).toHaveValue('7654321');
  await expect(field(page, 'payout_account.account_holder_name')).toHaveValue(normalizeAccountHolderName(holder).value);
  await expect(payout.getByText('振込先口座を入力してください。')).toHaveCount(0);
  await expectSaved(page);
  await expect(page.locator('.summary-list')).toContainText(`りそな 東京営業部 当座 ****321 ${normalizeAccountHolderName(holder).value}`);
  await expectNoSeriousAxeViolation(page);

  const code = await submitAndFindOnMypage(page, email);
  const entry = await onlyEntry(page);
  expect(entry).toMatchObject({
    code,
    purchase_amount_desired: '800000',
    purpose: '仕入れ代金の支払い',
    bank_account: `りそな 東京営業部 当座 7654321 ${normalizeAccountHolderName(holder).value}`,
  });
  expect(entry.claims).toHaveLength(1);
  expect(entry.claims[0]).toMatchObject({
    obliger_company_name: '株式会社サンプル商事',
    houjinbangou: '7999901000001',
    amount: '1000000',
    scheduled_deposit_amount_from_obliger: '100000',
    obliger_payment_date: claim.paymentDate,
    receive_payment_account: {
      bank_name: 'みずほ\u3000東京営業部',
      deposit_type: 'ordinary',
      bank_account_number: '1234567',
      obliger_accounts: [{ holder_name: normalizeAccountHolderName(claim.holderName).value }],
    },
  });
  expect(entry.claims[0]?.contentfiles.map((file) => file.name).sort()).toEqual(['納品書.jpg', '請求書 2026-001.pdf']);
  expect(entry.addfiles.map((file) => file.kind).sort()).toEqual(['breakdown_statement', 'bs', 'passbook_cover', 'passbook_details', 'pl']);
});

test('an individual applicant completes the wizard (確定申告書 by e-Tax, internet banking), reloading at every step: everything typed and uploaded is still there', async ({
  page,
}) => {
  const email = await readyApplicant(page, 'individual');
  // The profile has a payout account: the wizard offers it.
  const profileAccount = 'ゆうちょ 〇一八 普通 1112223 ヤマダ\u3000タロウ';
  await call(page.context(), 'PATCH', '/api/profile/', { bank_account: profileAccount });
  const claim: ClaimInput = {
    // A sole proprietor as the obliger: not in the 法人番号 register, typed freely.
    obliger: 'やまだ商店',
    corporation: null,
    amount: '1,200,000',
    amountShown: '1,200,000',
    scheduled: '119万9340',
    scheduledShown: '1,199,340',
    paymentDate: daysFromToday(20),
    bank: { typed: 'りそな', option: /^0010 りそな/, name: 'りそな', code: '0010' },
    branch: { typed: 'とうきょう', option: /^300 東京営業部/, name: '東京営業部', code: '300' },
    accountNumber: '2345678',
    holderName: 'やまだしょうてん',
    invoice: await jpegFile(page, '請求書 写真.jpg', '請求書 やまだ商店 御中'),
  };

  // A deep link to a later step lands on the first one not done.
  await page.goto('/entry/withdrawal_details');
  await expect(page).toHaveURL('/entry/entry_invoice');
  await expect(heading(page)).toHaveText('請求書の登録');

  await fillClaim(page, 0, claim);
  await field(page, 'purchase_amount_desired').fill('１００００００');
  await field(page, 'purpose').fill('外注費の支払い');
  await field(page, 'purpose').blur();
  await expect(field(page, 'purchase_amount_desired')).toHaveValue('1,000,000');
  await reloadWhenSaved(page, '請求書の登録');
  await expectClaim(page, 0, claim);
  await expect(field(page, 'purchase_amount_desired')).toHaveValue('1,000,000');
  await expect(field(page, 'purpose')).toHaveValue('外注費の支払い');
  await page.getByRole('button', { name: '次へ進む（決算書）' }).click();

  // 確定申告書: 提出できない asks for the business opening notice; 提出できる then e-Tax asks for the tax return.
  await expect(page).toHaveURL('/entry');
  await expect(heading(page)).toHaveText('確定申告書の提出');
  const files = page.getByRole('region', { name: 'ファイルのアップロード' });
  await page.getByRole('radio', { name: /^提出できない/ }).check();
  await expect(uploadField(files, '開業届')).toBeVisible();
  await expect(uploadField(files, '確定申告書')).toHaveCount(0);
  await page.getByRole('radio', { name: /^提出できる/ }).check();
  await page.getByRole('radio', { name: /^e-Tax（電子申告）/ }).check();
  await expect(uploadField(files, '開業届')).toHaveCount(0);
  const taxReturn = await pdfFile(page, '確定申告書 令和7年分.pdf', '確定申告書B', ['e-Tax 受信通知']);
  await uploadTo(files, '確定申告書', taxReturn);
  await expectNoSeriousAxeViolation(page);
  await reloadWhenSaved(page, '確定申告書の提出');
  await expect(page.getByRole('radio', { name: /^提出できる/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^e-Tax（電子申告）/ })).toBeChecked();
  await expect(uploadedFile(uploadField(files, '確定申告書'), taxReturn.name)).toBeVisible();
  await page.getByRole('button', { name: '次へ進む（入出金明細）' }).click();

  // 入出金明細: internet banking (the account screen as a JPEG, the statement as CSV).
  await expect(page).toHaveURL('/entry/withdrawal_details');
  const account: BankInput = {
    bank: { typed: 'ﾕｳﾁﾖ', option: /^9900 ゆうちょ/, name: 'ゆうちょ', code: '9900' },
    branch: { typed: '〇一八', option: /^018 〇一八/, name: '〇一八', code: '018' },
    accountNumber: '3456789',
    format: 'インターネットバンキング',
    files: [
      ['口座情報の画面', await jpegFile(page, '口座情報.jpg', 'ゆうちょダイレクト 口座情報')],
      [
        '入出金明細',
        {
          name: '入出金明細.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from('日付,摘要,お支払金額,お預り金額,残高\n2026-10-01,振込 ヤマダシヨウテン,,1200000,1500000\n', 'utf8'),
        },
      ],
    ],
  };
  await fillBank(page, 0, account);
  // 振込先口座: prefilled from the profile, saved in the draft (the reload shows it again).
  const payout = page.getByRole('region', { name: '振込先口座' });
  await expect(payout.getByText(/^ご登録の振込先口座を入力しました。/)).toBeVisible();
  await expect(field(page, 'payout_account.bank_name')).toHaveValue('ゆうちょ');
  await expect(field(page, 'payout_account.branch_name')).toHaveValue('〇一八');
  await expect(field(page, 'payout_account.bank_account_number')).toHaveValue('1112223');
  await expect(field(page, 'payout_account.account_holder_name')).toHaveValue('ヤマダ\u3000タロウ');
  await reloadWhenSaved(page, '入出金明細の提出');
  await expectBank(page, 0, account);
  await expect(field(page, 'payout_account.bank_account_number')).toHaveValue('1112223');
  await expect(payout.getByRole('radio', { name: '普通', exact: true })).toBeChecked();
  expect(await definitions(page.locator('.summary-list'))).toContain('ゆうちょ 〇一八 普通 ****223 ヤマダ\u3000タロウ');
  await expectNoSeriousAxeViolation(page);

  await submitAndFindOnMypage(page, email);
  const entry = await onlyEntry(page);
  expect(entry).toMatchObject({ purchase_amount_desired: '1000000', purpose: '外注費の支払い', bank_account: profileAccount });
  expect(entry.claims[0]).toMatchObject({ obliger_company_name: 'やまだ商店', houjinbangou: null, amount: '1200000' });
  expect(entry.addfiles.map((file) => file.kind).sort()).toEqual(['ib_details', 'ib_info', 'tax_returns']);
});
