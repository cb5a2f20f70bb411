import { describe, expect, test } from 'vitest';
import { calculatePurchase, formatYen, parseDecimal, purchaseAmount, purchaseFee, purchasePrincipal } from '@app/contracts/domain';
import { FEE_EXAMPLE, feeExampleFigures } from './fee-example';

const big = (value: string) => {
  const parsed = parseDecimal(value);
  if (parsed === undefined) throw new Error(value);
  return parsed;
};

describe('the home page 計算例 (FEE_EXAMPLE)', () => {
  test('its terms are valid purchase terms: the domain computes them without throwing', () => {
    expect(calculatePurchase(FEE_EXAMPLE)).toEqual({
      purchase_principal_amount: '900000.00',
      purchase_fee: '30000.00',
      bank_charge: '500.00',
      purchase_amount: '869500.00',
    });
  });

  test("every figure shown is the domain's computation, step by step", () => {
    const principal = purchasePrincipal(big(FEE_EXAMPLE.amount), big(FEE_EXAMPLE.purchase_ratio));
    const fee = purchaseFee(principal, big(FEE_EXAMPLE.purchase_fee_ratio));
    const bankCharge = big(FEE_EXAMPLE.bank_charge);
    expect(feeExampleFigures()).toEqual({
      face: formatYen(FEE_EXAMPLE.amount),
      purchaseRatio: `${big(FEE_EXAMPLE.purchase_ratio).times(100).toFixed()}%`,
      principal: formatYen(principal),
      fee: formatYen(fee),
      bankCharge: formatYen(bankCharge),
      payout: formatYen(purchaseAmount(principal, fee, bankCharge)),
    });
  });

  test('the figures the page has always shown', () => {
    expect(feeExampleFigures()).toEqual({
      face: '1,000,000円',
      purchaseRatio: '90%',
      principal: '900,000円',
      fee: '30,000円',
      bankCharge: '500円',
      payout: '869,500円',
    });
  });

  test('the fee is truncated below one yen (900,000 × 0.033334 = 30,000.6 → 30,000円)', () => {
    expect(big(calculatePurchase(FEE_EXAMPLE).purchase_principal_amount).times(big(FEE_EXAMPLE.purchase_fee_ratio)).toFixed()).toBe(
      '30000.6',
    );
    expect(feeExampleFigures().fee).toBe('30,000円');
  });

  test('other terms: the figures follow the domain, not fixed text', () => {
    const terms = { amount: '1234567', purchase_ratio: '0.85', purchase_fee_ratio: '0.05', bank_charge: '330' };
    expect(feeExampleFigures(terms)).toEqual({
      face: '1,234,567円',
      purchaseRatio: '85%',
      principal: '1,049,381円',
      fee: '52,469円',
      bankCharge: '330円',
      payout: '996,582円',
    });
  });

  test('terms the domain rejects are not shown', () => {
    expect(() => feeExampleFigures({ ...FEE_EXAMPLE, purchase_ratio: '1.1' })).toThrow(RangeError);
    expect(() => feeExampleFigures({ ...FEE_EXAMPLE, purchase_ratio: '90%' })).toThrow(RangeError);
  });
});
