import { FACTORING_AGREEMENT } from '@app/contracts/copy/agreement';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_LINE,
  CONTRACT_FONT_NAME,
  CONTRACT_TITLE,
  japaneseDate,
  percent,
  renderContractPdf,
  type ContractClaim,
  type ContractDocumentInput,
} from './render';

/**
 * The signed contract PDF: read back with PDF.js (pdfjs-dist, as a browser's viewer would), its
 * pages, its text in Japanese, and the Japanese font embedded as a subset.
 */

const claim = (index: number, overrides: Partial<ContractClaim> = {}): ContractClaim => ({
  code: `C-00010${index}`,
  obligerCompanyName: `株式会社サンプル商事${index}`,
  amount: '1100000',
  obligerPaymentDate: '2026-06-30',
  purchaseRatio: '0.8000',
  purchasePrincipalAmount: '880000',
  purchaseFeeRatio: '0.0350',
  purchaseFee: '30800',
  bankCharge: '440',
  purchaseAmount: '848760',
  ...overrides,
});

const input = (overrides: Partial<ContractDocumentInput> = {}): ContractDocumentInput => ({
  contractedAt: new Date('2026-04-01T00:30:00.000Z'),
  entryCode: 'E-000021',
  applicant: {
    companyName: '株式会社ヤマダ',
    name: '山田 太郎',
    address: '〒100-0005 東京都 千代田区丸の内1-1-1',
    email: 'taro@example.jp',
  },
  bankAccount: 'みずほ銀行 渋谷支店 普通 7654321 カ）ヤマダ',
  claims: [1, 2, 3, 4, 5].map((index) => claim(index)),
  ...overrides,
});

interface ReadPdf {
  readonly pages: number;
  /** Each page's text, the items joined as PDF.js reads them (lines end where pdfkit wrapped them). */
  readonly texts: readonly string[];
  /** The names of the fonts the pages use, as PDF.js loaded them. */
  readonly fonts: ReadonlySet<string>;
  /** Each run of text with the page it is on and its baseline's height on the page. */
  readonly runs: readonly { readonly page: number; readonly text: string; readonly y: number }[];
}

async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 })
    .promise;
  const texts: string[] = [];
  const fonts = new Set<string>();
  const runs: { page: number; text: string; y: number }[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
    for (const item of content.items)
      if ('str' in item && item.str !== '') runs.push({ page: number, text: item.str, y: Number(item.transform[5]) });
    await page.getOperatorList(); // loads the page's fonts into commonObjs
    for (const id of Object.values(content.styles).map((style) => style.fontFamily)) fonts.add(id);
    for (const item of content.items)
      if ('fontName' in item) fonts.add(String((page.commonObjs.get(item.fontName) as { name?: string } | undefined)?.name ?? ''));
  }
  await document.destroy();
  return { pages: texts.length, texts, fonts, runs };
}

/** All the text with the line breaks pdfkit made taken out (they fall anywhere in Japanese). */
const allText = (pdf: ReadPdf): string => pdf.texts.join('').replace(/\s+/g, '');
const squeeze = (text: string): string => text.replace(/\s+/g, '');

