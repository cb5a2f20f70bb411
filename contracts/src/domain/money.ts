import Big from 'big.js';

/**
 * Money (spec §3 "Amounts are decimals", §9 "rounding rules not shown").
 *
 * - Amounts travel as decimal strings, the way Django REST framework sends a DecimalField
 *   (`"1000000.00"`). Here they become big.js numbers; nothing goes through binary floats.
 * - Face amounts (`amount`, `scheduled_deposit_amount_from_obliger`, `purchase_amount_desired`) and
 *   bank charges are whole yen (円).
 * - Ratios are fractions: `purchase_ratio` 0 < r ≤ 1 (掛目: the share of the face bought);
 *   `purchase_fee_ratio` 0 ≤ r < 1 (a fee of 100% would leave nothing to pay out).
 *
 * Rounding policy — one rule, 円未満切り捨て (truncate below one yen), applied by one function each:
 * - `purchasePrincipal` = face × purchase ratio, truncated: the principal never exceeds the agreed
 *   share of the face. The applicant loses less than one yen at most; no party is paid for a
 *   fraction of a yen that no bank transfer can carry.
 * - `purchaseFee` = principal × fee ratio, truncated: in the applicant's favour, as is usual for
 *   fees charged to a customer (and for 消費税 on them) in Japan.
 * - `purchaseAmount` = principal − fee − bank charge: whole yen minus whole yen, exact, never
 *   rounded; a negative result is an error, never clamped to zero.
 * So the invariant principal − fee − bank charge = purchase amount holds to the yen.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** True for a decimal string as the API sends it: `"1000000.00"`, `"0.9"`, `"-1"`. */
export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}

/** The decimal string as a big.js number, or undefined when it is not one. */
export function parseDecimal(value: string): Big | undefined {
  return isDecimalString(value) ? new Big(value) : undefined;
}

/** True when the number is a whole, non-negative number of yen. */
export function isWholeYen(value: Big): boolean {
  return value.gte(0) && value.eq(value.round(0, Big.roundDown));
}

/** A whole, non-negative yen amount from a decimal string (`"1000000.00"`), or undefined (also for null or a missing value). */
export function parseYen(value: string | null | undefined): Big | undefined {
  const parsed = parseDecimal(value ?? '');
  return parsed !== undefined && isWholeYen(parsed) ? parsed : undefined;
}

/** The API's decimal string: `1000000` → `"1000000.00"` (two places unless told otherwise). */
export function toDecimalString(value: Big, places = 2): string {
  return value.toFixed(places);
}

/** For display: 3-digit grouping and 円 (`"1000000.00"` → `1,000,000円`, `"1234.5"` → `1,234.5円`). */
export function formatYen(value: Big | string): string {
  const number = typeof value === 'string' ? parseDecimal(value) : value;
  if (number === undefined) throw new RangeError(`Not a decimal amount: ${String(value)}`);
  const [whole, fraction] = number.abs().toFixed().split('.') as [string, string?];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${number.lt(0) ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}円`;
}

/** The purchase ratio (掛目) bound: 0 < ratio ≤ 1. */
export function isPurchaseRatio(ratio: Big): boolean {
  return ratio.gt(0) && ratio.lte(1);
}

/** The fee ratio bound: 0 ≤ ratio < 1. */
export function isFeeRatio(ratio: Big): boolean {
  return ratio.gte(0) && ratio.lt(1);
}

function requireWholeYen(value: Big, name: string): void {
  if (!isWholeYen(value)) throw new RangeError(`${name} must be a whole, non-negative number of yen: ${value.toFixed()}`);
}

/** Truncates to the yen (円未満切り捨て), the one rounding rule of this module. */
export function truncateToYen(value: Big): Big {
  return value.round(0, Big.roundDown);
}

/** 買取元本 = face amount × purchase ratio, truncated to the yen. Throws on a face or ratio out of bounds. */
export function purchasePrincipal(face: Big, purchaseRatio: Big): Big {
  requireWholeYen(face, 'face amount');
  if (!isPurchaseRatio(purchaseRatio)) throw new RangeError(`purchase ratio must be 0 < r ≤ 1: ${purchaseRatio.toFixed()}`);
  return truncateToYen(face.times(purchaseRatio));
}

/** 買取手数料 = principal × fee ratio, truncated to the yen (in the applicant's favour). */
export function purchaseFee(principal: Big, feeRatio: Big): Big {
  requireWholeYen(principal, 'principal');
  if (!isFeeRatio(feeRatio)) throw new RangeError(`fee ratio must be 0 ≤ r < 1: ${feeRatio.toFixed()}`);
  return truncateToYen(principal.times(feeRatio));
}

/** 買取金額 (paid out) = principal − fee − bank charge, exact. Throws when it would be negative. */
export function purchaseAmount(principal: Big, fee: Big, bankCharge: Big): Big {
  requireWholeYen(principal, 'principal');
  requireWholeYen(fee, 'fee');
  requireWholeYen(bankCharge, 'bank charge');
  const amount = principal.minus(fee).minus(bankCharge);
  if (amount.lt(0)) throw new RangeError(`fee and bank charge exceed the principal: ${amount.toFixed()}`);
  return amount;
}

export interface PurchaseTerms {
  /** Face amount including tax (請求書額面（税込）), a decimal string. */
  readonly amount: string;
  readonly purchase_ratio: string;
  readonly purchase_fee_ratio: string;
  readonly bank_charge: string;
}

export interface PurchaseCalculation {
  readonly purchase_principal_amount: string;
  readonly purchase_fee: string;
  readonly bank_charge: string;
  readonly purchase_amount: string;
}

function decimal(value: string, name: string): Big {
  const parsed = parseDecimal(value);
  if (parsed === undefined) throw new RangeError(`${name} is not a decimal string: ${value}`);
  return parsed;
}

/**
 * The claim's purchase figures from its terms, as the API's decimal strings (the fields of spec §3
 * Claim). Applies `purchasePrincipal`, `purchaseFee` and `purchaseAmount`; throws a RangeError on
 * malformed or out-of-bound terms.
 */
export function calculatePurchase(terms: PurchaseTerms): PurchaseCalculation {
  const principal = purchasePrincipal(decimal(terms.amount, 'amount'), decimal(terms.purchase_ratio, 'purchase_ratio'));
  const fee = purchaseFee(principal, decimal(terms.purchase_fee_ratio, 'purchase_fee_ratio'));
  const bankCharge = decimal(terms.bank_charge, 'bank_charge');
  const amount = purchaseAmount(principal, fee, bankCharge);
  return {
    purchase_principal_amount: toDecimalString(principal),
    purchase_fee: toDecimalString(fee),
    bank_charge: toDecimalString(bankCharge),
    purchase_amount: toDecimalString(amount),
  };
}

/** The sum of whole-yen decimal strings (e.g. the face amounts of an entry's claims); undefined if one is not (or is missing). */
export function sumYen(values: readonly (string | null | undefined)[]): Big | undefined {
  let total = new Big(0);
  for (const value of values) {
    const yen = parseYen(value);
    if (yen === undefined) return undefined;
    total = total.plus(yen);
  }
  return total;
}
