import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { FACTORING_AGREEMENT } from '@app/contracts/copy/agreement';
import { formatYen, maskedBankAccountText, parseDecimal, parseYen } from '@app/contracts/domain';
import { jstDateTime } from '../../mail/templates';

/**
 * The signed contract (債権譲渡契約書) of an entry as a PDF, all in Japanese: the parties, the entry,
 * the claims bought with their figures and totals, the agreement's articles
 * (`FACTORING_AGREEMENT` of the shared copy, the text the applicant agreed to on the contract
 * page) and the consent with its time and the applicant's e-mail address.
 *
 * pdfkit lays it out: it measures every line with the embedded font, wraps Japanese text between
 * characters (UAX #14, so 。 and 、 never start a line) and starts a new page when text reaches the
 * bottom margin; the claims table breaks its rows itself and repeats its header on each page.
 * The font is Noto Sans JP (SIL Open Font License 1.1, which allows embedding) from the npm
 * package `@expo-google-fonts/noto-sans-jp`, read from node_modules (nothing is downloaded at run
 * time) and embedded as a subset of the glyphs used, so a contract stays a few tens of KB.
 */

/** One claim bought by the contract, its figures as the API's decimal strings (ratios as fractions). */
export interface ContractClaim {
  readonly code: string;
  readonly obligerCompanyName: string;
  /** 請求書額面（税込）. */
  readonly amount: string;
  /** 支払期日 (YYYY-MM-DD). */
  readonly obligerPaymentDate: string;
  /** 掛目, a fraction (0.8 = 80%). */
  readonly purchaseRatio: string | null;
  readonly purchasePrincipalAmount: string | null;
  /** 手数料率, a fraction. */
  readonly purchaseFeeRatio: string | null;
  readonly purchaseFee: string | null;
  readonly bankCharge: string | null;
  /** 買取額: what is paid to the applicant. */
  readonly purchaseAmount: string | null;
}

export interface ContractDocumentInput {
  /** When the applicant signed (printed in Japan time). */
  readonly contractedAt: Date;
  readonly entryCode: string;
  readonly applicant: {
    /** The company's name for a corporation; empty for an individual. */
    readonly companyName: string;
    /** The person's name (the representative of a corporation). */
    readonly name: string;
    readonly address: string;
    readonly email: string;
  };
  /** The applicant's account the purchase price is paid to (the entry's account string; printed masked, ****567); null when none is set. */
  readonly bankAccount: string | null;
  readonly claims: readonly ContractClaim[];
}

/** The document's title, printed at the top and set as the PDF's title. */
export const CONTRACT_TITLE = '債権譲渡契約書（ファクタリング契約）';
/** The consent the applicant gave on the contract page, printed with its time and address. */
export const CONSENT_LINE = '上記の内容に同意し、電子的に契約を締結しました。';
/** The name of the font embedded (a subset of it) in every contract. */
export const CONTRACT_FONT_NAME = 'NotoSansJP';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

