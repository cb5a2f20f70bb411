import { describe, expect, test } from 'vitest';
import {
  BANK_FILE_FORMATS,
  CANCELLABLE_ENTRY_STATUSES,
  CLAIM_GROUP_STATUS,
  CLAIM_STATUS,
  CORPORATE_DIVISIONS,
  DEFAULT_REVIEW_STATUS,
  DEFAULT_SECTOR,
  DEPOSIT_TYPE_LABELS,
  ENTRY_STATUS,
  ENTRY_STATUS_LABELS,
  FINANCIAL_STATEMENT_TYPES,
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_SIDES,
  REVIEW_STATUS,
  SECTORS,
  SECTOR_LABELS,
  SUFFIXED_UPLOAD_KINDS,
  BANK_FILE_KINDS,
  FINANCIAL_STATEMENT_FILE_KINDS,
  SUPPRESS_ENTRIES_METHOD,
  UPLOAD_KINDS,
  apiUploadKind,
  claimHasPurchaseAmount,
  claimStatusName,
  depositTypeLabel,
  effectiveBankFileFormat,
  entryStatusLabel,
  claimStatusLabel,
  CLAIM_STATUS_LABELS,
  entryStatusName,
  formatUploadKey,
  isBankFileFormat,
  isClaimAfterContract,
  isClaimAfterReview,
  isClaimNeedingReturn,
  isClaimStatus,
  isCorporateDivision,
  isDepositType,
  isEntryCancellable,
  isEntryPendingBeforeContract,
  isEntryStatus,
  isFinancialStatementType,
  isIdentityDocumentType,
  isIdentitySide,
  isReviewStatus,
  isSector,
  isSuffixedUploadKind,
  isUploadKind,
  parseDepositType,
  parseUploadKey,
  reviewStatusName,
  reviewStatusOrDefault,
  sectorOrDefault,
  suppressionFor,
  suppressionReaches,
} from './statuses';

describe('entry status (spec §4)', () => {
  test.each([
    ['under_review', 1],
    ['inadequate', 2],
    ['reviewed', 3],
    ['contracted', 4],
    ['transferred', 5],
    ['archived', 6],
  ] as const)('%s = %i', (name, code) => {
    expect(ENTRY_STATUS[name]).toBe(code);
    expect(entryStatusName(code)).toBe(name);
    expect(isEntryStatus(code)).toBe(true);
  });
  test('six statuses', () => expect(Object.keys(ENTRY_STATUS)).toHaveLength(6));
  test.each([0, 7, '1', null, undefined, 1.5])('%j is not an entry status', (value) => {
    expect(isEntryStatus(value)).toBe(false);
    expect(entryStatusName(value)).toBeNull();
    expect(entryStatusLabel(value)).toBeNull();
  });
  test.each([
    [1, '審査中'],
    [2, '書類の不備あり'],
    [3, '審査完了・ご契約手続き待ち'],
    [4, 'ご契約済み'],
    [5, 'お振込み済み'],
    [6, '終了'],
  ])('status %i reads %s', (code, label) => {
    expect(entryStatusLabel(code)).toBe(label);
  });
  test.each([
    [1, '審査中'],
    [3, '買取可'],
    [6, '回収済み'],
    [7, '支払遅延'],
    [8, '買取不可'],
    [9, '取り消し'],
    [0, null],
    ['3', null],
  ])('claim status %j reads %s', (code, label) => {
    expect(claimStatusLabel(code)).toBe(label);
  });
  test('every claim status has a label, and no two share one', () => {
    expect(Object.keys(CLAIM_STATUS_LABELS).sort()).toEqual(Object.keys(CLAIM_STATUS).sort());
    expect(new Set(Object.values(CLAIM_STATUS_LABELS)).size).toBe(9);
  });
  test('every status has a label, and no two share one', () => {
    expect(Object.keys(ENTRY_STATUS_LABELS).sort()).toEqual(Object.keys(ENTRY_STATUS).sort());
    expect(new Set(Object.values(ENTRY_STATUS_LABELS)).size).toBe(6);
  });

  test.each([
    [1, true],
    [2, true],
    [3, true],
    [4, false],
    [5, false],
    [6, false],
    [0, false],
  ])('status %i cancellable: %s', (status, expected) => {
    expect(isEntryCancellable(status)).toBe(expected);
    expect(CANCELLABLE_ENTRY_STATUSES.has(status as never)).toBe(expected);
  });

  test.each([
    [1, true],
    [2, true],
    [3, true],
    [4, false],
    [5, false],
    [6, false],
  ])('status %i pending before contract: %s', (status, expected) => {
    expect(isEntryPendingBeforeContract(status)).toBe(expected);
  });
});

