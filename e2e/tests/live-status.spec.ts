import type { Browser, Page } from '@playwright/test';
import { daysFromToday, readyApplicant, submittedEntryViaApi } from './applicants';
import { expect, failedRequest, markWindow, test, windowMarker } from './fixtures';
import { loginAsStaff, staffEntryIdByCode } from './staff';

/**
 * Live status (issue 22): a staff decision made in another browser context shows on the applicant's
 * open /mypage without a reload — within 3 s through the event stream (`GET /api/events/`), and,
 * with the stream blocked, at the next focus change (the tab shown again re-reads).
 */

const LIVE_WITHIN = { timeout: 3_000 };
const IDENTITY_WAITING = '提出いただいた書類を確認しています。確認中でも、お申し込みいただけます。';
const IDENTITY_DONE = '本人確認が完了しています。';

/** The reviewer, logged in to the back office in a browser context of their own. */
async function reviewerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await loginAsStaff(page, 'reviewer');
  return page;
}

/** The reviewer confirms the applicant's identity and sends the entry back for its bank statements, in the back office. */
async function decide(reviewer: Page, code: string) {
  const id = await staffEntryIdByCode(reviewer, code);
  await reviewer.goto(`/backoffice/entries/${id}`);
  await expect(reviewer.getByRole('heading', { level: 1, name: `申し込み ${code}` })).toBeVisible();
  return {
    identity: async () => {
      const form = reviewer.getByRole('form', { name: '本人確認の判定' });
      await form.getByLabel('確認済み').check();
      await form.getByLabel('有効期限').fill(daysFromToday(365 * 3));
      await form.getByRole('button', { name: '本人確認の判定を保存' }).click();
      await expect(reviewer.getByRole('form', { name: '本人確認の判定' })).toBeHidden();
    },
    sendBack: async () => {
      const bank = reviewer.getByRole('group', { name: '入出金明細' });
      await bank.getByLabel(/不備の理由/).fill('通帳の明細が直近3か月分そろっていません。');
      await bank.getByRole('button', { name: '不備にする' }).click();
      await expect(bank.getByText(/^不備の理由：/)).toBeVisible();
      await reviewer.getByRole('button', { name: '不備として差し戻す' }).click();
      await expect(reviewer.getByText('書類の不備あり', { exact: true }).first()).toBeVisible();
    },
  };
}

/** An applicant with the identity documents submitted (確認中) and an entry under review, on /mypage. */
async function applicantOnMypage(page: Page) {
  await readyApplicant(page, 'corporate');
  const { code } = await submittedEntryViaApi(page, 'corporate');
  await page.goto('/mypage');
  await expect(page.getByText(IDENTITY_WAITING)).toBeVisible();
  const entry = page.locator('.mp-entry').filter({ hasText: code });
  await expect(entry).toContainText('審査中');
  // A mark on the page's window: still there at the end means no reload happened.
  await markWindow(page);
  return { code, entry };
}

test('a staff decision in another browser shows on the open /mypage within 3 s, through the stream, without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The stream opens once the page has settled (the shell at idle), for this logged-in applicant.
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events/' && response.status() === 200);
  const { code, entry } = await applicantOnMypage(page);
  const stream = await streamOpen;
  expect(stream.headers()['content-type']).toBe('text/event-stream; charset=utf-8');

  const reviewer = await reviewerPage(browser);
  const decision = await decide(reviewer, code);
  await decision.identity();
  await expect(page.getByText(IDENTITY_DONE)).toBeVisible(LIVE_WITHIN);
  await decision.sendBack();
  await expect(entry).toContainText('書類の不備あり', LIVE_WITHIN);

  expect(await windowMarker(page)).toBe('still-here');
  await page.screenshot({ path: test.info().outputPath('mypage-after-live-update.png'), fullPage: true });
  await reviewer.context().close();
});

test.describe('with the stream blocked', () => {
  test.use({ expectedConsoleErrors: { 'the blocked stream (route.abort())': failedRequest('/api/events/') } });

  test('the decisions show at the next focus change (the tab hidden, then shown again)', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.route(/\/api\/events\//, (route) => route.abort());
    // Live status has started (its first attempt at the stream failed): the tab's listeners are in place.
    const blocked = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname === '/api/events/');
    const { code, entry } = await applicantOnMypage(page);
    await blocked;

    const reviewer = await reviewerPage(browser);
    const decision = await decide(reviewer, code);
    await decision.identity();
    await decision.sendBack();
    // Nothing tells this tab yet.
    await expect(page.getByText(IDENTITY_WAITING)).toBeVisible();
    await expect(entry).toContainText('審査中');

    // One focus change: the applicant looks at another tab, then comes back. Headless Chromium keeps
    // every page "visible", so the change is played as the browser reports it: visibilityState
    // hidden, then visible, each with its visibilitychange event.
    await page.evaluate(() => {
      const show = (state: 'hidden' | 'visible') => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
        document.dispatchEvent(new Event('visibilitychange'));
      };
      show('hidden');
      show('visible');
    });
    await expect(page.getByText(IDENTITY_DONE)).toBeVisible(LIVE_WITHIN);
    await expect(entry).toContainText('書類の不備あり', LIVE_WITHIN);

    expect(await windowMarker(page)).toBe('still-here');
    await reviewer.context().close();
  });
});
