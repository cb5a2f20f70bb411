import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  ACCEPTED_PRE_ENTRY,
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
import { describeShortLines, shortLastLines } from './line-breaks';
import { loginAsStaff } from './staff';

/**
 * Japanese line breaking (issue 22): on the main pages, at the project's width (1280 px desktop,
 * 375 px phone), no paragraph, heading, button, label or badge that wraps ends with a line of one
 * or two characters. Each page is measured once its content has loaded (no section still busy).
 */

/** Waits for the page's content, then reports every short last line on it (softly: every page is walked). */
async function checkLines(page: Page, path: string | null, heading?: string | RegExp) {
  if (path !== null) await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [data-prerendered]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect.soft(describeShortLines(page.url(), await shortLastLines(page))).toEqual([]);
}

test('the measurement finds a short last line, and leaves a short text on one line alone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.setContent(`<!doctype html><html lang="ja"><body style="font: 16px/1.75 sans-serif; margin: 16px">
    <p style="width: 6em">あいうえおかき</p>
    <label style="display: flex; width: 9em; overflow-wrap: anywhere">とても長い項目の名前です<span class="field__required" style="min-width: 0">必須</span></label>
    <h2 style="width: 6em">かきくけこさしす</h2>
    <p style="width: 6em">あいうえおかきくけ</p>
    <button type="button">戻る</button>
    <p>短い</p>
    <p style="width: 6em">あいうえおか<span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)">読み上げだけの長い補足です</span></p>
    <ul><li style="width: 8em"><p style="width: 6em">あいうえおかきくけ</p>済み</li></ul>
  </body></html>`);
  const found = await shortLastLines(page);
  expect(found.map((f) => [f.element, f.lines.join('／')])).toEqual([
    ['p', 'あいうえおか／き'],
    ['span.field__required', '必／須'],
    ['h2', 'かきくけこさ／しす'],
  ]);
  expect(describeShortLines('http://localhost/x', found)[0]).toBe('/x: p 「あいうえおかき」 broke as 「あいうえおか／き」');
});

test('public pages and the forms before login', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of [
    '/',
    '/statement',
    '/terms',
    '/policy/privacy',
    '/policy/security',
    '/legal/sct',
    '/unsupported',
    '/maintenance',
    '/404',
    '/login',
    '/register',
    '/profile/password/reset/recover',
  ]) {
    await checkLines(page, path);
  }
});

test('a new applicant: mypage, the pre-entry questions, the profile form', async ({ page }) => {
  test.setTimeout(90_000);
  await loggedInApplicant(page, 'corporate');
  await checkLines(page, '/mypage', 'マイページ');
  await checkLines(page, '/register/pre_entry');
  await call(page.context(), 'POST', '/api/pre_entry/', ACCEPTED_PRE_ENTRY);
  await checkLines(page, '/register/profile');
});

test('an applicant who may apply: mypage, profile, the wizard steps, entry complete, detail, cancel complete', async ({ page }) => {
  test.setTimeout(150_000);
  await readyApplicant(page, 'corporate');
  await checkLines(page, '/mypage', 'マイページ');
  await checkLines(page, '/profile');
  await completeDraftViaApi(page, 'corporate');
  await checkLines(page, '/entry/entry_invoice');
  await checkLines(page, '/entry');
  await checkLines(page, '/entry/withdrawal_details');
  await page.getByRole('button', { name: 'この内容で申し込む' }).click();
  await expect(page).toHaveURL('/entry/complete');
  await checkLines(page, null);
  const code = ((await page.locator('.entry-complete__code').textContent()) ?? '').trim();
  const entries = (await (await page.context().request.get('/api/entries/')).json()) as { id: number; code: string }[];
  const id = entries.find((entry) => entry.code === code)!.id;
  await checkLines(page, `/entry/detail/${id}`);
  await page.getByRole('button', { name: 'お申し込みを取り消す' }).click();
  await page.getByRole('dialog', { name: 'お申し込みを取り消しますか？' }).getByRole('button', { name: '取り消す' }).click();
  await expect(page).toHaveURL('/entry/cancel/complete');
  await checkLines(page, null);
});

/** A staff member of `role` in a context of their own, logged in through the API. */
async function staffContext(browser: Browser, role: 'reviewer' | 'approver'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  await loginAsStaff(await context.newPage(), role, { via: 'api' });
  return context;
}

test('an entry sent back and offered: resubmit, detail, contract, contract complete', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await readyApplicant(page, 'corporate');
  const { code } = await submittedEntryViaApi(page, 'corporate');
  const entries = (await (await page.context().request.get('/api/entries/')).json()) as { id: number; code: string }[];
  const id = entries.find((entry) => entry.code === code)!.id;

  // A reviewer sends the bank statements back (the API the back office calls).
  const reviewer = await staffContext(browser, 'reviewer');
  await call(reviewer, 'POST', `/api/staff/entries/${id}/documents/`, {
    group: 'withdrawals_detail',
    decision: 'inadequate',
    reason: '通帳の明細が直近3か月分そろっていません。3か月分を撮影してください。',
  });
  await call(reviewer, 'POST', `/api/staff/entries/${id}/actions/`, { action: 'markInadequate' });
  await checkLines(page, `/entry/detail/${id}`);
  await checkLines(page, `/entry/resubmit/${id}`);
  await uploadTo(page.getByRole('region', { name: '入出金明細' }), '入出金明細の新しいファイル', await pdfFile(page, '通帳 3か月分.pdf'));
  await page.getByRole('button', { name: '再提出する' }).click();
  await expect(page).toHaveURL(`/entry/detail/${id}`);

  // Confirmed, priced by the reviewer, offered by an approver.
  const detail = (await (await reviewer.request.get(`/api/staff/entries/${id}/`)).json()) as {
    entry: { user: number; claims: { id: number }[] };
  };
  await call(reviewer, 'POST', `/api/staff/users/${detail.entry.user}/identity/`, {
    decision: 'confirmed',
    valid_date: daysFromToday(365),
  });
  for (const group of ['withdrawals_detail', 'financial_statements'])
    await call(reviewer, 'POST', `/api/staff/entries/${id}/documents/`, { group, decision: 'confirmed' });
  for (const claim of detail.entry.claims) {
    await call(reviewer, 'POST', `/api/staff/entries/${id}/documents/`, { group: 'invoice', claim_id: claim.id, decision: 'confirmed' });
    await call(reviewer, 'POST', `/api/staff/claims/${claim.id}/decision/`, {
      decision: 'can_buy',
      purchase_ratio: '0.8',
      purchase_fee_ratio: '0.05',
      bank_charge: '660',
    });
  }
  const approver = await staffContext(browser, 'approver');
  await call(approver, 'POST', `/api/staff/entries/${id}/approve/`, { contract_period: daysFromToday(7) });
  await checkLines(page, `/entry/contract/${id}`);
  await page.getByRole('checkbox', { name: /同意します/ }).check();
  await page.getByRole('button', { name: '契約する' }).click();
  await expect(page).toHaveURL('/entry/contract/complete');
  await checkLines(page, null);
  await reviewer.close();
  await approver.close();
});
