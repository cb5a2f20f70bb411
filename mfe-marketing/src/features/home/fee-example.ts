import { calculatePurchase, formatYen, parseDecimal, type PurchaseTerms } from '@app/contracts/domain';

/**
 * The home page's 計算例: illustrative terms only (labelled as such on the page), not a rate the
 * service offers. They are the domain's purchase terms (decimal strings, ratios as fractions) and
 * every figure the page shows is what the domain computes from them.
 */
export const FEE_EXAMPLE: PurchaseTerms = {
  amount: '1000000',
  purchase_ratio: '0.9',
  // The page states the fee as an amount (30,000円). It is principal × fee ratio like any claim's;
  // 30,000 / 900,000 = 1/30 has no finite decimal, so: 900,000 × 0.033334 = 30,000.6 → 30,000円 (円未満切り捨て).
  purchase_fee_ratio: '0.033334',
  bank_charge: '500',
};

/** A ratio (a fraction) as the page writes it: `"0.9"` → `90%`. */
function formatPercent(ratio: string): string {
  const value = parseDecimal(ratio);
  if (value === undefined) throw new RangeError(`Not a decimal ratio: ${ratio}`);
  return `${value.times(100).toFixed()}%`;
}

/** The example's figures as displayed, each from the domain's `calculatePurchase` (or the terms themselves). */
export interface FeeExampleFigures {
  /** 請求書の額面 */
  readonly face: string;
  /** 買取率, in percent */
  readonly purchaseRatio: string;
  /** 額面 × 買取率 (買取元本) */
  readonly principal: string;
  /** 手数料 */
  readonly fee: string;
  /** 振込手数料 */
  readonly bankCharge: string;
  /** 買取額（お振込みする金額） */
  readonly payout: string;
}

export function feeExampleFigures(terms: PurchaseTerms = FEE_EXAMPLE): FeeExampleFigures {
  const result = calculatePurchase(terms);
  return {
    face: formatYen(terms.amount),
    purchaseRatio: formatPercent(terms.purchase_ratio),
    principal: formatYen(result.purchase_principal_amount),
    fee: formatYen(result.purchase_fee),
    bankCharge: formatYen(result.bank_charge),
    payout: formatYen(result.purchase_amount),
  };
}
