import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page, TestInfo } from '@playwright/test';
import { loggedInApplicant } from './applicants';
import { shellIdle, test, expect } from './fixtures';

/**
 * Size budgets of the compressed JavaScript of `/`, `/login` and `/mypage` (issue 12), against the
 * baselines recorded in e2e/budgets.json. The figure of a page is the sum, over every script the
 * page downloads until the network is idle, of the **gzip -9 size of the response body** (the
 * decoded body gzipped here, so the figure does not depend on what the server sends; over the wire
 * brotli is smaller still). A page fails when it grows more than 5% over its baseline.
 *
 * The baseline changes deliberately, in the commit that justifies it:
 * `pnpm build && pnpm budget:record` (BUDGET_RECORD=1: measures and writes e2e/budgets.json).
 */
const BUDGETS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'budgets.json');
const TOLERANCE = 0.05;
const RECORD = process.env.BUDGET_RECORD === '1';

interface PageBudget {
  /** Sum of the gzip -9 sizes of the page's JS response bodies, bytes. */
  jsGzipBytes: number;
  files: number;
}
interface BudgetsFile {
  note: string;
  tolerance: number;
  pages: Record<string, PageBudget>;
}

const NOTE =
  'Compressed JS per page (sum of gzip -9 of each script body), measured by e2e/tests/budget.spec.ts. ' +
  'A page fails when it grows more than 5% over its figure. Update deliberately: pnpm build && pnpm budget:record, ' +
  'committed with the change that justifies it.';

function readBudgets(): BudgetsFile {
  try {
    return JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8')) as BudgetsFile;
  } catch {
    return { note: NOTE, tolerance: TOLERANCE, pages: {} };
  }
}

interface ScriptRow {
  path: string;
  raw: number;
  gzip: number;
  encoding: string | undefined;
}

/** Records every script response of the page (call before the navigation). */
function collectScripts(page: Page): () => Promise<ScriptRow[]> {
  const pending: Promise<ScriptRow>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await r.body();
        const headers = await r.allHeaders();
        return {
          path: new URL(r.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: headers['content-encoding'],
        };
      })(),
    );
  });
  return async () => (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function checkBudget(pageName: string, rows: ScriptRow[], testInfo: TestInfo) {
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const report = [
    ...rows.map((r) => `${kb(r.gzip).padStart(9)} gzip ${kb(r.raw).padStart(9)} raw  ${(r.encoding ?? 'identity').padEnd(8)} ${r.path}`),
    `${kb(total).padStart(9)} gzip  total of ${pageName} (${rows.length} files)`,
  ].join('\n');
  console.log(report);
  await testInfo.attach(`js-size${pageName.replace(/\//g, '-')}.txt`, { body: report, contentType: 'text/plain' });

  if (RECORD) {
    // Read-modify-write of this page's figure (budget:record runs one worker).
    const budgets = readBudgets();
    budgets.note = NOTE;
    budgets.tolerance = TOLERANCE;
    budgets.pages[pageName] = { jsGzipBytes: total, files: rows.length };
    budgets.pages = Object.fromEntries(Object.entries(budgets.pages).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
    return;
  }
  const baseline = readBudgets().pages[pageName];
  const howToUpdate =
    'If the growth is deliberate, run `pnpm build && pnpm budget:record` and commit e2e/budgets.json with the change that justifies it.';
  expect(baseline, `no baseline for ${pageName} in e2e/budgets.json. ${howToUpdate}`).toBeDefined();
  const limit = Math.floor(baseline!.jsGzipBytes * (1 + TOLERANCE));
  expect(
    total,
    `${pageName} loads ${kb(total)} of JS (gzip, ${rows.length} files), more than ${TOLERANCE * 100}% over its baseline of ` +
      `${kb(baseline!.jsGzipBytes)} (${baseline!.files} files; limit ${kb(limit)}). ${howToUpdate}`,
  ).toBeLessThanOrEqual(limit);
}

test('/: the JS stays within its budget, and arrives brotli-compressed', async ({ page }, testInfo) => {
  const scripts = collectScripts(page);
  await page.goto('/');
  await expect(page.locator('[data-layout="marketing"]')).toBeVisible();
  await shellIdle(page);
  const rows = await scripts();
  // Precompressed at build (scripts/assemble-site.mjs): every script of 1 KB or more comes as .br.
  const large = rows.filter((r) => r.raw >= 1024);
  expect(large.length).toBeGreaterThan(0);
  expect(
    large.filter((r) => r.encoding !== 'br').map((r) => `${r.path}: ${r.encoding ?? 'identity'}`),
    'scripts of / not sent with content-encoding: br',
  ).toEqual([]);
  await checkBudget('/', rows, testInfo);
});

test('/login: the JS stays within its budget', async ({ page }, testInfo) => {
  const scripts = collectScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  await shellIdle(page);
  await checkBudget('/login', await scripts(), testInfo);
});

test('/mypage (logged in): the JS stays within its budget', async ({ page }, testInfo) => {
  await loggedInApplicant(page, 'corporate');
  const scripts = collectScripts(page);
  await page.goto('/mypage');
  await expect(page.getByTestId('mypage-name')).toHaveText('山田 太郎');
  await shellIdle(page);
  await checkBudget('/mypage', await scripts(), testInfo);
});
