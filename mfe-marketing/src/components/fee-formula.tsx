import { Phrases } from './phrases';

/**
 * The purchase formula's terms, named once for every page that states it (the home page's #fees,
 * 私たちの約束, the terms, the 特定商取引法 page): 買取額 ＝ 請求書の額面 × 買取率 − 手数料 − 振込手数料,
 * the domain's `purchaseAmount(purchasePrincipal(face, ratio), fee, bankCharge)`.
 */
export const FEE_FORMULA = {
  result: '買取額',
  face: '請求書の額面',
  purchaseRatio: '買取率',
  fee: '手数料',
  bankCharge: '振込手数料',
} as const;

/** The purchase formula as running text, broken only between its terms. */
export function FeeFormulaText({ withResult = true }: { withResult?: boolean }) {
  const f = FEE_FORMULA;
  const terms = [`${f.face} × ${f.purchaseRatio}`, `− ${f.fee}`, `− ${f.bankCharge}`];
  return <Phrases parts={withResult ? [`${f.result} ＝`, ...terms] : terms} separator=" " />;
}
