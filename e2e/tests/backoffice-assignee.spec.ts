import type { TestInfo } from '@playwright/test';
import fs from 'node:fs';
import { expectNoSeriousAxeViolation, readyApplicant, submittedEntryViaApi } from './applicants';
import { expect, failedResponse, test, type Page } from './fixtures';
import { loginAsStaff, staffContext, staffOf } from './staff';

/**
 * 担当 (issue 25): two reviewers on one entry. The reviewer takes it; the approver sees 「担当：…」 in
 * the queue and on the entry, takes it over after a dialog that names the reviewer, and confirms the
 * bank statements. The reviewer's page, still showing the entry as it was, changes nothing: letting
 * go of an entry no longer theirs and deciding a document decided meanwhile are each refused (409)
 * with who did it, and the page reads the entry again in place. Desktop (1280 px) and phone (375 px):
 * both reviewers' pages at the project's size, axe on the queue, the entry and the dialog.
 */

/** Japan's time as the API's refusals say it: 2026年11月28日 09:05. */
const JST_TIME = String.raw`\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}`;

const SHOTS = '/work/notes/shots';
const shoot = async (page: Page, name: string, testInfo: TestInfo) => {
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  // The lead's review copies (375 and 1280 px), when the notes folder is there.
  if (fs.existsSync(SHOTS)) fs.copyFileSync(file, `${SHOTS}/assignee-${name}-${testInfo.project.name === 'phone' ? 375 : 1280}.png`);
};

test.use({
  expectedConsoleErrors: {
    'the reviewer lets go of an entry the approver took meanwhile: 409': failedResponse(409, /\/api\/staff\/entries\/\d+\/assignee\//),
    'the reviewer decides bank statements the approver confirmed meanwhile: 409': failedResponse(
      409,
      /\/api\/staff\/entries\/\d+\/documents\//,
    ),
  },
});

test('two reviewers: one takes the entry, the other sees it and takes it over after a dialog; the first one’s stale page overwrites nothing', async ({
  page,
  browser,
}, testInfo) => {
  // Two staff contexts and an applicant, three screenshots per width: 128 s in a flake-hunt run with
  // the CPUs kept busy (scripts/flake-hunt.mjs --stress), so twice the most it took there.
  test.setTimeout(240_000);
  // An applicant's entry under review, made through the API.
  await readyApplicant(page, 'corporate');
  const { code } = await submittedEntryViaApi(page, 'corporate');
  const entries = (await (await page.context().request.get('/api/entries/')).json()) as { id: number; code: string }[];
  const id = entries.find((entry) => entry.code === code)!.id;
  await page.context().clearCookies();
  // The reviewer (this page) takes the entry.
  const reviewer = await loginAsStaff(page, 'reviewer', { via: 'api' });
  await page.goto(`/backoffice/entries/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `申し込み ${code}` })).toBeVisible();
  const mine = page.getByRole('region', { name: '担当' });
  await expect(mine).toContainText('担当者はいません。');
  await mine.getByRole('button', { name: '担当する' }).click();
  await expect(mine).toContainText(/^担当あなた（\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}から）/);
  await expect(mine.getByRole('button', { name: '担当を外す' })).toBeVisible();
  // The reviewer's page as it stays: the bank statements 確認中, the entry theirs.
  const staleStatements = page.getByRole('group', { name: '入出金明細' });
  await expect(staleStatements.locator('.bo-badge')).toHaveText('確認中');

  // The approver, on a page of their own: the queue says who has the entry.
  const other = await staffContext(browser, 'approver', { asProject: true });
  const approver = staffOf(other);
  const theirs = await other.newPage();
  await theirs.goto('/backoffice?order=newest');
  await expect(theirs.getByRole('heading', { level: 1, name: '審査キュー' })).toBeVisible();
  const row = theirs.getByRole('row').filter({ has: theirs.getByRole('link', { name: code }) });
  await expect(row).toContainText(`担当：${reviewer.name}`);
  await expectNoSeriousAxeViolation(theirs);
  await shoot(theirs, 'queue', testInfo);

  // The entry names the reviewer; the takeover asks first, naming them.
  await row.getByRole('link', { name: code }).click();
  await expect(theirs.getByRole('heading', { level: 1, name: `申し込み ${code}` })).toBeVisible();
  const box = theirs.getByRole('region', { name: '担当' });
  await expect(box).toContainText(`${reviewer.name}さん（`);
  await expect(box.getByRole('button', { name: '担当を外す' })).toHaveCount(0);
  await expectNoSeriousAxeViolation(theirs);
  await shoot(theirs, 'entry', testInfo);
  await box.getByRole('button', { name: '引き継ぐ' }).click();
  const dialog = theirs.getByRole('dialog', { name: '担当を引き継ぎますか？' });
  await expect(dialog).toContainText(`${reviewer.name}さんが担当しています`);
  await expectNoSeriousAxeViolation(theirs);
  await shoot(theirs, 'takeover-dialog', testInfo);
  await dialog.getByRole('button', { name: '引き継ぐ' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(box).toContainText(/^担当あなた（/);
  await expect(theirs.getByRole('region', { name: '履歴（監査ログ）' })).toContainText(`担当 ${reviewer.name} → ${approver.name}`);

  // The reviewer's page, not read since, still says the entry is theirs: letting go is refused,
  // naming who has it now, and the page reads the entry again — it shows them, and offers the takeover.
  await mine.getByRole('button', { name: '担当を外す' }).click();
  await expect(mine.getByText(new RegExp(`^この申し込みは${approver.name}さんが${JST_TIME}から担当しています。`))).toBeVisible();
  await expect(mine).toContainText(`${approver.name}さん（`);
  await expect(mine.getByRole('button', { name: '引き継ぐ' })).toBeVisible();
  await expect(mine.getByRole('button', { name: '担当を外す' })).toHaveCount(0);
  await shoot(page, 'stale-assignee', testInfo);

  // The approver confirms the bank statements; the reviewer's page still shows them 確認中.
  const statements = theirs.getByRole('group', { name: '入出金明細' });
  await statements.getByRole('button', { name: '確認済にする' }).click();
  await expect(statements.locator('.bo-badge')).toHaveText('確認済');
  await expect(staleStatements.locator('.bo-badge')).toHaveText('確認中');

  // The reviewer finds them inadequate on that page: refused, saying who confirmed them and when;
  // the page then shows 確認済, and the reason typed is still there.
  const reason = '3か月分そろっていません。';
  await staleStatements.getByRole('textbox').fill(reason);
  await staleStatements.getByRole('button', { name: '不備にする' }).click();
  await expect(
    staleStatements.getByText(new RegExp(`^この書類は${approver.name}さんが${JST_TIME}に「確認済」にしています。`)),
  ).toBeVisible();
  await expect(staleStatements.locator('.bo-badge')).toHaveText('確認済');
  await expect(staleStatements.getByRole('textbox')).toHaveValue(reason);
  await expectNoSeriousAxeViolation(page);
  await shoot(page, 'stale-document', testInfo);

  // Nothing was overwritten: the approver has the entry, the statements are 確認済, not sent back.
  const detail = (await (await other.request.get(`/api/staff/entries/${id}/`)).json()) as {
    assignee: { staff_name: string } | null;
    entry: { account_activity_statement_confirmation_status: number; inadequate_documents: unknown[] };
  };
  expect(detail.assignee?.staff_name).toBe(approver.name);
  expect(detail.entry.account_activity_statement_confirmation_status).toBe(3);
  expect(detail.entry.inadequate_documents).toEqual([]);
  await other.close();
});
