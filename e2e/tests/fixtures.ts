import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` that fails the test on any console error or uncaught exception, unless the test expects
 * errors (`allowConsoleErrors`). Also gives `singleSpaNavigate`, the in-app navigation a link does.
 */
export const test = base.extend<{ allowConsoleErrors: boolean; consoleErrors: string[] }>({
  allowConsoleErrors: [false, { option: true }],
  consoleErrors: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await use(errors);
    if (!allowConsoleErrors) expect(errors, 'console errors').toEqual([]);
  },
});
export { expect };

/** Navigates inside the app the way a link does (History API; single-spa reroutes). */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
  }, path);
}

export async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = 'still-here';
  });
}

export async function windowMarker(page: Page) {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker ?? null);
}