/** The font files' bytes, read once (about 5 MB each; pdfkit embeds only the glyphs used). */
const fonts = new Map<FontName, Buffer>();
function fontBytes(name: FontName): Buffer {
  let bytes = fonts.get(name);
  if (bytes === undefined) {
    bytes = fs.readFileSync(require.resolve(FONT_FILES[name]));
    fonts.set(name, bytes);
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Figures as printed
// ---------------------------------------------------------------------------------------------

const DASH = '—';
/** The full-width space of Japanese text (U+3000). */
const WIDE_SPACE = '\u3000';

/** `"1100000.00"` → `1,100,000円`; a missing figure is a dash. */
const yen = (value: string | null): string => (value === null || parseDecimal(value) === undefined ? DASH : formatYen(value));

/** A fraction as a percentage: `"0.8000"` → `80%`, `"0.0350"` → `3.5%`. */
export function percent(value: string | null): string {
  const ratio = value === null ? undefined : parseDecimal(value);
  return ratio === undefined ? DASH : `${ratio.times(100).toFixed()}%`;
}

/** `2026-06-30` → `2026年6月30日`. */
export function japaneseDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match === null ? value : `${match[1]}年${Number(match[2])}月${Number(match[3])}日`;
}

/** The sum of whole-yen figures (a missing one counts 0), as a decimal string. */
function total(values: readonly (string | null)[]): string {
  return values.reduce((sum, value) => sum + BigInt(parseYen(value)?.toFixed(0) ?? '0'), 0n).toString();
}

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const MARGIN = 50;
const FOOTER_SPACE = 20;
const BODY_SIZE = 9.5;
const TABLE_SIZE = 7.5;
const CELL_PADDING = 3;

interface Column {
  readonly header: string;
  /** Share of the table's width. */
  readonly weight: number;
  readonly align: 'left' | 'right';
  readonly value: (claim: ContractClaim) => string;
  /** The totals row's figure (null: nothing in this column). */
  readonly total: ((claims: readonly ContractClaim[]) => string) | null;
}

/** A column of yen, right-aligned, with its total on the last row. */
const yenColumn = (header: string, weight: number, pick: (claim: ContractClaim) => string | null): Column => ({
  header,
  weight,
  align: 'right',
  value: (c) => yen(pick(c)),
  total: (cs) => yen(total(cs.map(pick))),
});

const COLUMNS: readonly Column[] = [
  { header: '売掛先', weight: 1.6, align: 'left', value: (c) => c.obligerCompanyName, total: null },
  yenColumn('請求書額面（税込）', 1.15, (c) => c.amount),
  { header: '支払期日', weight: 1.3, align: 'left', value: (c) => japaneseDate(c.obligerPaymentDate), total: null },
  { header: '掛目', weight: 0.55, align: 'right', value: (c) => percent(c.purchaseRatio), total: null },
  yenColumn('買取元本', 1.1, (c) => c.purchasePrincipalAmount),
  { header: '手数料率', weight: 0.75, align: 'right', value: (c) => percent(c.purchaseFeeRatio), total: null },
  yenColumn('手数料', 0.95, (c) => c.purchaseFee),
  yenColumn('振込手数料', 0.8, (c) => c.bankCharge),
  yenColumn('買取額', 1.1, (c) => c.purchaseAmount),
];

type Doc = PDFKit.PDFDocument;

/** The lowest y text may reach on a page (the footer sits below it). */
const bottom = (doc: Doc): number => doc.page.height - MARGIN - FOOTER_SPACE;
const contentWidth = (doc: Doc): number => doc.page.width - MARGIN * 2;

/** Starts a new page when `height` more points would not fit on this one. */
function ensureRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false;
  doc.addPage();
  return true;
}

function heading(doc: Doc, text: string, size = 11): void {
  doc.font('bold').fontSize(size);
  // A heading never sits alone at the bottom of a page: room for it and two lines after it.
  ensureRoom(doc, doc.heightOfString(text, { width: contentWidth(doc) }) + BODY_SIZE * 3);
  doc.text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

function paragraph(doc: Doc, text: string, options: { indent?: number; gap?: number } = {}): void {
  const indent = options.indent ?? 0;
  doc.font('regular').fontSize(BODY_SIZE);
  doc.text(text, MARGIN + indent, doc.y, { width: contentWidth(doc) - indent, lineGap: 2 });
  doc.moveDown(options.gap ?? 0.3);
}

/** Label and value on one line (the value wraps under itself). */
function field(doc: Doc, label: string, value: string): void {
  const labelWidth = 110;
  doc.font('regular').fontSize(BODY_SIZE);
  const width = contentWidth(doc) - labelWidth;
  const height = Math.max(doc.heightOfString(value, { width }), doc.heightOfString(label, { width: labelWidth }));
  ensureRoom(doc, height);
  const y = doc.y;
  doc.font('bold').text(label, MARGIN, y, { width: labelWidth });
  doc.font('regular').text(value === '' ? DASH : value, MARGIN + labelWidth, y, { width });
  doc.y = y + height + 3;
  doc.x = MARGIN;
}

function tableRow(doc: Doc, cells: readonly string[], widths: readonly number[], style: 'header' | 'body' | 'total'): void {
  const font = style === 'body' ? 'regular' : 'bold';
  doc.font(font).fontSize(TABLE_SIZE);
  const inner = (index: number) => (widths[index] ?? 0) - CELL_PADDING * 2;
  const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: inner(index) }))) + CELL_PADDING * 2;
  const y = doc.y;
  let x = MARGIN;
  const tableWidth = widths.reduce((sum, width) => sum + width, 0);
  if (style !== 'body') doc.rect(MARGIN, y, tableWidth, height).fillColor('#eeeeee').fill();
  doc.fillColor('#000000').strokeColor('#888888').lineWidth(0.5);
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    doc.rect(x, y, width, height).stroke();
    const align = style === 'header' ? 'center' : (COLUMNS[index]?.align ?? 'left');
    doc.font(font).text(cell, x + CELL_PADDING, y + CELL_PADDING, { width: inner(index), align });
    x += width;
  });
  doc.y = y + height;
  doc.x = MARGIN;
}

