import Big from 'big.js';
import { describe, expect, test } from 'vitest';
import {
  calculatePurchase,
  formatYen,
  isDecimalString,
  isFeeRatio,
  isPurchaseRatio,
  isWholeYen,
  parseDecimal,
  parseYen,
  purchaseAmount,
  purchaseFee,
  purchasePrincipal,
  sumYen,
  toDecimalString,
  truncateToYen,
} from './money';

const big = (value: string) => new Big(value);

describe('isDecimalString / parseDecimal', () => {
  test.each([
    ['1000000.00', '1000000'],
    ['0', '0'],
    ['0.9', '0.9'],
    ['-1', '-1'],
    ['-0.50', '-0.5'],
    ['007', '7'],
    ['12345678901234567890.12', '12345678901234567890.12'],
  ])('%j is decimal (%s)', (text, value) => {
    expect(isDecimalString(text)).toBe(true);
    expect(parseDecimal(text)?.toFixed()).toBe(value);
  });

  test.each(['', ' ', '1,000', '1.', '.5', '+1', '1e3', ' 1', '1 ', '１０', 'abc', '1.2.3', '--1', '1-'])('%j is not', (text) => {
    expect(isDecimalString(text)).toBe(false);
    expect(parseDecimal(text)).toBeUndefined();
  });
});

describe('isWholeYen / parseYen', () => {
  test.each([
    ['1000000.00', '1000000'],
    ['0', '0'],
    ['0.00', '0'],
    ['1', '1'],
  ])('%j → %s yen', (text, value) => {
    expect(parseYen(text)?.toFixed()).toBe(value);
  });

  test.each(['1000000.50', '0.01', '-1', '-0.5', 'x', '', null, undefined])('%j is not a whole, non-negative yen amount', (text) => {
    expect(parseYen(text)).toBeUndefined();
  });

  test.each([
    ['0', true],
    ['1', true],
    ['0.99', false],
    ['1.01', false],
    ['-1', false],
  ])('isWholeYen(%s) = %s', (value, expected) => {
    expect(isWholeYen(big(value))).toBe(expected);
  });
});

describe('toDecimalString', () => {
  test.each([
    ['1000000', undefined, '1000000.00'],
    ['0', undefined, '0.00'],
    ['0.9', 4, '0.9000'],
    ['12', 0, '12'],
  ])('%s (%s places) → %s', (value, places, text) => {
    expect(toDecimalString(big(value), places)).toBe(text);
  });
});

describe('formatYen', () => {
  test.each([
    ['0', '0円'],
    ['1', '1円'],
    ['999', '999円'],
    ['1000', '1,000円'],
    ['1000000.00', '1,000,000円'],
    ['123456789', '123,456,789円'],
    ['1234567890', '1,234,567,890円'],
    ['1234.5', '1,234.5円'],
    ['-1000', '-1,000円'],
    ['-1', '-1円'],
  ])('%s → %s', (value, text) => {
    expect(formatYen(value)).toBe(text);
    expect(formatYen(big(value))).toBe(text);
  });

  // big.js writes these in exponent notation (1e+21, 1e-7); formatting must not go through that text.
  test.each([
    ['1000000000000000000000', '1,000,000,000,000,000,000,000円'],
    ['0.0000001', '0.0000001円'],
  ])('a big.js number %s → %s', (value, text) => {
    expect(formatYen(big(value))).toBe(text);
  });

  test.each(['', '1,000', 'abc'])('refuses %j', (value) => {
    expect(() => formatYen(value)).toThrow(new RangeError(`Not a decimal amount: ${value}`));
  });
});

describe('ratio bounds', () => {
  test.each([
    ['-0.1', false, false],
    ['0', false, true],
    ['0.0001', true, true],
    ['0.9', true, true],
    ['0.9999', true, true],
    ['1', true, false],
    ['1.0001', false, false],
  ])('%s: purchase ratio %s, fee ratio %s', (value, purchase, fee) => {
    expect(isPurchaseRatio(big(value))).toBe(purchase);
    expect(isFeeRatio(big(value))).toBe(fee);
  });
});

describe('truncateToYen (円未満切り捨て)', () => {
  test.each([
    ['0', '0'],
    ['0.99', '0'],
    ['1', '1'],
    ['899999.9', '899999'],
    ['12.5', '12'],
  ])('%s → %s', (value, yen) => {
    expect(truncateToYen(big(value)).toFixed()).toBe(yen);
  });
});

