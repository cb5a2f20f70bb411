import { describe, expect, test } from 'vitest';
import { STAFF_DECISION_MESSAGES } from '@app/contracts';
import { previewPricing } from './pricing';

describe('the pricing preview (domain calculatePurchase)', () => {
  test('principal, fee and amount from the terms, truncated to the yen', () => {
    expect(previewPricing('1000000', { purchase_ratio: '0.8', purchase_fee_ratio: '0.05', bank_charge: '660' })).toEqual({
      ok: true,
      figures: { purchase_principal_amount: '800000.00', purchase_fee: '40000.00', bank_charge: '660.00', purchase_amount: '759340.00' },
    });
    expect(previewPricing('333333', { purchase_ratio: '0.9', purchase_fee_ratio: '0.07', bank_charge: '0' })).toMatchObject({
      ok: true,
      figures: { purchase_principal_amount: '299999.00', purchase_fee: '20999.00', purchase_amount: '279000.00' },
    });
  });

  test('full-width digits, commas and 円 are read', () => {
    expect(previewPricing('1000000', { purchase_ratio: '０.８', purchase_fee_ratio: '0.05', bank_charge: '1,000円' })).toMatchObject({
      ok: true,
      figures: { purchase_amount: '759000.00' },
    });
  });

  test('terms out of bounds are named per field; incomplete terms show nothing yet', () => {
    expect(previewPricing('1000000', { purchase_ratio: '1.2', purchase_fee_ratio: '1', bank_charge: '-1' })).toEqual({
      ok: false,
      errors: {
        purchase_ratio: STAFF_DECISION_MESSAGES.purchaseRatio,
        purchase_fee_ratio: STAFF_DECISION_MESSAGES.feeRatio,
        bank_charge: STAFF_DECISION_MESSAGES.bankCharge,
      },
      message: null,
    });
    expect(previewPricing('1000000', { purchase_ratio: '0.8', purchase_fee_ratio: '', bank_charge: '' })).toEqual({
      ok: false,
      errors: {},
      message: null,
    });
  });

  test('terms that leave nothing to pay are refused before saving', () => {
    expect(previewPricing('1000', { purchase_ratio: '0.5', purchase_fee_ratio: '0.5', bank_charge: '660' })).toEqual({
      ok: false,
      errors: {},
      message: STAFF_DECISION_MESSAGES.purchaseNotPositive,
    });
  });
});
