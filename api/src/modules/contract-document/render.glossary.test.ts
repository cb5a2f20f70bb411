import { describeGlossaryViolations, findGlossaryViolations, TERMS } from '@app/contracts/copy/glossary';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderContractPdf, type ContractClaim, type ContractDocumentInput } from './render';

/**
 * The contract PDF speaks the glossary's terms (contracts/src/copy/glossary.ts): its text, read back
 * with PDF.js as render.test.ts reads it, holds no banned variant — the agreement, the parties, the
 * claims' table, the payout account and the consent, for a corporation and for a sole proprietor.
 */

const claim = (index: number): ContractClaim => ({
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
});

const corporation: ContractDocumentInput = {
  contractedAt: new Date('2026-04-01T00:30:00.000Z'),
  entryCode: 'E-000021',
  applicant: {
    companyName: '株式会社ヤマダ',
    name: '山田 太郎',
    address: '〒100-0005 東京都 千代田区丸の内1-1-1',
    email: 'taro@example.jp',
  },
  bankAccount: 'みずほ銀行 渋谷支店 普通 7654321 カ）ヤマダ',
  claims: [1, 2, 3].map(claim),
};
const soleProprietor: ContractDocumentInput = {
  ...corporation,
  applicant: { ...corporation.applicant, companyName: '' },
  bankAccount: null,
  claims: [claim(1)],
};

/** The PDF's text, every page, with the line breaks pdfkit made taken out (they fall anywhere in Japanese). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 })
    .promise;
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await document.destroy();
  return texts.join('').replace(/\s+/g, '');
}

describe.each([
  ['a corporation, with a payout account', corporation],
  ['a sole proprietor, without one', soleProprietor],
])('the contract PDF of %s speaks the glossary’s terms', (_, input) => {
  let text: string;
  beforeAll(async () => {
    text = await pdfText(await renderContractPdf(input));
  });

  it('has no banned variant anywhere in its text', () => {
    expect(text.length).toBeGreaterThan(1000);
    expect(describeGlossaryViolations(findGlossaryViolations(text))).toEqual([]);
  });

  it('names the entry by its 申込番号 and the obligers as 売掛先', () => {
    expect(text).toContain(`${TERMS.entryCode}E-000021`);
    expect(text).toContain(TERMS.obliger);
    expect(text).toContain(TERMS.invoice);
  });
});
