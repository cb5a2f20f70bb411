import { UPLOAD_FILE_FIELD } from '@app/contracts';
import { test, expect, type Page } from './fixtures';
import { pdfFile, readyApplicant, uploadField, uploadedFile } from './applicants';

/**
 * An upload is a call of the one API client (issue 24): in the browser it goes out through the
 * client's XMLHttpRequest path, with the X-CSRFToken of every call and the multipart part the
 * endpoint's contract names, and the field shows its progress bar while the request is on its way.
 * The answer is held back (page.route) until the bar has been seen, so nothing depends on timing.
 */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('the invoice upload: the progress bar while the request is on its way, sent as the client sends every call, then the file listed', async ({
  page,
}) => {
  await readyApplicant(page, 'corporate');
  await page.goto('/entry/entry_invoice');
  await expect(heading(page)).toHaveText('請求書の登録');
  const file = await pdfFile(page, '請求書 進捗.pdf', '請求書');
  const field = uploadField(page.locator('[data-field="claims.0.contentfile_relations"]'), '請求書');

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent = new Promise<{ headers: Record<string, string>; body: string }>((resolve) => {
    void page.route('**/api/uploads/', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      resolve({ headers: await request.allHeaders(), body: request.postDataBuffer()?.toString('latin1') ?? '' });
      await held;
      await route.continue();
    });
  });

  await field.locator('input[type=file]').setInputFiles(file);
  const bar = field.getByRole('progressbar', { name: `${file.name}のアップロード` });
  await expect(bar).toBeVisible();

  const { headers, body } = await sent;
  const csrf = (await page.context().cookies()).find((cookie) => /csrftoken$/.test(cookie.name));
  expect(csrf?.value).toBeTruthy();
  expect(headers['x-csrftoken']).toBe(csrf?.value);
  expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  // The text field first, then the file as the part the endpoint names.
  expect(body.indexOf('name="kind"')).toBeGreaterThan(-1);
  expect(body.indexOf(`name="${UPLOAD_FILE_FIELD}"; filename=`)).toBeGreaterThan(body.indexOf('name="kind"'));

  release();
  await expect(uploadedFile(field, file.name)).toBeVisible();
  await expect(bar).toHaveCount(0);
});
