import { ACCEPTED_PRE_ENTRY, call, completeDraftViaApi, loggedInApplicant, readyApplicant } from './applicants';
import { expect, test } from './fixtures';
import { checkLines, describeShortLines, shortLastLines } from './line-breaks';

/**
 * Japanese line breaking (issue 22): on the main pages, at the project's width (1280 px desktop,
 * 375 px phone), no paragraph, heading, button, label or badge that wraps ends with a line of one
 * or two characters. Each page is measured once its content has loaded (no section still busy).
 */

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
