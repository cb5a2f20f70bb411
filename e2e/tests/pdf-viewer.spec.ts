import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { ACCEPTED_PRE_ENTRY, call, expectNoSeriousAxeViolation, loggedInApplicant, submittedEntryViaApi, uploadViaApi } from './applicants';
import { loginAsStaff, staffEntryIdByCode } from './staff';

/**
 * Issue 23 item 5: an applicant's PDF that runs JavaScript when opened (/OpenAction) is shown in the
 * back office without its script running — drawn by PDF.js onto a canvas, never handed to the
 * browser's PDF viewer — and it downloads under the name of its real type (item 4).
 */

/** A PDF built by hand from its objects (1 is the catalogue), with a correct cross-reference table. */
function pdfOf(objects: readonly string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'utf8'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'utf8');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'utf8');
}

const stream = (content: string) => `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;

/** One page: a blue square, a line of text, and an /OpenAction script (app.alert, app.response). */
function scriptedPdf(): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
    stream('BT /F1 18 Tf 20 170 Td (Scripted PDF) Tj ET 0 0 1 rg 40 40 120 100 re f'),
    "<< /Type /Action /S /JavaScript /JS (app.alert\\('セッションが切れました。'\\); app.response\\('パスワードを再入力'\\);) >>",
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * One page of Japanese text (請求書) in a font that is not embedded, encoded by the UniJIS-UCS2-H
 * character map — as older Japanese PDF writers do: drawn only when PDF.js can fetch that map.
 */
function japaneseTextPdf(): Buffer {
  const font = '/BaseFont /KozMinPr6N-Regular';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('BT /F1 40 Tf 10 35 Td <8ACB6C4266F8> Tj ET'),
    `<< /Type /Font /Subtype /Type0 ${font} /Encoding /UniJIS-UCS2-H /DescendantFonts [6 0 R] >>`,
    `<< /Type /Font /Subtype /CIDFontType0 ${font} /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor 7 0 R >>`,
    '<< /Type /FontDescriptor /FontName /KozMinPr6N-Regular /Flags 6 /FontBBox [-437 -340 1147 1317] /ItalicAngle 0 /Ascent 1317 /Descent -349 /CapHeight 742 /StemV 80 >>',
  ]);
}

/** Pixels of a canvas that match: blue ink, or dark ink (text). */
const countPixels = (canvas: Locator, kind: 'blue' | 'dark') =>
  canvas.evaluate((element: HTMLCanvasElement, wanted) => {
    const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? new Uint8ClampedArray();
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (wanted === 'blue' ? b > 200 && r < 60 && g < 60 : a > 200 && r < 100 && g < 100 && b < 100) count++;
    }
    return count;
  }, kind);

test('the back office shows an applicant’s scripted PDF drawn on a canvas: no dialog, no browser PDF viewer, the real type’s name', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });

  // An applicant whose identity document (front) is the scripted PDF, sent as `免許証.html`.
  await loggedInApplicant(page, 'corporate');
  const context = page.context();
  await call(context, 'POST', '/api/pre_entry/', ACCEPTED_PRE_ENTRY);
  const scripted = await uploadViaApi(context, 'identity', { name: '免許証.html', mimeType: 'text/html', buffer: scriptedPdf() }, 'front');
  expect(scripted).toMatchObject({ content_type: 'application/pdf', name: '免許証.pdf' });
  const back = await uploadViaApi(
    context,
    'identity',
    { name: '免許証 裏.pdf', mimeType: 'application/pdf', buffer: japaneseTextPdf() },
    'back',
  );
  await call(context, 'PATCH', '/api/profile/', {
    office_phone: '03-1234-5678',
    office_zipcode: '100-0001',
    office_prefecture: '東京都',
    office_city: '千代田区千代田1-1',
    owner_phone: '090-1234-5678',
    owner_zipcode: '100-0001',
    owner_prefecture: '東京都',
    owner_city: '千代田区千代田1-1',
    identity_document_type: 'drivingLicence',
    addfiles: [scripted.id, back.id],
  });
  const { code } = await submittedEntryViaApi(page, 'corporate');
  await context.clearCookies();

  await loginAsStaff(page, 'reviewer');
  await page.goto(`/backoffice/entries/${await staffEntryIdByCode(page, code)}`);
  await expect(page.getByRole('heading', { level: 1, name: `申し込み ${code}` })).toBeVisible();

  const identity = page.getByRole('list', { name: '本人確認書類' });
  await identity.getByRole('button', { name: '表面：免許証.pdfを表示' }).click();
  const firstPage = identity.getByRole('img', { name: '表面：免許証.pdf（1／1ページ）' });
  await expect(firstPage).toHaveAttribute('data-rendered', 'true');
  // Drawn: the blue square is on the canvas (pixels, not a blank sheet).
  expect(await countPixels(firstPage, 'blue')).toBeGreaterThan(1000);
  await expect(firstPage).toBeVisible();
  // No frame or plugin holds the document: the browser's PDF viewer (which would run it) is never used.
  await expect(page.locator('iframe, embed, object')).toHaveCount(0);
  await expect(identity.getByRole('link', { name: 'ダウンロード' })).toHaveAttribute('download', '免許証.pdf');
  await expectNoSeriousAxeViolation(page);
  await page.screenshot({ path: test.info().outputPath('backoffice-scripted-pdf.png'), fullPage: true });

  // A second look after closing: drawn again, still without a dialog.
  await identity.getByRole('button', { name: '表面：免許証.pdfを閉じる' }).click();
  await identity.getByRole('button', { name: '表面：免許証.pdfを表示' }).click();
  await expect(identity.getByRole('img', { name: '表面：免許証.pdf（1／1ページ）' })).toHaveAttribute('data-rendered', 'true');
  expect(dialogs).toEqual([]);

  // Japanese text in a font that is not embedded: PDF.js fetches the character map from the build and draws the text.
  const cmap = page.waitForResponse((response) => response.url().endsWith('/pdfjs/cmaps/UniJIS-UCS2-H.bcmap'));
  await identity.getByRole('button', { name: '裏面：免許証 裏.pdfを表示' }).click();
  expect((await cmap).status()).toBe(200);
  const text = identity.getByRole('img', { name: '裏面：免許証 裏.pdf（1／1ページ）' });
  await expect(text).toHaveAttribute('data-rendered', 'true');
  expect(await countPixels(text, 'dark')).toBeGreaterThan(500);
});