describe('renderContractPdf: a corporation’s contract of 5 claims', () => {
  let bytes: Buffer;
  let pdf: ReadPdf;
  let text: string;
  beforeAll(async () => {
    bytes = await renderContractPdf(input());
    pdf = await readPdf(bytes);
    text = allText(pdf);
  });

  it('is a PDF that PDF.js loads, of more than one A4 page (the agreement is long), under 1 MB', () => {
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    expect(bytes.length).toBeLessThan(1024 * 1024);
  });

  it('embeds Noto Sans JP as subsets (a tag before the name; the whole font would be 5 MB)', () => {
    const raw = bytes.toString('latin1');
    const embedded = [...raw.matchAll(/\/FontName \/([A-Z]{6})\+([\w-]+)/g)].map((match) => match[2]);
    expect(embedded.sort()).toEqual([`${CONTRACT_FONT_NAME}-Bold`, `${CONTRACT_FONT_NAME}-Regular`]);
    expect(raw.match(/\/FontFile2 /g)).toHaveLength(2);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect([...pdf.fonts].some((name) => name.includes(CONTRACT_FONT_NAME))).toBe(true);
  });

  it('opens with the title, the contract’s date and time in Japan, the entry code and the applicant', () => {
    expect(pdf.texts[0]).toContain(CONTRACT_TITLE);
    expect(text).toContain(squeeze('契約締結日時2026年4月1日 09:30（日本時間）'));
    expect(text).toContain('申込番号E-000021');
    expect(text).toContain('会社名株式会社ヤマダ');
    expect(text).toContain(squeeze('代表者氏名山田 太郎'));
    expect(text).toContain(squeeze('住所〒100-0005 東京都 千代田区丸の内1-1-1'));
    expect(text).toContain('メールアドレスtaro@example.jp');
    expect(text).toContain(squeeze('譲渡代金の振込先みずほ銀行 渋谷支店 普通 ****321 カ）ヤマダ'));
    expect(text).not.toContain('7654321');
  });

  it('tables the claims with every figure and their totals', () => {
    for (const header of ['売掛先', '請求書額面（税込）', '支払期日', '掛目', '買取元本', '手数料率', '手数料', '振込手数料', '買取額'])
      expect(text).toContain(header);
    for (const index of [1, 2, 3, 4, 5])
      expect(text).toContain(`株式会社サンプル商事${index}1,100,000円2026年6月30日80%880,000円3.5%30,800円440円848,760円`);
    expect(text).toContain('合計（5件）5,500,000円4,400,000円154,000円2,200円4,243,800円');
  });

  it('prints the agreement’s preamble and every article, and the consent with its time and address at the end', () => {
    expect(text).toContain(squeeze(FACTORING_AGREEMENT.preamble));
    for (const article of FACTORING_AGREEMENT.articles) {
      expect(text).toContain(squeeze(article.heading));
      for (const paragraph of article.paragraphs) expect(text).toContain(squeeze(paragraph));
    }
    const last = squeeze(pdf.texts.at(-1) ?? '');
    expect(last).toContain(CONSENT_LINE);
    expect(last).toContain(squeeze('同意日時2026年4月1日 09:30（日本時間）'));
    expect(last).toContain('同意したメールアドレスtaro@example.jp');
  });

  it('numbers the pages at their foot', () => {
    pdf.texts.forEach((page, index) => expect(squeeze(page)).toContain(`${index + 1}/${pdf.pages}`));
  });
});

describe('renderContractPdf: layout', () => {
  it('an individual is named by name alone (no company line)', async () => {
    const text = allText(
      await readPdf(await renderContractPdf(input({ applicant: { ...input().applicant, companyName: '' }, bankAccount: null }))),
    );
    expect(text).not.toContain('会社名');
    expect(text).toContain(squeeze('氏名山田 太郎'));
    expect(text).not.toContain('譲渡代金の振込先');
  });

  it('wraps a long obliger name inside its cell and keeps all of it', async () => {
    const name = '株式会社とても長い名前の売掛先ホールディングスグループジャパン';
    const pdf = await readPdf(await renderContractPdf(input({ claims: [claim(1, { obligerCompanyName: name })] })));
    const firstPage = pdf.texts[0] ?? '';
    expect(firstPage.replace(/\s+/g, '')).toContain(name);
    // Wrapped: the name's runs sit on more than one line of the cell.
    const lines = new Set(pdf.runs.filter((run) => run.page === 1 && name.includes(run.text)).map((run) => run.y));
    expect(lines.size).toBeGreaterThanOrEqual(2);
  });

  it('breaks a table too long for one page onto the next, its header repeated', async () => {
    const claims = Array.from({ length: 40 }, (_, index) => claim(index + 1));
    const pdf = await readPdf(await renderContractPdf(input({ claims })));
    const pagesWithRows = pdf.texts.filter((page) => page.includes('株式会社サンプル商事'));
    expect(pagesWithRows.length).toBeGreaterThanOrEqual(2);
    for (const page of pagesWithRows) expect(squeeze(page)).toContain('売掛先請求書額面（税込）支払期日');
    expect(allText(pdf)).toContain('合計（40件）44,000,000円');
  });

  it('a figure not set yet is a dash', async () => {
    const text = allText(await readPdf(await renderContractPdf(input({ claims: [claim(1, { purchaseRatio: null, purchaseFee: null })] }))));
    expect(text).toContain('1,100,000円2026年6月30日—880,000円3.5%—440円');
  });
});

describe('figures as printed', () => {
  it.each([
    ['0.8000', '80%'],
    ['0.0350', '3.5%'],
    ['1', '100%'],
    ['0', '0%'],
    [null, '—'],
    ['abc', '—'],
  ])('percent(%s) = %s', (value, expected) => {
    expect(percent(value)).toBe(expected);
  });

  it.each([
    ['2026-06-30', '2026年6月30日'],
    ['2027-01-05', '2027年1月5日'],
    ['not a date', 'not a date'],
  ])('japaneseDate(%s) = %s', (value, expected) => {
    expect(japaneseDate(value)).toBe(expected);
  });
});