describe('purchasePrincipal = face × ratio, truncated', () => {
  test.each([
    ['1000000', '0.9', '900000'],
    ['1000000', '1', '1000000'],
    ['999999', '0.9', '899999'], // 899999.1
    ['333333', '0.85', '283333'], // 283333.05
    ['1', '0.5', '0'],
    ['0', '0.8', '0'],
    ['100', '0.999', '99'], // 99.9: truncated, never rounded up
  ])('%s × %s → %s', (face, ratio, principal) => {
    expect(purchasePrincipal(big(face), big(ratio)).toFixed()).toBe(principal);
  });

  test.each([
    ['1000000', '0', 'purchase ratio must be 0 < r ≤ 1: 0'],
    ['1000000', '1.01', 'purchase ratio must be 0 < r ≤ 1: 1.01'],
    ['1000000', '-0.5', 'purchase ratio must be 0 < r ≤ 1: -0.5'],
    ['1000000.5', '0.9', 'face amount must be a whole, non-negative number of yen: 1000000.5'],
    ['-1', '0.9', 'face amount must be a whole, non-negative number of yen: -1'],
  ])('refuses face %s with ratio %s', (face, ratio, message) => {
    expect(() => purchasePrincipal(big(face), big(ratio))).toThrow(new RangeError(message));
  });
});

describe('purchaseFee = principal × fee ratio, truncated (applicant favoured)', () => {
  test.each([
    ['900000', '0.05', '45000'],
    ['899999', '0.05', '44999'], // 44999.95
    ['283333', '0.033', '9349'], // 9349.989
    ['900000', '0', '0'],
    ['19', '0.05', '0'], // 0.95
    ['0', '0.05', '0'],
    ['100', '0.9999', '99'],
  ])('%s × %s → %s', (principal, ratio, fee) => {
    expect(purchaseFee(big(principal), big(ratio)).toFixed()).toBe(fee);
  });

  test.each([
    ['900000', '1', 'fee ratio must be 0 ≤ r < 1: 1'],
    ['900000', '-0.01', 'fee ratio must be 0 ≤ r < 1: -0.01'],
    ['900000.5', '0.05', 'principal must be a whole, non-negative number of yen: 900000.5'],
    ['-900000', '0.05', 'principal must be a whole, non-negative number of yen: -900000'],
  ])('refuses principal %s with fee ratio %s', (principal, ratio, message) => {
    expect(() => purchaseFee(big(principal), big(ratio))).toThrow(new RangeError(message));
  });
});

describe('purchaseAmount = principal − fee − bank charge', () => {
  test.each([
    ['900000', '45000', '660', '854340'],
    ['1000', '0', '0', '1000'],
    ['1000', '340', '660', '0'],
  ])('%s − %s − %s = %s', (principal, fee, charge, amount) => {
    expect(purchaseAmount(big(principal), big(fee), big(charge)).toFixed()).toBe(amount);
  });

  test.each([
    ['1000', '341', '660', 'fee and bank charge exceed the principal: -1'],
    ['0', '0', '1', 'fee and bank charge exceed the principal: -1'],
    ['1000.5', '0', '0', 'principal must be a whole, non-negative number of yen: 1000.5'],
    ['1000', '0.5', '0', 'fee must be a whole, non-negative number of yen: 0.5'],
    ['1000', '0', '0.5', 'bank charge must be a whole, non-negative number of yen: 0.5'],
    ['1000', '-1', '0', 'fee must be a whole, non-negative number of yen: -1'],
    ['1000', '0', '-1', 'bank charge must be a whole, non-negative number of yen: -1'],
  ])('refuses %s − %s − %s (negative or not whole yen)', (principal, fee, charge, message) => {
    expect(() => purchaseAmount(big(principal), big(fee), big(charge))).toThrow(new RangeError(message));
  });
});