describe('claim status (spec §4)', () => {
  test.each([
    ['under_review', 1],
    ['inadequate', 2],
    ['can_buy', 3],
    ['contracted', 4],
    ['transferred', 5],
    ['returned', 6],
    ['delay', 7],
    ['cannot_buy', 8],
    ['cancel', 9],
  ] as const)('%s = %i', (name, code) => {
    expect(CLAIM_STATUS[name]).toBe(code);
    expect(claimStatusName(code)).toBe(name);
    expect(isClaimStatus(code)).toBe(true);
  });
  test('nine statuses', () => expect(Object.keys(CLAIM_STATUS)).toHaveLength(9));
  test.each([0, 10, '3', null])('%j is not a claim status', (value) => {
    expect(isClaimStatus(value)).toBe(false);
    expect(claimStatusName(value)).toBeNull();
  });
  test('group status payment = 0', () => expect(CLAIM_GROUP_STATUS).toEqual({ payment: 0 }));

  // Columns: after review, needing return, after contract, with a purchase amount.
  test.each([
    ['under_review', false, true, false, false],
    ['inadequate', false, true, false, false],
    ['can_buy', true, true, false, true],
    ['contracted', true, true, true, true],
    ['transferred', true, true, true, true],
    ['returned', true, true, true, true],
    ['delay', true, true, true, true],
    ['cannot_buy', true, false, false, false],
    ['cancel', true, false, false, false],
  ] as const)(
    '%s: after review %s, needing return %s, after contract %s, purchase amount %s',
    (name, afterReview, needingReturn, afterContract, purchase) => {
      const status = CLAIM_STATUS[name];
      expect(isClaimAfterReview(status)).toBe(afterReview);
      expect(isClaimNeedingReturn(status)).toBe(needingReturn);
      expect(isClaimAfterContract(status)).toBe(afterContract);
      expect(claimHasPurchaseAmount(status)).toBe(purchase);
    },
  );
  test.each([0, 10])('unknown code %i is in no set', (status) => {
    expect([
      isClaimAfterReview(status),
      isClaimNeedingReturn(status),
      isClaimAfterContract(status),
      claimHasPurchaseAmount(status),
    ]).toEqual([false, false, false, false]);
  });
});

describe('identity and document review status (spec §4)', () => {
  test.each([
    ['confirming', 1],
    ['inadequate', 2],
    ['confirmed', 3],
    ['nothing', 4],
    ['expired', 5],
  ] as const)('%s = %i', (name, code) => {
    expect(REVIEW_STATUS[name]).toBe(code);
    expect(reviewStatusName(code)).toBe(name);
    expect(isReviewStatus(code)).toBe(true);
    expect(reviewStatusOrDefault(code)).toBe(code);
  });
  test('default is nothing', () => expect(DEFAULT_REVIEW_STATUS).toBe(4));
  test.each([null, undefined, 0, 6, '3'])('%j defaults to nothing', (value) => {
    expect(isReviewStatus(value)).toBe(false);
    expect(reviewStatusName(value)).toBeNull();
    expect(reviewStatusOrDefault(value)).toBe(REVIEW_STATUS.nothing);
  });
});

