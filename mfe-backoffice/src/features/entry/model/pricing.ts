import { STAFF_DECISION_MESSAGES } from '@app/contracts';
import { calculatePurchase, isFeeRatio, isPurchaseRatio, parseDecimal, parseYen, type PurchaseCalculation } from '@app/contracts/domain';

export interface PricingInput {
  readonly purchase_ratio: string;
  readonly purchase_fee_ratio: string;
  readonly bank_charge: string;
}

export type PricingPreview =
  | { readonly ok: true; readonly figures: PurchaseCalculation }
  | { readonly ok: false; readonly errors: Partial<Record<keyof PricingInput, string>>; readonly message: string | null };

/** What was typed, as the API reads it: half-width, no grouping commas, spaces or 円. */
export function normalizeNumber(text: string): string {
  return text.normalize('NFKC').replace(/[,\s円]/g, '');
}

/**
 * The claim's purchase figures for the terms being typed, computed by the domain
 * (`calculatePurchase`: the same function the API applies when it saves), or what is wrong with
 * the terms — shown live, before anything is saved.
 */
export function previewPricing(faceAmount: string, input: PricingInput): PricingPreview {
  const ratioText = normalizeNumber(input.purchase_ratio);
  const feeText = normalizeNumber(input.purchase_fee_ratio);
  const chargeText = normalizeNumber(input.bank_charge);
  const errors: Partial<Record<keyof PricingInput, string>> = {};
  const ratio = parseDecimal(ratioText);
  if (ratioText !== '' && (ratio === undefined || !isPurchaseRatio(ratio))) errors.purchase_ratio = STAFF_DECISION_MESSAGES.purchaseRatio;
  const fee = parseDecimal(feeText);
  if (feeText !== '' && (fee === undefined || !isFeeRatio(fee))) errors.purchase_fee_ratio = STAFF_DECISION_MESSAGES.feeRatio;
  if (chargeText !== '' && parseYen(chargeText) === undefined) errors.bank_charge = STAFF_DECISION_MESSAGES.bankCharge;
  if (Object.keys(errors).length > 0) return { ok: false, errors, message: null };
  if (ratioText === '' || feeText === '' || chargeText === '') return { ok: false, errors, message: null };
  try {
    return {
      ok: true,
      figures: calculatePurchase({ amount: faceAmount, purchase_ratio: ratioText, purchase_fee_ratio: feeText, bank_charge: chargeText }),
    };
  } catch {
    return { ok: false, errors, message: STAFF_DECISION_MESSAGES.purchaseNotPositive };
  }
}