describe('calculatePurchase', () => {
  test.each([
    [
      { amount: '1000000.00', purchase_ratio: '0.9000', purchase_fee_ratio: '0.0500', bank_charge: '660.00' },
      { purchase_principal_amount: '900000.00', purchase_fee: '45000.00', bank_charge: '660.00', purchase_amount: '854340.00' },
    ],
    [
      { amount: '333333', purchase_ratio: '0.85', purchase_fee_ratio: '0.033', bank_charge: '0' },
      { purchase_principal_amount: '283333.00', purchase_fee: '9349.00', bank_charge: '0.00', purchase_amount: '273984.00' },
    ],
    [
      { amount: '1', purchase_ratio: '1', purchase_fee_ratio: '0', bank_charge: '1' },
      { purchase_principal_amount: '1.00', purchase_fee: '0.00', bank_charge: '1.00', purchase_amount: '0.00' },
    ],
  ])('%o → %o', (terms, result) => {
    expect(calculatePurchase(terms)).toEqual(result);
  });

  test.each([
    [{ amount: 'x', purchase_ratio: '0.9', purchase_fee_ratio: '0.05', bank_charge: '0' }, /amount is not a decimal/],
    [{ amount: '1000', purchase_ratio: '', purchase_fee_ratio: '0.05', bank_charge: '0' }, /purchase_ratio is not a decimal/],
    [{ amount: '1000', purchase_ratio: '0.9', purchase_fee_ratio: '5%', bank_charge: '0' }, /purchase_fee_ratio is not a decimal/],
    [{ amount: '1000', purchase_ratio: '0.9', purchase_fee_ratio: '0.05', bank_charge: '¥660' }, /bank_charge is not a decimal/],
    [{ amount: '1000', purchase_ratio: '0.9', purchase_fee_ratio: '0.05', bank_charge: '900' }, /exceed the principal/],
  ])('refuses %o', (terms, message) => {
    expect(() => calculatePurchase(terms)).toThrow(message);
  });

  // Invariants over a grid of terms: principal − fee − bank charge = purchase amount, nothing negative,
  // the principal never above face × ratio and less than one yen below it, the fee never above principal × fee ratio.
  const faces = ['1', '999', '1000', '123457', '999999', '1000000', '98765432'];
  const ratios = ['0.01', '0.5', '0.777', '0.85', '0.9', '0.95', '1'];
  const feeRatios = ['0', '0.01', '0.033', '0.05', '0.099', '0.5', '0.9999'];
  const charges = ['0', '220', '660'];
  const grid = faces.flatMap((amount) =>
    ratios.flatMap((purchase_ratio) =>
      feeRatios.flatMap((purchase_fee_ratio) =>
        charges.map((bank_charge) => ({ amount, purchase_ratio, purchase_fee_ratio, bank_charge })),
      ),
    ),
  );

  test(`holds the invariants over ${grid.length} combinations`, () => {
    let checked = 0;
    for (const terms of grid) {
      let result;
      try {
        result = calculatePurchase(terms);
      } catch (error) {
        // Only a bank charge larger than what is left may refuse.
        expect(error).toBeInstanceOf(RangeError);
        const principal = truncateToYen(big(terms.amount).times(terms.purchase_ratio));
        const fee = truncateToYen(principal.times(terms.purchase_fee_ratio));
        expect(principal.minus(fee).lt(terms.bank_charge)).toBe(true);
        continue;
      }
      const principal = big(result.purchase_principal_amount);
      const fee = big(result.purchase_fee);
      const charge = big(result.bank_charge);
      const amount = big(result.purchase_amount);
      expect(principal.minus(fee).minus(charge).eq(amount)).toBe(true);
      for (const value of [principal, fee, charge, amount]) expect(isWholeYen(value)).toBe(true);
      const exactPrincipal = big(terms.amount).times(terms.purchase_ratio);
      expect(principal.lte(exactPrincipal) && exactPrincipal.minus(principal).lt(1)).toBe(true);
      const exactFee = principal.times(terms.purchase_fee_ratio);
      expect(fee.lte(exactFee) && exactFee.minus(fee).lt(1)).toBe(true);
      expect(principal.lte(terms.amount)).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(grid.length / 2);
  });
});

describe('sumYen', () => {
  test.each([
    [[], '0'],
    [['1000.00'], '1000'],
    [['1000.00', '2000', '0'], '3000'],
  ])('%j → %s', (values, total) => {
    expect(sumYen(values)?.toFixed()).toBe(total);
  });

  test.each([[['1000', '']], [['1000', '0.5']], [['x']], [['1000', null]], [[undefined]]])('%j → undefined', (values) => {
    expect(sumYen(values)).toBeUndefined();
  });
});
