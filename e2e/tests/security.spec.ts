import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { asDeploymentManifest } from '../remotes';

/**
 * The site under its Content-Security-Policy (api/src/http/security-headers.ts): every page the
 * journeys below open records each `securitypolicyviolation` event; there must be none (Chromium
 * also logs each violation as a console error, which the fixtures fail on).
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

test('every response carries the security headers; the public pages run under the CSP without a violation', async ({ page }) => {
  const violations = await recordViolations(page);
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  // The document's one inline script is the shell's built after-paint loader (loader.json), and the
  // CSP allows exactly that text, by its SHA-256: no 'unsafe-inline'.
  const inline = [...(await response!.text()).matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, , text]) => text !== '');
  expect(inline.map(([, attributes]) => attributes)).toEqual([expect.stringMatching(/^ data-after-paint="\/assets\/main\.[0-9a-f]+\.js"/)]);
  const loaderHash = createHash('sha256').update(inline[0]![2]!).digest('base64');
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1]?.split(' ');
  expect(scriptSrc).toContain(`'sha256-${loaderHash}'`);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('camera=()');
  await expect(page.locator('[data-layout="marketing"]')).toBeVisible();
  for (const path of ['/login', '/register', '/terms', '/profile/password/reset']) {
    await page.goto(path);
    await expect(page.locator('#app-root')).not.toBeEmpty();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(await violations()).toEqual([]);
  // An API answer is never a page: nothing may load in it or frame it, and no headers of a page.
  const api = await page.request.post('/api/me/', { data: {} });
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.headers()['permissions-policy']).toBeUndefined();
  expect(api.headers()['x-frame-options']).toBe('DENY');
});

test.describe('a tampered deployment manifest', () => {
  test.use({
    expectedConsoleErrors: {
      'the shell reports the refused manifest':
        /DeploymentManifestError: mypage: https:\/\/evil\.example\/mf-manifest\.json is neither on this site/,
    },
  });
  test('a remote URL on a foreign origin is refused: the error page, and no request to that origin', async ({ page }) => {
    const foreign: string[] = [];
    await page.route('https://evil.example/**', async (route) => {
      foreign.push(route.request().url());
      await route.abort();
    });
    await page.route('**/deployment.json', async (route) => {
      const res = await route.fetch();
      const manifest = asDeploymentManifest(await res.json());
      manifest.remotes.mypage.manifest = 'https://evil.example/mf-manifest.json';
      await route.fulfill({ response: res, json: manifest });
    });
    await page.goto('/');
    await expect(page.getByText('エラーコード 503')).toBeVisible();
    expect(foreign).toEqual([]);
  });
});
