import type { Browser, BrowserContext, Page } from '@playwright/test';
import { describeGlossaryViolations, findGlossaryViolations } from '@app/contracts/copy/glossary';
import { ROUTES } from '@app/contracts/routes';
import {
  call,
  completeDraftViaApi,
  daysFromToday,
  loggedInApplicant,
  pdfFile,
  readyApplicant,
  submittedEntryViaApi,
  uploadTo,
} from './applicants';
import { expect, test } from './fixtures';
import { confirmAndPriceViaApi, staffContext } from './staff';

/**
 * One Japanese voice (issue 22): what the main pages really render — the text a reader sees
 * (`document.body.innerText`), what a screen reader is told (aria-label, alt, placeholder, title
 * attributes) and the document's title — holds no variant the glossary bans
 * (contracts/src/copy/glossary.ts). Walked as a visitor, a new applicant, an applicant through the
 * wizard, an entry's life (detail, resubmit, contract, the completion pages), a cancelling applicant
 * and staff in the back office. The mails and the PDF are checked by the API's tests.
 */

/** The page's readable text, what assistive technology reads from attributes, and its title. */
async function renderedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = ['aria-label', 'alt', 'placeholder', 'title', 'aria-description'];
    const labelled = Array.from(document.querySelectorAll(names.map((name) => `[${name}]`).join(', ')));
    const attributes = labelled.flatMap((element: Element) => names.map((name) => element.getAttribute(name) ?? ''));
    return [document.title, document.body.innerText, ...attributes].join('\n');
  });
}

/** The page has rendered: its heading is there and nothing says it is still loading. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('読み込み中…').filter({ visible: true })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]').filter({ visible: true })).toHaveCount(0);
}

/** The page as it is now speaks the glossary's terms; the failure lists each variant with its context. */
async function expectGlossaryTerms(page: Page, what: string) {
  await settled(page);
  const violations = describeGlossaryViolations(findGlossaryViolations(await renderedText(page)));
  expect(violations, `${what} (${page.url()})`).toEqual([]);
}

async function visit(page: Page, url: string, what: string, ready?: (page: Page) => Promise<void>) {
  await page.goto(url);
  if (ready) await ready(page);
  await expectGlossaryTerms(page, what);
}

/** A staff member's context and its page (staff.ts `staffContext`). */
async function staffWithPage(browser: Browser, role: 'reviewer' | 'approver'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await staffContext(browser, role);
  return { context, page: context.pages()[0]! };
}

async function entryIdOf(page: Page, code: string): Promise<number> {
  const entries = (await (await page.context().request.get('/api/entries/')).json()) as { id: number; code: string }[];
  const entry = entries.find((item) => item.code === code);
  expect(entry, `entry ${code}`).toBeDefined();
  return entry!.id;
}

interface StaffEntry {
  entry: { claims: { id: number }[] };
  applicant: { id: number };
}

test('the check sees what a page renders: a banned variant in the text, the title or a label fails it', async ({ page }) => {
  await page.setContent(
    '<title>お申込み内容</title><main><h1>お申し込みを受け付けました</h1><p>受付番号: E-000021</p><button aria-label="振込口座を変更">変更</button></main>',
  );
  expect(findGlossaryViolations(await renderedText(page)).map((v) => v.match)).toEqual(['お申込', '受付番号', '振込口座']);
  await page.setContent('<main><h1>お申し込みを受け付けました</h1><p>申込番号 E-000021</p></main>');
  expect(findGlossaryViolations(await renderedText(page))).toEqual([]);
});

