import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { FORMAT_MESSAGES, MESSAGES } from '../domain/messages';
import {
  BankAccountStringSchema,
  ClaimStatusSchema,
  ConfirmationStatusSchema,
  DateInputSchema,
  DateSchema,
  DateTimeSchema,
  DecimalStringSchema,
  EntryStatusSchema,
  FeeRatioSchema,
  IdSchema,
  PurchaseRatioSchema,
  ReviewStatusSchema,
  YenInputSchema,
  YenStringSchema,
  addFieldErrors,
} from './index';

const ok = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;
const messages = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('primitives', () => {
  test.each<[string, z.ZodMiniType, unknown, boolean]>([
    ['id', IdSchema, 1, true],
    ['id', IdSchema, 0, false],
    ['id', IdSchema, 1.5, false],
    ['id', IdSchema, '1', false],
    ['date', DateSchema, '2025-06-30', true],
    ['date', DateSchema, '2024-02-29', true],
    ['date', DateSchema, '2025-02-29', false],
    ['date', DateSchema, '2025/06/30', false],
    ['date', DateSchema, '2025-06-30T00:00:00Z', false],
    ['datetime', DateTimeSchema, '2025-06-30T09:00:00.123456+09:00', true],
    ['datetime', DateTimeSchema, '2025-06-30T00:00:00Z', true],
    ['datetime', DateTimeSchema, '2025-06-30T09:00:00', false],
    ['datetime', DateTimeSchema, '2025-06-30', false],
    ['decimal', DecimalStringSchema, '1000000.00', true],
    ['decimal', DecimalStringSchema, '0.9', true],
    ['decimal', DecimalStringSchema, '1,000', false],
    ['decimal', DecimalStringSchema, 1000, false],
    ['yen', YenStringSchema, '1000000.00', true],
    ['yen', YenStringSchema, '0', true],
    ['yen', YenStringSchema, '1000000.50', false],
    ['yen', YenStringSchema, '-1', false],
    ['yen', YenStringSchema, '', false],
    ['purchase ratio', PurchaseRatioSchema, '0.9000', true],
    ['purchase ratio', PurchaseRatioSchema, '1', true],
    ['purchase ratio', PurchaseRatioSchema, '0', false],
    ['purchase ratio', PurchaseRatioSchema, '1.01', false],
    ['purchase ratio', PurchaseRatioSchema, 'x', false],
    ['fee ratio', FeeRatioSchema, '0', true],
    ['fee ratio', FeeRatioSchema, '0.05', true],
    ['fee ratio', FeeRatioSchema, '1', false],
    ['fee ratio', FeeRatioSchema, '-0.01', false],
    ['fee ratio', FeeRatioSchema, '', false],
    ['entry status', EntryStatusSchema, 1, true],
    ['entry status', EntryStatusSchema, 6, true],
    ['entry status', EntryStatusSchema, 0, false],
    ['entry status', EntryStatusSchema, 7, false],
    ['claim status', ClaimStatusSchema, 9, true],
    ['claim status', ClaimStatusSchema, 0, false],
    ['claim status', ClaimStatusSchema, 10, false],
    ['review status', ReviewStatusSchema, 1, true],
    ['review status', ReviewStatusSchema, 5, true],
    ['review status', ReviewStatusSchema, 6, false],
    ['review status', ReviewStatusSchema, '1', false],
  ])('%s %j → %s', (_name, schema, value, valid) => {
    expect(ok(schema, value)).toBe(valid);
  });

  test('a missing confirmation status is nothing (4); null is refused', () => {
    expect(ConfirmationStatusSchema.parse(undefined)).toBe(4);
    expect(ConfirmationStatusSchema.parse(3)).toBe(3);
    expect(ok(ConfirmationStatusSchema, null)).toBe(false);
  });

  test.each([
    ['1000', []],
    ['', []],
    [null, []],
    [undefined, []],
    ['1000.5', [FORMAT_MESSAGES.yen]],
    ['１０００', [FORMAT_MESSAGES.yen]],
  ])('yen input %j → %j', (value, expected) => {
    expect(messages(YenInputSchema, value)).toEqual(expected);
  });

  test.each([
    ['2025-06-30', []],
    ['', []],
    [null, []],
    ['2025-13-01', [FORMAT_MESSAGES.date]],
    ['6/30', [FORMAT_MESSAGES.date]],
  ])('date input %j → %j', (value, expected) => {
    expect(messages(DateInputSchema, value)).toEqual(expected);
  });

  test.each([
    ['', []],
    ['みずほ銀行 渋谷支店 普通 1234567 ヤマダ　タロウ', []],
    ['みずほ銀行 渋谷支店 当座 1234567', []],
    ['みずほ銀行 渋谷支店 普通', [FORMAT_MESSAGES.bankAccount]],
    // Spec §5: a deposit type other than 普通/当座 gets 「普通か当座を選択してください。」.
    ['みずほ銀行 渋谷支店 貯蓄 1234567', [MESSAGES.depositType]],
    ['みずほ銀行 渋谷支店 普通 123456 ヤマダ', [MESSAGES.bankAccountNumber]],
    ['みずほ銀行 渋谷支店 普通 1234567 やまだ', [MESSAGES.accountHolderName]],
  ])('bank account string %j → %j', (value, expected) => {
    expect(messages(BankAccountStringSchema, value)).toEqual(expected);
  });
});

describe('addFieldErrors', () => {
  test('reports domain field errors at their paths, indices as numbers', () => {
    const schema = z
      .object({})
      .check(z.superRefine((_value, ctx) => addFieldErrors(ctx, { purpose: 'A', 'claims.0.amount': 'B', 'claims.12.x': 'C' })));
    expect(schema.safeParse({}).error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['purpose'], message: 'A' },
      { path: ['claims', 0, 'amount'], message: 'B' },
      { path: ['claims', 12, 'x'], message: 'C' },
    ]);
  });
});
