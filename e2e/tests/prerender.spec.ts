import type { Browser, Page } from '@playwright/test';
import { test, expect, markWindow, waitForHydration, windowMarker } from './fixtures';

/**
 * The public pages come prerendered (scripts/prerender.mjs): their text and layout are in the HTML,
 * styled by static stylesheets before any script runs; the marketing remote then hydrates that HTML
 * without an error, a flash or a shift (issue 12).
 */

const HEADLINE = 'はやく確かな資金に。';

/** Console messages about hydration (React reports a mismatch as an error, some as warnings). */
function hydrationMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/hydrat/i.test(m.text())) messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (/hydrat|#418|#423|#425/i.test(e.message)) messages.push(`pageerror: ${e.message}`);
  });
  return messages;
}

/** Sum of the layout shifts of the page so far (not those right after input), as CLS counts them. */
async function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test('the raw HTML of / holds the landing page, styled by static stylesheets', async ({ request }) => {
  const response = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const html = await response.text();
  expect(html).toContain(HEADLINE);
  expect(html).toContain('<title>ツムギ 請求書買取｜請求書買取のオンライン申込み</title>');
  expect(html).toMatch(/<link rel="stylesheet" id="app-shared-styles" href="\/assets\/site\.[0-9a-f]{10}\.css"/);
  expect(html).toMatch(/<link rel="stylesheet" id="mfe-marketing-styles" href="\/assets\/marketing\.[0-9a-f]{10}\.css"/);
  // Every page of the shell links the site stylesheet too.
  const shell = await (await request.get('/mypage')).text();
  expect(shell).toMatch(/<link rel="stylesheet" id="app-shared-styles"/);
  expect(shell).not.toContain(HEADLINE);
  // Each public page has its own document.
  for (const [path, text] of [
    ['/statement', '私たちの約束'],
    ['/policy/privacy', 'プライバシーポリシー'],
    ['/legal/sct', '特定商取引法に基づく表記'],
  ] as const) {
    const page = await (await request.get(path)).text();
    expect(page).toContain(`<title>${text}｜ツムギ 請求書買取</title>`);
    expect(page).toContain('data-prerendered');
  }
});

async function withoutJavaScript<T>(browser: Browser, width: number, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('without JavaScript, / shows its text in the styled layout', async ({ browser }) => {
  await withoutJavaScript(browser, 375, async (page) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(HEADLINE);
    await expect(page.locator('[data-layout="marketing"]')).toBeVisible();
    // Site stylesheet (tokens, header, buttons) and the public pages' stylesheet both applied.
    await expect(page.locator('.site-header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.getByRole('banner').getByRole('link', { name: '無料会員登録' })).toHaveCSS('background-color', 'rgb(13, 122, 95)');
    await expect(page.locator('.mk-container').first()).toHaveCSS('max-width', '1112px');
    // No loading placeholder, no "enable JavaScript" notice: the page reads as is.
    await expect(page.getByText('読み込み中…')).toBeHidden();
    await expect(page.getByText('JavaScript を有効にしてください')).toHaveCount(0);
  });
});

test('/ hydrates the prerendered HTML: same nodes, no hydration error, no layout shift', async ({ page }) => {
  const messages = hydrationMessages(page);
  // The heading element the server sent, remembered before any script of the page runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { __serverH1: Element | null }).__serverH1 = document.querySelector('h1');
      }
    });
  });
  await page.goto('/');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __serverH1: Element | null }).__serverH1 === document.querySelector('h1'))).toBe(
    true,
  );
  expect(await page.evaluate(() => document.querySelector('h1')?.isConnected)).toBe(true);
  expect(messages).toEqual([]);
  expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.02);
});

for (const width of [375, 1280]) {
  test(`CLS of / stays at most 0.02 at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(HEADLINE);
    expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.02);
  });
}

test('after hydration the login link navigates inside the page', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await markWindow(page);
  await page.getByRole('banner').getByRole('link', { name: 'ログイン' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.locator('[data-layout="anonymous"]')).toBeVisible();
  expect(await windowMarker(page)).toBe('still-here');
});

test('a prerendered page that does not fit is rendered afresh: another path reached in the page', async ({ page }) => {
  const messages = hydrationMessages(page);
  await page.goto('/statement');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちの約束');
  await page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('利用規約');
  await expect(page.locator('main')).toHaveCount(1);
  expect(messages).toEqual([]);
});

test('a page that is not prerendered shows the layout skeleton, with a status text, until its remote renders', async ({ page }) => {
  // Hold the login page's remote until the skeleton has been looked at.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remotes\/mfe-auth\//, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByRole('status').filter({ hasText: '読み込み中…' })).toBeVisible();
  const skeletonHeader = await page.locator('.boot__header').boundingBox();
  expect(skeletonHeader?.height).toBe(61);
  release();
  await expect(page.locator('[data-layout="anonymous"]')).toBeVisible();
  await expect(page.locator('.boot')).toBeHidden();
  // The real header takes the skeleton's place, the same height.
  expect((await page.locator('.site-header').boundingBox())?.height).toBe(61);
});
