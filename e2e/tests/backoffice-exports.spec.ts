import fs from 'node:fs';
import { call, daysFromToday, readyApplicant, submittedEntryViaApi } from './applicants';
import { expect, test } from './fixtures';
import { confirmAndPriceViaApi, staffContext, staffEntry } from './staff';

/**
 * The accounting export (issue 25): an entry paid out today, for an applicant whose company name
 * starts like a spreadsheet formula, appears once in the payouts CSV an approver downloads from
 * /backoffice/exports — UTF-8 with a BOM, the header, the formula neutralised with a leading `'`.
 */
const FORMULA_NAME = '=HYPERLINK(A1,"請求書")';

test('an approver downloads today’s payouts: BOM, the header, the entry once, its formula-like name neutralised', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await readyApplicant(page, 'corporate', { company_name: FORMULA_NAME });
  const { code } = await submittedEntryViaApi(page, 'corporate');
  const entries = (await (await page.context().request.get('/api/entries/')).json()) as { id: number; code: string }[];
  const id = entries.find((entry) => entry.code === code)!.id;

  // Reviewed, priced, offered, signed and paid out — through the API the back office and the contract page call.
  const reviewer = await staffContext(browser, 'reviewer');
  const { user } = await staffEntry(reviewer, id);
  await call(reviewer, 'POST', `/api/staff/users/${user}/identity/`, { decision: 'confirmed', valid_date: daysFromToday(365) });
  await confirmAndPriceViaApi(reviewer, id);
  await reviewer.close();
  const approver = await staffContext(browser, 'approver');
  await call(approver, 'POST', `/api/staff/entries/${id}/approve/`, { contract_period: daysFromToday(7) });
  await call(page.context(), 'POST', `/api/entries/${id}/contract/`, { agreed: true });
  await call(approver, 'POST', `/api/staff/entries/${id}/actions/`, { action: 'transfer' });

  // The approver's page: 会計用データ from the navigation, today's payouts.
  const staffPage = await approver.newPage();
  await staffPage.goto('/backoffice');
  await staffPage.getByRole('navigation', { name: '管理画面' }).getByRole('link', { name: '会計用データ' }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: '会計用データ' })).toBeVisible();
  const payouts = staffPage.getByRole('region', { name: '入金（お振込み）一覧' });
  await payouts.getByLabel('開始日').fill(daysFromToday(0));
  await payouts.getByLabel('終了日').fill(daysFromToday(0));
  const downloaded = staffPage.waitForEvent('download');
  await payouts.getByRole('button', { name: 'CSV をダウンロード' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`payouts_${daysFromToday(0)}_${daysFromToday(0)}.csv`);
  await expect(payouts.getByRole('status')).toContainText('をダウンロードしました。');

  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe(
    '"入金日時","申込番号","申込者","請求書の数","額面の合計","手数料の合計","振込手数料の合計","お振込み額（買取額の合計）","振込先口座"',
  );
  // Other tests pay out entries today too: this entry's row, exactly once.
  const mine = lines.filter((line) => line.includes(`"${code}"`));
  expect(mine).toHaveLength(1);
  expect(mine[0]).toContain(`"'=HYPERLINK(A1,""請求書"")"`);
  expect(mine[0]).toMatch(/"\S+ \S+ 普通 \*\*\*\*\d{3} [^"]+"$/);

  await expect(staffPage.locator('[aria-busy="true"]')).toHaveCount(0);
  await approver.close();
});
