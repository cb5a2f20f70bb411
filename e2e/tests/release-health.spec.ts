import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { FAULT_FILE } from '../global-setup';
import { test, expect, shellIdle } from './fixtures';
import { expectNoSeriousAxeViolation } from './applicants';
import { applicant, deployment, putInSegment, release, sendTelemetry, telemetryStored } from './release-canary';
import { staffContext } from './staff';

/**
 * The back office's 「カナリアの健全性」 (issue 26) on real telemetry: mypage's fault build (it throws
 * on mount, global-setup.ts) is a canary for a segment, applicants in and out of it open their pages
 * and their browsers send the field signals (POST /api/telemetry/); a staff member then reads the
 * canary beside the live version on リリース状況, at 1280 px and at 375 px (screenshots attached),
 * with no serious axe violation. A canary changes what applicants are served, so this runs in the
 * `release-serial` project; the canary is ended afterwards whatever happened.
 */
const SEGMENT = 'e2e-health';

/** A full-page screenshot, kept with the test's results and attached to its report. */
async function shot(page: Page, name: string) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

test('リリース状況 shows a canary beside the live version from real telemetry: verdict, numbers, charts, at 1280 px and 375 px', async ({
  browser,
}) => {
  // Three applicants sign up, a release command and the operator command run, and the page is read
  // at two widths with axe: a budget for the whole test, not a wait.
  test.setTimeout(120_000);
  const fault = JSON.parse(fs.readFileSync(FAULT_FILE, 'utf8')) as { version: string };
  const live = deployment().remotes.mypage!.version;
  const contexts: BrowserContext[] = [];
  try {
    const people = [await applicant(browser), await applicant(browser), await applicant(browser)];
    contexts.push(...people.map((p) => p.context));
    putInSegment([people[0]!.email, people[1]!.email], SEGMENT);
    release('canary', 'mypage', fault.version, '--segment', SEGMENT, '--why', 'e2e: the health page');
    for (const [i, person] of people.entries()) {
      await person.page.goto('/mypage');
      if (i < 2) await expect(person.page.locator('[data-error-status="500"]')).toBeVisible();
      else await expect(person.page.getByRole('heading', { level: 1 })).toHaveText('マイページ');
      await shellIdle(person.page);
      await sendTelemetry(person.page);
    }
    // Taken at once, written in batches: the page reads what the database holds.
    await telemetryStored(people[2]!.page, 'mypage', { canarySessions: 2, canaryErrors: 2, liveSessions: 1 });

    const staff = await staffContext(browser, 'reviewer');
    contexts.push(staff);
    const page = staff.pages()[0]!;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/backoffice/releases?window=360');
    const card = page.getByRole('article', { name: `mypage: カナリア ${fault.version} と公開中 ${live}` });
    await expect(card).toBeVisible();
    // Two sessions each: below the 50 the verdict needs, said so with the numbers.
    await expect(card.getByText('判定', { exact: true }).locator('..')).toHaveText('判定 データ不足');
    await expect(card.getByRole('list', { name: '判定の根拠' })).toContainText('判定に必要な 50 件に足りません');
    const numbers = card.getByRole('table', { name: 'カナリアと公開中の比較' });
    // The canary's errors (its first cell): the two applicants in the segment met the throwing build.
    await expect(
      numbers
        .getByRole('row', { name: /^エラー / })
        .getByRole('cell')
        .first(),
    ).not.toHaveText('0');
    await expect(card.getByRole('table', { name: 'カナリアだけの新しいエラー' })).toBeVisible();
    // Where the fault build threw: in mypage's source, through the build's source map, which the
    // release kept private; the script the browsers ran beneath it, and its map not served.
    const thrown = card
      .getByRole('table', { name: 'カナリアだけの新しいエラー' })
      .getByRole('row')
      .filter({ hasText: 'this build throws on mount' });
    const [source, served] = [thrown.getByRole('definition').first(), thrown.getByRole('definition').nth(1)];
    await expect(source).toHaveText(/^mfe-mypage\/src\/app\/pages\.tsx:21:\d+ \(FaultyPage\)$/);
    await expect(served).toHaveText(
      new RegExp(`\\(/remotes/mfe-mypage/${fault.version.replaceAll('.', '\\.')}/[\\w.-]+\\.js:\\d+:\\d+\\)$`),
    );
    const script = /\((\/remotes\/[^:]+\.js):/.exec((await served.textContent()) ?? '')![1]!;
    expect((await page.request.get(script)).status()).toBe(200);
    expect((await page.request.get(`${script}.map`)).status()).toBe(404);
    await expect(card.getByRole('img', { name: /^1,000ページビューあたりのエラーの推移（30分ごと）/ })).toBeVisible();
    await expect(card.getByRole('img', { name: /^LCP p75の推移（30分ごと）/ })).toBeVisible();
    await expect(page.getByRole('link', { name: '過去6時間' })).toHaveAttribute('aria-current', 'true');
    await expectNoSeriousAxeViolation(page);
    await shot(page, 'release-health-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(card.getByRole('img', { name: /^LCP p75の推移/ })).toBeVisible();
    // The numbers behind a chart, opened: a table of its own, scrolled inside its region.
    await card.getByText('数値を表で見る').first().click();
    await expect(card.getByRole('table', { name: '1,000ページビューあたりのエラー（開始時刻ごと）' })).toBeVisible();
    // Where the error was thrown wraps in its column, narrower than the phone (scrolled to it).
    await served.scrollIntoViewIfNeeded();
    for (const frame of [source, served]) expect((await frame.boundingBox())!.width).toBeLessThan(375);
    await thrown.screenshot({ path: test.info().outputPath('release-health-375-thrown-at.png') });
    // Nothing wider than the phone but the tables' own scrolling regions.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousAxeViolation(page);
    await shot(page, 'release-health-375');
  } finally {
    if (deployment().canary?.mypage) release('canary', 'abort', 'mypage', '--why', 'e2e cleanup');
    for (const context of contexts) await context.close();
  }
});
