/* global document, requestAnimationFrame, requestIdleCallback -- used only inside page.evaluate (runs in the browser) */
// The browser bench's measurements (web.mjs): Lighthouse runs and the cross-remote navigation.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CHROME_PATH, REPORT_DIR, requireFromRoot, requireFromE2e, log } from './web-common.mjs';

let reportSerial = 0;

/**
 * A Lighthouse run again when Chromium's trace came out unusable (NO_NAVSTART and the like: a
 * flake of a loaded machine, not a property of the page), at most three times.
 */
export async function withRetries(run, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP|trace|PROTOCOL_TIMEOUT/i.test(String(error?.message))) throw error;
      log(`  again (${error.message.slice(0, 80)}…)`);
    }
  }
}

/** One Lighthouse run (performance only) in a fresh Chromium, logged in with `cookies` if given. */
export async function lighthouseRun(url, preset, cookies, label = '') {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = createRequire(requireFromRoot.resolve('lighthouse'))('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    if (cookies) {
      const { chromium } = requireFromE2e('@playwright/test');
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0].addCookies(cookies.map((c) => ({ ...c, url: new URL(url).origin })));
      await browser.close();
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], maxWaitForLoad: 30_000 },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result.lhr;
    if (REPORT_DIR) {
      fs.mkdirSync(REPORT_DIR, { recursive: true });
      const name = `${String(++reportSerial).padStart(3, '0')}-${label}${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}.json`;
      fs.writeFileSync(path.join(REPORT_DIR, name), result.report);
    }
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(url).pathname) throw new Error(`${url} ended on ${finalPath} (not logged in?)`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    return {
      score: lhr.categories.performance.score,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      js: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Landing page → click ログイン → the login form: ms, in the page's own clock, at 4× CPU throttle.
 * `engaged`: the visitor scrolled the page first (and it went idle), as one who reads before tapping;
 * otherwise the tap is the first thing they do (the page has only prefetched files, run nothing).
 */
export async function crossRemoteNavigation(browser, base, engaged) {
  const context = await browser.newContext({ locale: 'ja-JP' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/`, { timeout: 60_000 });
    await page.getByRole('link', { name: 'ログイン', exact: true }).first().waitFor({ timeout: 60_000 });
    // A prerendered page is links before it hydrates (a click would load a new document).
    await page.waitForFunction(
      () => document.querySelector('[data-layout]') !== null && document.querySelector('[data-prerendered]') === null,
      null,
      {
        timeout: 60_000,
      },
    );
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    if (engaged) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(200);
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 5000 })));
    }
    return await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const link = [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === 'ログイン');
          const formShown = () =>
            [...document.querySelectorAll('form button')].some((b) => b.textContent.trim() === 'ログイン' && b.offsetParent !== null);
          const started = performance.now();
          link.click();
          const poll = () => {
            if (formShown()) resolve(performance.now() - started);
            else if (performance.now() - started > 20_000) reject(new Error('no login form in 20 s'));
            else requestAnimationFrame(poll);
          };
          poll();
        }),
    );
  } finally {
    await context.close();
  }
}

/**
 * The browser half: rows for the one table (see index.mjs). `runs`: Lighthouse runs per page,
 * preset and side (5; --quick 1); the navigation is timed as often (at least 3).
 */