/** The claims with their figures; rows never split, the header repeats on each page. */
function claimsTable(doc: Doc, claims: readonly ContractClaim[]): void {
  const weights = COLUMNS.reduce((sum, column) => sum + column.weight, 0);
  const widths = COLUMNS.map((column) => (contentWidth(doc) * column.weight) / weights);
  const headers = COLUMNS.map((column) => column.header);
  const rowHeight = (cells: readonly string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(TABLE_SIZE);
    return (
      Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: (widths[index] ?? 0) - CELL_PADDING * 2 }))) +
      CELL_PADDING * 2
    );
  };
  const headerHeight = rowHeight(headers, 'bold');
  const rows = claims.map((claim) => COLUMNS.map((column) => column.value(claim)));
  ensureRoom(doc, headerHeight + rowHeight(rows[0] ?? headers, 'regular'));
  tableRow(doc, headers, widths, 'header');
  for (const row of rows) {
    if (ensureRoom(doc, rowHeight(row, 'regular'))) tableRow(doc, headers, widths, 'header');
    tableRow(doc, row, widths, 'body');
  }
  const totals = COLUMNS.map((column, index) => (index === 0 ? `合計（${claims.length}件）` : (column.total?.(claims) ?? '')));
  if (ensureRoom(doc, rowHeight(totals, 'bold'))) tableRow(doc, headers, widths, 'header');
  tableRow(doc, totals, widths, 'total');
  doc.moveDown(0.8);
}

/** Page numbers at the foot of each page: `1 / 3`. */
function pageNumbers(doc: Doc, entryCode: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const { margins } = doc.page;
    const previousBottom = margins.bottom;
    margins.bottom = 0; // writing below the bottom margin must not open a page
    doc.font('regular').fontSize(8).fillColor('#555555');
    doc.text(
      `${CONTRACT_TITLE}${WIDE_SPACE}申込番号 ${entryCode}${WIDE_SPACE}${index + 1} / ${range.count}`,
      MARGIN,
      doc.page.height - MARGIN,
      {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      },
    );
    margins.bottom = previousBottom;
  }
}

/** Renders the contract; the PDF's bytes. */
export async function renderContractPdf(input: ContractDocumentInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    lang: 'ja',
    info: {
      Title: `${CONTRACT_TITLE} ${input.entryCode}`,
      Author: input.applicant.companyName === '' ? input.applicant.name : input.applicant.companyName,
      CreationDate: input.contractedAt,
      ModDate: input.contractedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', fontBytes('regular'));
  doc.registerFont('bold', fontBytes('bold'));

  doc.font('bold').fontSize(16).text(CONTRACT_TITLE, { align: 'center' });
  doc.moveDown(1);

  const signedAt = `${jstDateTime(input.contractedAt)}（日本時間）`;
  field(doc, '契約締結日時', signedAt);
  field(doc, '申込番号', input.entryCode);
  doc.moveDown(0.5);

  heading(doc, '甲（譲渡人・申込者）');
  if (input.applicant.companyName !== '') field(doc, '会社名', input.applicant.companyName);
  field(doc, input.applicant.companyName === '' ? '氏名' : '代表者氏名', input.applicant.name);
  field(doc, '住所', input.applicant.address);
  field(doc, 'メールアドレス', input.applicant.email);
  // The payout account as every page shows it: the number masked except its last 3 digits.
  const payout = maskedBankAccountText(input.bankAccount);
  if (payout !== null) field(doc, '譲渡代金の振込先', payout);
  doc.moveDown(0.5);

  paragraph(doc, FACTORING_AGREEMENT.preamble, { gap: 0.8 });

  heading(doc, `別紙${WIDE_SPACE}譲渡対象債権`);
  claimsTable(doc, input.claims);

  for (const article of FACTORING_AGREEMENT.articles) {
    heading(doc, article.heading, 10);
    for (const text of article.paragraphs) paragraph(doc, text, { indent: /^（\d+）/.test(text) ? 10 : 0 });
    doc.moveDown(0.4);
  }

  doc.moveDown(0.6);
  heading(doc, '電子契約の記録');
  paragraph(doc, CONSENT_LINE);
  field(doc, '同意日時', signedAt);
  field(doc, '同意したメールアドレス', input.applicant.email);

  pageNumbers(doc, input.entryCode);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
