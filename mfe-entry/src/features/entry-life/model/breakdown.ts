import type { Claim } from '@app/contracts';
import { claimHasPurchaseAmount, formatYen, sumYen } from '@app/contracts/domain';
import { formatPercent } from './format';

/**
 * The purchase figures of an entry's claims as the applicant reads them before signing: per claim
 * the API's figures (computed by the domain's `calculatePurchase` when the claim was priced), and
 * their totals (`sumYen`). Only claims that have a purchase amount (`claimHasPurchaseAmount`) are
 * in the breakdown; the others are listed apart (e.g. 買取不可).
 */
export interface ClaimFigures {
  readonly claim: Claim;
  /** 請求書額面（税込） */
  readonly face: string;
  /** 掛目 */
  readonly purchaseRatio: string;
  /** 買取元本 */
  readonly principal: string;
  /** 手数料率 */
  readonly feeRatio: string;
  /** 手数料 */
  readonly fee: string;
  /** 振込手数料 */
  readonly bankCharge: string;
  /** お振込み額 */
  readonly paid: string;
}

export interface BreakdownTotals {
  readonly face: string;
  readonly principal: string;
  readonly fee: string;
  readonly bankCharge: string;
  readonly paid: string;
}

export interface Breakdown {
  readonly priced: readonly ClaimFigures[];
  readonly others: readonly Claim[];
  /** Null when no claim is priced (or a figure is missing). */
  readonly totals: BreakdownTotals | null;
}

const yen = (value: string | null): string => (value === null ? '—' : formatYen(value));

const isPriced = (claim: Claim): boolean =>
  claimHasPurchaseAmount(claim.status) &&
  claim.purchase_amount !== null &&
  claim.purchase_principal_amount !== null &&
  claim.purchase_fee !== null &&
  claim.bank_charge !== null;

/** The figures of one claim, formatted; null when it has no purchase amount yet. */
export function claimFigures(claim: Claim): ClaimFigures | null {
  if (!isPriced(claim)) return null;
  return {
    claim,
    face: formatYen(claim.amount),
    purchaseRatio: formatPercent(claim.purchase_ratio),
    principal: yen(claim.purchase_principal_amount),
    feeRatio: formatPercent(claim.purchase_fee_ratio),
    fee: yen(claim.purchase_fee),
    bankCharge: yen(claim.bank_charge),
    paid: yen(claim.purchase_amount),
  };
}

export function purchaseBreakdown(claims: readonly Claim[]): Breakdown {
  const priced = claims.map(claimFigures).filter((figures): figures is ClaimFigures => figures !== null);
  const others = claims.filter((claim) => !isPriced(claim));
  const pricedClaims = priced.map((f) => f.claim);
  const sums = {
    face: sumYen(pricedClaims.map((c) => c.amount)),
    principal: sumYen(pricedClaims.map((c) => c.purchase_principal_amount)),
    fee: sumYen(pricedClaims.map((c) => c.purchase_fee)),
    bankCharge: sumYen(pricedClaims.map((c) => c.bank_charge)),
    paid: sumYen(pricedClaims.map((c) => c.purchase_amount)),
  };
  const complete = priced.length > 0 && Object.values(sums).every((value) => value !== undefined);
  return {
    priced,
    others,
    totals: complete
      ? {
          face: formatYen(sums.face!),
          principal: formatYen(sums.principal!),
          fee: formatYen(sums.fee!),
          bankCharge: formatYen(sums.bankCharge!),
          paid: formatYen(sums.paid!),
        }
      : null,
  };
}
