import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { DraftEntryDocument, Upload } from '@app/contracts';
import { expect } from './fixtures';
import { siteLink, waitForMail } from './mail';

/**
 * Applicants made through the API, as the site's pages would make them, so that a spec spends its
 * time on the journey it is about: registered, activated and logged in; with the profile complete
 * and the identity document submitted (確認中); with a draft entry; with an entry under review. And
 * the real files a test uploads (a JPEG and a PDF drawn by the browser), the axe check, and the few
 * locators the entry wizard's specs share (fields by their dotted path, the save status, upload fields).
 */

export const PASSWORD = 'tsumugi-Pass-2026';
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.jp`;

export type Division = 'corporate' | 'individual';

/** The API as the site calls it: the context's cookies, the csrftoken echoed; a non-2xx answer fails the test. */
export async function call(context: BrowserContext, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await context.request.fetch(path, { method, data, headers: { 'X-CSRFToken': csrf } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response;
}

/** A registered, activated and logged-in applicant (registration itself is accounts.spec.ts's journey). */
export async function loggedInApplicant(page: Page, division: Division) {
  const email = uniqueEmail(division);
  const since = Date.now();
  const context = page.context();
  await call(context, 'POST', '/api/me/', {});
  await call(context, 'POST', '/api/register/', {
    email,
    password: PASSWORD,
    corporate_division: division,
    company_name: division === 'corporate' ? '株式会社ツムギ商事' : '',
    last_name: '山田',
    first_name: '太郎',
  });
  const link = new URL(siteLink(await waitForMail(email, /確認/, since), '/register/activation'), 'http://x');
  await call(context, 'POST', '/api/register/activation/', { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') });
  await call(context, 'POST', '/api/auth/', { email, password: PASSWORD, persistLoginState: false });
  return email;
}

/** The pre-entry screening answered so that it passes. */
export const ACCEPTED_PRE_ENTRY = {
  obliger_type: 'corporation',
  fixed_debt: 'yes',
  bank_transfer: 'yes',
  payment_due: 'within_60_days',
  invoice_amount: 'from_100k_to_10m',
  tax_arrears: 'none',
} as const;

/** A real JPEG, drawn by the browser (a photo of a document stands in). */
export async function documentPhoto(page: Page, text: string): Promise<Buffer> {
  const shot = await page.context().newPage();
  await shot.setViewportSize({ width: 480, height: 300 });
  await shot.setContent(`<div style="font:28px sans-serif;background:#dfe8f5;height:300px;padding:24px">${text}<br>山田 太郎</div>`);
  const jpeg = await shot.screenshot({ type: 'jpeg' });
  await shot.close();
  return jpeg;
}

/** A real PDF of one A4 page, printed by the browser (headless Chromium). */
export async function documentPdf(page: Page, title: string, lines: readonly string[] = []): Promise<Buffer> {
  const sheet = await page.context().newPage();
  await sheet.setContent(
    `<main style="font:14px sans-serif;padding:48px"><h1 style="font-size:24px">${title}</h1>${lines.map((line) => `<p>${line}</p>`).join('')}</main>`,
  );
  const pdf = await sheet.pdf({ format: 'A4' });
  await sheet.close();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdf;
}

export interface FileToUpload {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

export const jpegFile = async (page: Page, name: string, text = name): Promise<FileToUpload> => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await documentPhoto(page, text),
});

export const pdfFile = async (page: Page, name: string, title = name, lines: readonly string[] = []): Promise<FileToUpload> => ({
  name,
  mimeType: 'application/pdf',
  buffer: await documentPdf(page, title, lines),
});

/** `POST /api/uploads/` (multipart) as the upload field sends it: the kind, the side of an identity document, the file. */
export async function uploadViaApi(context: BrowserContext, kind: string, file: FileToUpload, side?: 'front' | 'back'): Promise<Upload> {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await context.request.post('/api/uploads/', {
    headers: { 'X-CSRFToken': csrf },
    multipart: { kind, ...(side ? { side } : {}), content_file: file },
  });
  expect(response.status(), `POST /api/uploads/ (${kind}): ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Upload;
}

/** The profile fields an applicant of the division must give (`isProfileSatisfied`). */
const PROFILE: Readonly<Record<Division, Record<string, string>>> = {
  corporate: {
    office_phone: '03-1234-5678',
    office_zipcode: '100-0001',
    office_prefecture: '東京都',
    office_city: '千代田区千代田1-1',
    owner_phone: '090-1234-5678',
    owner_zipcode: '100-0001',
    owner_prefecture: '東京都',
    owner_city: '千代田区千代田1-1',
  },
  individual: {
    owner_phone: '090-1234-5678',
    owner_zipcode: '150-0002',
    owner_prefecture: '東京都',
    owner_city: '渋谷区渋谷2-1',
  },
};

