/**
 * CSV for Excel in Japan (issue 25: the accounting exports of the API, and the mocks'): UTF-8 with a byte-order mark (without one, Excel reads the file
 * as Shift_JIS and the Japanese turns to mojibake), CRLF line ends, every cell quoted (a quote
 * inside doubled). A cell that a spreadsheet would read as a formula — it begins with `=`, `+`, `-`,
 * `@`, a tab or a carriage return — gets a leading `'` (CSV injection, OWASP): an applicant named
 * `=HYPERLINK("http://…")` is shown as text, never run.
 */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, neutralised and quoted. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole file: the BOM, then one CRLF-ended line per row. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return CSV_BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