test.describe('every page speaks the glossary’s terms', () => {
  test('public pages, as a visitor: every route of the table a visitor can open, and the back office login', async ({ page }) => {
    test.setTimeout(120_000);
    const open = ROUTES.filter(
      (route) =>
        !route.guards.includes('authenticated') &&
        (route.remote !== 'backoffice' || route.id === 'backofficeLogin') &&
        !route.path.includes('*') &&
        route.id !== 'callback',
    );
    expect(open.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/', '/statement', '/terms', '/register', '/login', '/backoffice/login']),
    );
    for (const route of open) await visit(page, route.path, route.id);
    // The not-found page of an unknown address.
    await visit(page, '/no/such/page', 'not found');
  });

  test('a new applicant: the pre-entry questions, the first profile step and /mypage', async ({ page }) => {
    test.setTimeout(120_000);
    await loggedInApplicant(page, 'corporate');
    await visit(page, '/register/pre_entry', 'pre-entry');
    await call(page.context(), 'POST', '/api/pre_entry/', {
      obliger_type: 'corporation',
      fixed_debt: 'yes',
      bank_transfer: 'yes',
      payment_due: 'within_60_days',
      invoice_amount: 'from_100k_to_10m',
      tax_arrears: 'none',
    });
    await visit(page, '/register/profile', 'first profile step');
    await visit(page, '/mypage', 'a new applicant’s /mypage');
  });

  test('an entry’s whole life: wizard, completion, detail, resubmit, contract, agreement, and the back office', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    await readyApplicant(page, 'corporate');
    await visit(page, '/profile', 'profile');
    await visit(page, '/profile/before_entry', 'profile before entry');
    await completeDraftViaApi(page, 'corporate');
    await visit(page, '/entry/entry_invoice', 'wizard: invoices', (p) =>
      expect(p.getByLabel(/^売掛先（請求先）の会社名/).first()).toHaveValue('株式会社サンプル商事'),
    );
    await visit(page, '/entry', 'wizard: financial statements');
    await visit(page, '/entry/withdrawal_details', 'wizard: withdrawal details');

    await page.getByRole('button', { name: 'この内容で申し込む' }).click();
    await expect(page).toHaveURL('/entry/complete');
    await expectGlossaryTerms(page, 'entry complete');
    const code = ((await page.locator('.entry-complete__code').textContent()) ?? '').trim();
    expect(code).toMatch(/^E-\d{6}$/);
    const id = await entryIdOf(page, code);
    await visit(page, '/mypage', '/mypage with an entry under review', (p) => expect(p.getByText(code).first()).toBeVisible());
    await visit(page, `/entry/detail/${id}`, 'entry detail', (p) => expect(p.getByText(code).first()).toBeVisible());

    // Staff send the bank statements back: the queue and the entry view, then the applicant's resubmit page.
    const reviewer = await staffWithPage(browser, 'reviewer');
    // Newest first: the shared database holds every other test's entries under review, and the
    // default order (oldest first) would put this one on a later page once there are more than 50.
    await visit(reviewer.page, '/backoffice?order=newest', 'back office queue', (p) => expect(p.getByText(code).first()).toBeVisible());
    await visit(reviewer.page, `/backoffice/entries/${id}`, 'back office entry', (p) => expect(p.getByText(code).first()).toBeVisible());
    const detail = (await (await reviewer.context.request.get(`/api/staff/entries/${id}/`)).json()) as StaffEntry;
    const staffCall = (path: string, data: unknown) => call(reviewer.context, 'POST', path, data);
    await staffCall(`/api/staff/users/${detail.applicant.id}/identity/`, { decision: 'confirmed', valid_date: daysFromToday(365 * 3) });
    const reason = '通帳の明細が直近3か月分そろっていません。3か月分を撮影してください。';
    await staffCall(`/api/staff/entries/${id}/documents/`, { group: 'withdrawals_detail', decision: 'inadequate', reason });
    await staffCall(`/api/staff/entries/${id}/actions/`, { action: 'markInadequate' });
    await visit(page, `/entry/resubmit/${id}`, 'resubmit', (p) => expect(p.getByText(reason).first()).toBeVisible());
    await uploadTo(
      page.getByRole('region', { name: '入出金明細' }),
      '入出金明細の新しいファイル',
      await pdfFile(page, '通帳 3か月分.pdf', '通帳 明細 3か月分'),
    );
    await page.getByRole('button', { name: '再提出する' }).click();
    await expect(page).toHaveURL(`/entry/detail/${id}`);
    await expectGlossaryTerms(page, 'entry detail after resubmission');

    // Priced by the reviewer, approved by a second person: the applicant's contract page and agreement.
    await confirmAndPriceViaApi(reviewer.context, id);
    await visit(reviewer.page, `/backoffice/entries/${id}`, 'back office entry, priced', (p) =>
      expect(p.getByText(code).first()).toBeVisible(),
    );
    const approver = await staffWithPage(browser, 'approver');
    await call(approver.context, 'POST', `/api/staff/entries/${id}/approve/`, { contract_period: daysFromToday(7) });
    await visit(page, `/entry/contract/${id}`, 'contract', (p) => expect(p.getByRole('button', { name: '契約する' })).toBeVisible());
    await visit(page, `/entry/${id}/factoring_service_agreement`, 'agreement', (p) => expect(p.getByText(code).first()).toBeVisible());
    await page.goto(`/entry/contract/${id}`);
    await page.getByRole('checkbox', { name: /同意します/ }).check();
    await page.getByRole('button', { name: '契約する' }).click();
    await expect(page).toHaveURL('/entry/contract/complete');
    await expectGlossaryTerms(page, 'contract complete');
    await visit(page, `/entry/detail/${id}`, 'entry detail, contracted', (p) => expect(p.getByText(code).first()).toBeVisible());
    await visit(reviewer.page, `/backoffice/entries/${id}`, 'back office entry, contracted', (p) =>
      expect(p.getByRole('button', { name: '入金済みにする' })).toBeVisible(),
    );
    await reviewer.context.close();
    await approver.context.close();
  });

  test('cancelling an entry: the confirmation dialog and the completion page', async ({ page }) => {
    test.setTimeout(120_000);
    await readyApplicant(page, 'individual');
    const { code } = await submittedEntryViaApi(page, 'individual');
    const id = await entryIdOf(page, code);
    await visit(page, `/entry/detail/${id}`, 'entry detail of a sole proprietor', (p) => expect(p.getByText(code).first()).toBeVisible());
    await page.getByRole('button', { name: 'お申し込みを取り消す' }).click();
    const dialog = page.getByRole('dialog', { name: 'お申し込みを取り消しますか？' });
    await expect(dialog).toBeVisible();
    await expectGlossaryTerms(page, 'cancel dialog');
    await dialog.getByRole('button', { name: '取り消す' }).click();
    await expect(page).toHaveURL('/entry/cancel/complete');
    await expectGlossaryTerms(page, 'cancel complete');
  });
});