/**
 * A logged-in applicant who may apply (the wizard's account step done): pre-entry passed, profile
 * complete, driving licence front and back submitted (identity 確認中) — what onboarding.spec.ts does
 * through the pages, here through the API the pages call. `profile` changes fields of the profile
 * sent (a company name, say).
 */
export async function readyApplicant(page: Page, division: Division, profile: Readonly<Record<string, string>> = {}) {
  const email = await loggedInApplicant(page, division);
  const context = page.context();
  await call(context, 'POST', '/api/pre_entry/', ACCEPTED_PRE_ENTRY);
  const front = await uploadViaApi(context, 'identity', await jpegFile(page, '免許証 表.jpg', '運転免許証 表'), 'front');
  const back = await uploadViaApi(context, 'identity', await jpegFile(page, '免許証 裏.jpg', '運転免許証 裏'), 'back');
  await call(context, 'PATCH', '/api/profile/', {
    ...PROFILE[division],
    ...profile,
    identity_document_type: 'drivingLicence',
    addfiles: [front.id, back.id],
  });
  const me = (await (await call(context, 'POST', '/api/me/', {})).json()) as {
    has_satisfied_profile: boolean;
    identity_confirmation: number;
  };
  expect(me).toMatchObject({ has_satisfied_profile: true, identity_confirmation: 1 });
  return email;
}

/** The day `days` after today in Japan, `YYYY-MM-DD` (`daysFromToday(0)`: today there). */
export function daysFromToday(days: number): string {
  const now = new Date(Date.now() + 9 * 3600_000 + days * 86_400_000);
  return now.toISOString().slice(0, 10);
}

/**
 * The payout account (振込先口座) an API-made draft carries, and how every page, the PDF and the mail
 * show it: the number masked except its last 3 digits.
 */
export const PAYOUT_ACCOUNT = {
  text: 'りそな 東京営業部 普通 1234567 カ）イーツーイーシヨウジ',
  fields: {
    bank_name: 'りそな',
    branch_name: '東京営業部',
    deposit_type: 'ordinary',
    bank_account_number: '1234567',
    account_holder_name: 'カ）イーツーイーシヨウジ',
  },
  masked: 'りそな 東京営業部 普通 ****567 カ）イーツーイーシヨウジ',
  /** The `<dd>`s of the account's rows (BankAccountRows): bank, branch, type, number, holder. */
  rows: ['りそな', '東京営業部', '普通', '****567（下3桁のみ表示）', 'カ）イーツーイーシヨウジ'],
} as const;

/** The values (`<dd>`) of a description list, in order. */
export const definitions = (scope: Locator) => scope.getByRole('definition').allTextContents();

/**
 * A complete draft for an applicant who has none yet (PUT /api/entries/draft/, version 0): one claim
 * with an invoice PDF, the financial statements of the division and one passbook account — unless
 * `withDocuments` is false (they are with us already, from an earlier entry) — and the payout account
 * (振込先口座, PAYOUT_ACCOUNT) unless `payout` is false (the spec types it in the wizard). Answers the invoice's upload.
 */
export async function completeDraftViaApi(
  page: Page,
  division: Division,
  { withDocuments = true, payout = true }: { withDocuments?: boolean; payout?: boolean } = {},
) {
  const context = page.context();
  const invoice = await uploadViaApi(context, 'invoice', await pdfFile(page, '請求書 API.pdf', '請求書'));
  const document: DraftEntryDocument = {
    purchase_amount_desired: '800000',
    purpose: '仕入れ代金の支払い',
    claims: [
      {
        key: '1',
        obliger_company_name: '株式会社サンプル商事',
        houjinbangou: '7999901000001',
        houjinbangou_address: '東京都千代田区見本町１丁目１－１',
        amount: '1000000',
        scheduled_deposit_amount_from_obliger: '1000000',
        obliger_payment_date: daysFromToday(30),
        is_fixed_debt: true,
        is_bank_transfer_from_obliger: true,
        receive_payment_account: {
          bank_name: 'みずほ\u3000東京営業部',
          deposit_type: 'ordinary',
          bank_account_number: '1234567',
          obliger_accounts: [{ holder_name: 'サンプルシヨウジ' }],
        },
        contentfile_relations: [{ id: invoice.id, kind: 'invoice-1' }],
      },
    ],
    bank_account: payout ? PAYOUT_ACCOUNT.text : null,
    payout_account: payout ? { ...PAYOUT_ACCOUNT.fields } : null,
    banks: [],
    can_submit_financial_statements: null,
    tax_return_submissions: null,
    no_sga_expenses: null,
    financial_statement_files: [],
  };
  if (withDocuments) {
    const documents: Upload[] = [];
    const kinds = division === 'corporate' ? ['pl', 'bs', 'breakdown_statement', 'sga_expenses'] : ['tax_returns'];
    for (const kind of kinds) documents.push(await uploadViaApi(context, kind, await pdfFile(page, `${kind}.pdf`)));
    const cover = await uploadViaApi(context, 'passbook_cover', await jpegFile(page, '通帳 表紙.jpg'));
    const details = await uploadViaApi(context, 'passbook_details', await pdfFile(page, '通帳 明細.pdf'));
    documents.push(cover, details);
    Object.assign(document, {
      can_submit_financial_statements: true,
      tax_return_submissions: division === 'individual' ? 'eTax' : null,
      financial_statement_files: documents.slice(0, kinds.length).map((upload) => ({ id: upload.id, kind: upload.kind })),
      banks: [
        {
          key: '2',
          bank_name: '三菱ＵＦＪ',
          branch_name: '本店',
          bank_account_number: '7654321',
          file_format: 'passbook',
          contentfile_relations: [
            { id: cover.id, kind: 'passbook_cover' },
            { id: details.id, kind: 'passbook_details' },
          ],
        },
      ],
    });
  }
  await call(context, 'PUT', '/api/entries/draft/', { version: 0, data: document });
  return { invoice };
}

