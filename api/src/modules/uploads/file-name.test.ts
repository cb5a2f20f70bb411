import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-name';

describe('safeFileName: the name gets the extension of the detected type', () => {
  it.each([
    // kept: the extension already names the type (any case, any of its usual spellings)
    ['請求書.pdf', 'application/pdf', '請求書.pdf'],
    ['請求書.PDF', 'application/pdf', '請求書.PDF'],
    ['scan.jpeg', 'image/jpeg', 'scan.jpeg'],
    ['scan.JPG', 'image/jpeg', 'scan.JPG'],
    ['明細.csv', 'text/csv', '明細.csv'],
    ['photo.heic', 'image/heic', 'photo.heic'],
    ['photo.heif', 'image/heif', 'photo.heif'],
    ['図.png', 'image/png', '図.png'],
    // replaced: another type's extension
    ['invoice.html', 'application/pdf', 'invoice.pdf'],
    ['invoice.htm', 'image/png', 'invoice.png'],
    ['report.svg', 'image/png', 'report.png'],
    ['photo.png', 'image/jpeg', 'photo.jpg'],
    ['明細.txt', 'text/csv', '明細.csv'],
    // a second extension hidden behind the real one: the type's own is kept, the program's dropped
    ['請求書.pdf.exe', 'application/pdf', '請求書.pdf'],
    ['請求書.PDF.Exe', 'application/pdf', '請求書.PDF'],
    ['scan.jpg.js', 'image/jpeg', 'scan.jpg'],
    ['invoice.html.exe', 'application/pdf', 'invoice.html.pdf'],
    // a dotted name that has no extension: kept whole, the type's appended
    ['請求書', 'application/pdf', '請求書.pdf'],
    ['請求書_v1.2', 'application/pdf', '請求書_v1.2.pdf'],
    ['2024.03.31', 'application/pdf', '2024.03.31.pdf'],
    // Windows drops trailing dots and spaces: `a.exe.` would be `a.exe`
    ['invoice.exe.', 'application/pdf', 'invoice.pdf'],
    ['invoice.exe. . ', 'application/pdf', 'invoice.pdf'],
    // a hidden file, or nothing left but the extension
    ['.html', 'application/pdf', 'ファイル.pdf'],
    ['.pdf', 'application/pdf', 'ファイル.pdf'],
    ['..pdf.exe', 'application/pdf', 'ファイル.pdf'],
    ['', 'application/pdf', 'ファイル.pdf'],
    // a type with no known extension: never the applicant's
    ['run.exe', 'application/octet-stream', 'run.bin'],
    ['data', 'application/x-unknown', 'data.bin'],
    // a bidi override that would show `invoice‮fdp.exe` as `invoiceexe.pdf`
    ['invoice\u202Efdp.exe', 'application/pdf', 'invoicefdp.pdf'],
    // Content-Type parameters are not part of the type
    ['明細.html', 'text/csv; charset=utf-8', '明細.csv'],
  ])('%j as %s → %j', (name, type, expected) => {
    expect(safeFileName(name, type)).toBe(expected);
  });

  it('keeps the name within 200 characters, the extension included', () => {
    const long = `${'あ'.repeat(198)}.html`;
    const safe = safeFileName(long, 'application/pdf');
    expect([...safe]).toHaveLength(200);
    expect(safe.endsWith('あ.pdf')).toBe(true);
  });

  it('is idempotent: a safe name stays as it is', () => {
    for (const [name, type] of [
      ['invoice.html', 'application/pdf'],
      ['請求書.pdf.exe', 'application/pdf'],
      ['.html', 'image/png'],
      [`${'い'.repeat(300)}.exe`, 'text/csv'],
    ] as const) {
      const once = safeFileName(name, type);
      expect(safeFileName(once, type)).toBe(once);
    }
  });
});