describe('string enumerations (spec §3)', () => {
  test.each([
    ['corporate division', CORPORATE_DIVISIONS, isCorporateDivision, ['none', 'corporate', 'individual']],
    [
      'identity document type',
      IDENTITY_DOCUMENT_TYPES,
      isIdentityDocumentType,
      ['drivingLicence', 'passport', 'individualNumber', 'other'],
    ],
    ['identity side', IDENTITY_SIDES, isIdentitySide, ['front', 'back']],
    [
      'financial statement type',
      FINANCIAL_STATEMENT_TYPES,
      isFinancialStatementType,
      ['financialStatements', 'trialBalance', 'declarationETax', 'declarationDocument', 'businessOpening'],
    ],
    ['bank file format', BANK_FILE_FORMATS, isBankFileFormat, ['passbook', 'ib', 'unknown']],
    ['deposit type', ['ordinary', 'checking'], isDepositType, ['ordinary', 'checking']],
    ['suffixed upload kind', SUFFIXED_UPLOAD_KINDS, isSuffixedUploadKind, ['withdrawals_detail', 'invoice', 'additional_doc']],
  ] as const)('%s', (_name, list, guard, expected) => {
    expect(list).toEqual(expected);
    for (const value of expected) expect(guard(value)).toBe(true);
    for (const value of ['', 'x', null, undefined, 1, expected[0].toUpperCase()]) expect(guard(value)).toBe(false);
  });

  test('sectors: the spec list, default unknown, a label for each', () => {
    expect(SECTORS).toEqual([
      'unknown',
      'construction',
      'manufacturing',
      'information_and_communications',
      'services',
      'transportation',
      'wholesale_and_retail_trade',
      'finance_and_insurance',
      'real_estate',
      'goods_rental_and_leasing',
      'agriculture_forestry_fishery',
      'mining_and_quarrying_of_stone_and_gravel',
      'textiles_apparels_and_chemical_allied_products',
      'iron_and_steel',
      'electricity_gas_heat_supply_and_water',
      'other',
    ]);
    expect(DEFAULT_SECTOR).toBe('unknown');
    expect(Object.keys(SECTOR_LABELS)).toEqual([...SECTORS]);
    expect(new Set(Object.values(SECTOR_LABELS)).size).toBe(SECTORS.length);
  });
  test.each([
    ['unknown', '未選択'],
    ['construction', '建設業'],
    ['manufacturing', '製造業'],
    ['information_and_communications', '情報通信業'],
    ['services', 'サービス業'],
    ['transportation', '運輸業'],
    ['wholesale_and_retail_trade', '卸売業・小売業'],
    ['finance_and_insurance', '金融業・保険業'],
    ['real_estate', '不動産業'],
    ['goods_rental_and_leasing', '物品賃貸業'],
    ['agriculture_forestry_fishery', '農業・林業・漁業'],
    ['mining_and_quarrying_of_stone_and_gravel', '鉱業・採石業・砂利採取業'],
    ['textiles_apparels_and_chemical_allied_products', '繊維・衣服・化学関連製品'],
    ['iron_and_steel', '鉄鋼業'],
    ['electricity_gas_heat_supply_and_water', '電気・ガス・熱供給・水道業'],
    ['other', 'その他'],
  ] as const)('sector %s reads %s', (sector, label) => {
    expect(SECTOR_LABELS[sector]).toBe(label);
  });
  test.each([
    ['construction', 'construction'],
    ['other', 'other'],
    ['unknown', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
    ['', 'unknown'],
    ['retired_sector', 'unknown'],
  ])('sector %j → %s', (value, expected) => {
    expect(sectorOrDefault(value)).toBe(expected);
    expect(isSector(value)).toBe(value === expected);
  });

  test('upload kinds (spec §3)', () => {
    expect(UPLOAD_KINDS).toEqual([
      'identity',
      'invoice',
      'additional_doc',
      'withdrawals_detail',
      'passbook_cover',
      'passbook_details',
      'ib_info',
      'ib_details',
      'financial_statements',
      'pl',
      'bs',
      'breakdown_statement',
      'sga_expenses',
      'tb_pl',
      'tb_bs',
      'tax_returns',
      'business_opening',
      'delinquency',
    ]);
    for (const kind of UPLOAD_KINDS) expect(isUploadKind(kind)).toBe(true);
    expect(isUploadKind('invoice-1')).toBe(false);
  });

  test("the bank's own files and the financial statements' files are upload kinds", () => {
    expect(BANK_FILE_KINDS).toEqual(['passbook_cover', 'passbook_details', 'ib_info', 'ib_details']);
    expect(FINANCIAL_STATEMENT_FILE_KINDS).toEqual([
      'pl',
      'bs',
      'breakdown_statement',
      'sga_expenses',
      'tb_pl',
      'tb_bs',
      'tax_returns',
      'business_opening',
    ]);
    for (const kind of [...BANK_FILE_KINDS, ...FINANCIAL_STATEMENT_FILE_KINDS]) expect(isUploadKind(kind)).toBe(true);
  });

  test('suppress entries methods', () => {
    expect(SUPPRESS_ENTRIES_METHOD).toEqual({ stopNewEntry: 'stop_new_entry', maintenance: 'maintenance' });
  });
});

describe('bank file format: unknown is treated as passbook', () => {
  test.each([
    ['passbook', 'passbook'],
    ['ib', 'ib'],
    ['unknown', 'passbook'],
    [null, 'passbook'],
    [undefined, 'passbook'],
    ['IB', 'passbook'],
  ])('%j → %s', (format, expected) => {
    expect(effectiveBankFileFormat(format)).toBe(expected);
  });
});

describe('deposit types 普通/当座', () => {
  test('labels', () => expect(DEPOSIT_TYPE_LABELS).toEqual({ ordinary: '普通', checking: '当座' }));
  test.each([
    ['ordinary', '普通'],
    ['checking', '当座'],
  ] as const)('%s → %s', (type, label) => {
    expect(depositTypeLabel(type)).toBe(label);
  });
  test.each([
    ['ordinary', 'ordinary'],
    ['checking', 'checking'],
    ['普通', 'ordinary'],
    ['当座', 'checking'],
    [' 普通 ', 'ordinary'],
    ['　当座　', 'checking'],
    ['貯蓄', null],
    ['', null],
    ['Ordinary', null],
  ])('parseDepositType(%j) → %j', (text, expected) => {
    expect(parseDepositType(text)).toBe(expected);
  });
});

describe('upload keys', () => {
  test.each([
    ['withdrawals_detail-0', 'withdrawals_detail'],
    ['withdrawals_detail-12', 'withdrawals_detail'],
    ['invoice-42', 'invoice'],
    ['additional_doc-7', 'additional_doc'],
    ['invoice-a1b2-c3', 'invoice'],
    ['pl', 'pl'],
    ['passbook_cover', 'passbook_cover'],
    ['', ''],
    ['-1', ''],
  ])('the kind sent to the API for %j is %j', (key, kind) => {
    expect(apiUploadKind(key)).toBe(kind);
  });

  test.each([
    ['withdrawals_detail', 3, 'withdrawals_detail-3'],
    ['withdrawals_detail', '0', 'withdrawals_detail-0'],
    ['invoice', 42, 'invoice-42'],
    ['invoice', 'draft-1', 'invoice-draft-1'],
    ['additional_doc', 'x', 'additional_doc-x'],
  ] as const)('formatUploadKey(%s, %j) → %s', (kind, suffix, key) => {
    expect(formatUploadKey(kind, suffix)).toBe(key);
    expect(parseUploadKey(key)).toEqual({ kind, suffix: String(suffix) });
  });

  test.each([
    ['withdrawals_detail', ''],
    ['withdrawals_detail', 'a'],
    ['withdrawals_detail', '-1'],
    ['withdrawals_detail', 1.5],
    ['invoice', ''],
    ['additional_doc', ''],
  ] as const)('formatUploadKey(%s, %j) throws', (kind, suffix) => {
    expect(() => formatUploadKey(kind, suffix)).toThrow(
      new RangeError(`Invalid ${kind} upload key suffix: ${JSON.stringify(String(suffix))}`),
    );
  });

  test.each([
    ['pl', { kind: 'pl', suffix: null }],
    ['invoice', { kind: 'invoice', suffix: null }],
    ['identity', { kind: 'identity', suffix: null }],
    ['withdrawals_detail-01', { kind: 'withdrawals_detail', suffix: '01' }],
    ['pl-1', null],
    ['identity-front', null],
    ['invoice-', null],
    ['withdrawals_detail-x', null],
    ['withdrawals_detail-1a', null],
    ['withdrawals_detail-a1', null],
    ['receipt-1', null],
    ['receipt', null],
    ['', null],
  ])('parseUploadKey(%j) → %j', (key, expected) => {
    expect(parseUploadKey(key)).toEqual(expected);
  });
});

describe("suppressionReaches / suppressionFor (the setting's segment)", () => {
  test.each([
    [null, null, true],
    [undefined, 'a', true],
    ['', 'a', true],
    [' , ', null, true],
    ['a', 'a', true],
    [' a ', 'a ', true],
    ['a,b', 'b', true],
    ['a, b', 'c', false],
    ['a', null, false],
    ['a', '', false],
    ['a', '  ', false],
    ['ab', 'a', false],
  ])('segment %j, user segment %j → %s', (segment, userSegment, expected) => {
    expect(suppressionReaches(segment, userSegment)).toBe(expected);
  });
  test.each([
    [null, 'a', false],
    [undefined, 'a', false],
    [{ method: 'maintenance', segment: null }, null, true],
    [{ method: 'maintenance', segment: 'a' }, 'b', false],
    [{ method: 'stop_new_entry', segment: 'a' }, 'a', true],
  ])('%j for %j → the setting: %s', (setting, userSegment, reaches) => {
    expect(suppressionFor(setting, userSegment)).toBe(reaches ? setting : null);
  });
});