/** An entry under review, made through the API from a complete draft (POST /api/entries/). */
export async function submittedEntryViaApi(page: Page, division: Division): Promise<{ code: string }> {
  await completeDraftViaApi(page, division);
  const context = page.context();
  const draft = (await (await context.request.get('/api/entries/draft/')).json()) as { version: number; data: DraftEntryDocument };
  const entry = (await (await call(context, 'POST', '/api/entries/', { ...draft.data, draft_version: draft.version })).json()) as {
    code: string;
  };
  return entry;
}

/** axe on the page as it is now: no serious or critical violation. */
export async function expectNoSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) on ${page.url()}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// The entry wizard's pages
// ---------------------------------------------------------------------------------------------

/** A form control by its `name` (the wizard names every field by its dotted path: `claims.0.amount`). */
export const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** The wizard's autosave line (role=status). */
export const saveStatus = (page: Page) => page.locator('.save-status__text');

/** Waits until the server holds everything typed and uploaded so far (「保存済み（HH:MM）」). */
export async function expectSaved(page: Page) {
  await expect(saveStatus(page)).toHaveText(/保存済み（\d{2}:\d{2}）/);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The upload field labelled `label` (「請求書」, 「通帳の表紙」) inside `scope`. */
export const uploadField = (scope: Locator, label: string) =>
  scope
    .locator('.upload-field')
    .filter({ has: scope.page().locator('label.field__label', { hasText: new RegExp(`^${escapeRegExp(label)}(必須)?$`) }) });

/** Uploads through the field's file input and waits until the file is listed as uploaded (it can be deleted). */
export async function uploadTo(scope: Locator, label: string, file: FileToUpload) {
  const upload = uploadField(scope, label);
  await upload.locator('input[type=file]').setInputFiles(file);
  await expect(uploadedFile(upload, file.name)).toBeVisible();
}

/** A file the field lists as uploaded (its delete button is there only once the server has it). */
export const uploadedFile = (upload: Locator, name: string) => upload.getByRole('button', { name: `${name}を削除` });

/** What an applicant types in the wizard's 振込先口座 section (the bank and branch chosen from the 全銀 suggestions). */
export interface PayoutInput {
  readonly bank: { readonly typed: string; readonly option: RegExp };
  readonly branch: { readonly typed: string; readonly option: RegExp };
  readonly type: '普通' | '当座';
  readonly number: string;
  readonly holder: string;
}

/** Fills the 振込先口座 section of /entry/withdrawal_details the way an applicant does. */
export async function fillPayoutAccount(page: Page, input: PayoutInput) {
  const section = page.getByRole('region', { name: '振込先口座' });
  await chooseSuggestion(page, field(page, 'payout_account.bank_name'), input.bank.typed, input.bank.option);
  await expect(field(page, 'payout_account.branch_name')).toBeFocused();
  await chooseSuggestion(page, field(page, 'payout_account.branch_name'), input.branch.typed, input.branch.option);
  await section.getByRole('radio', { name: input.type, exact: true }).check();
  await field(page, 'payout_account.bank_account_number').fill(input.number);
  await field(page, 'payout_account.account_holder_name').fill(input.holder);
  await field(page, 'payout_account.account_holder_name').blur();
  return section;
}

/** Types into a suggestion field (法人番号, 全銀) and taps or clicks the suggestion. */
export async function chooseSuggestion(page: Page, input: Locator, typed: string, option: RegExp) {
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}
