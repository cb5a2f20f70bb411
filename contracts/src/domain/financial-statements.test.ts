import { describe, expect, test } from 'vitest';
import {
  FINANCIAL_STATEMENT_REQUIRED_FILES,
  TAX_RETURN_METHODS,
  financialStatementTypeOf,
  isFinancialStatementsComplete,
  isSuccessfullyUploaded,
  requiredFinancialStatementFiles,
  uploadedKinds,
  type FinancialStatementChoice,
  type UploadedFileLike,
} from './financial-statements';
import { FINANCIAL_STATEMENT_TYPES, type FinancialStatementType } from './statuses';

describe('financial statements type choice (spec §4)', () => {
  test('tax return methods', () => expect(TAX_RETURN_METHODS).toEqual(['eTax', 'document']));

  test.each<[FinancialStatementChoice, FinancialStatementType | null]>([
    [{ corporateDivision: 'corporate', canSubmit: true }, 'financialStatements'],
    [{ corporateDivision: 'corporate', canSubmit: false }, 'trialBalance'],
    [{ corporateDivision: 'corporate', canSubmit: true, taxReturnMethod: 'eTax' }, 'financialStatements'],
    [{ corporateDivision: 'none', canSubmit: true }, 'financialStatements'],
    [{ corporateDivision: null, canSubmit: false }, 'trialBalance'],
    [{ corporateDivision: 'individual', canSubmit: true, taxReturnMethod: 'eTax' }, 'declarationETax'],
    [{ corporateDivision: 'individual', canSubmit: true, taxReturnMethod: 'document' }, 'declarationDocument'],
    [{ corporateDivision: 'individual', canSubmit: true, taxReturnMethod: null }, null],
    [{ corporateDivision: 'individual', canSubmit: true }, null],
    [{ corporateDivision: 'individual', canSubmit: false }, 'businessOpening'],
    [{ corporateDivision: 'individual', canSubmit: false, taxReturnMethod: 'eTax' }, 'businessOpening'],
    [{ corporateDivision: 'corporate', canSubmit: null }, null],
    [{ corporateDivision: 'individual', canSubmit: undefined, taxReturnMethod: 'eTax' }, null],
  ])('%j → %j', (choice, type) => {
    expect(financialStatementTypeOf(choice)).toBe(type);
  });
});

describe('files each type requires (spec §5)', () => {
  test.each<[FinancialStatementType, boolean | null | undefined, string[]]>([
    ['financialStatements', undefined, ['pl', 'bs', 'breakdown_statement', 'sga_expenses']],
    ['financialStatements', false, ['pl', 'bs', 'breakdown_statement', 'sga_expenses']],
    ['financialStatements', null, ['pl', 'bs', 'breakdown_statement', 'sga_expenses']],
    ['financialStatements', true, ['pl', 'bs', 'breakdown_statement']],
    ['trialBalance', undefined, ['tb_pl', 'tb_bs']],
    ['trialBalance', true, ['tb_pl', 'tb_bs']],
    ['declarationETax', undefined, ['tax_returns']],
    ['declarationDocument', undefined, ['tax_returns']],
    ['businessOpening', true, ['business_opening']],
  ])('%s (no SG&A %j) → %j', (type, noSgaExpenses, files) => {
    expect(requiredFinancialStatementFiles(type, { noSgaExpenses })).toEqual(files);
  });
  test('default options keep sga_expenses', () => {
    expect(requiredFinancialStatementFiles('financialStatements')).toContain('sga_expenses');
  });
  test('every type has its files', () => expect(Object.keys(FINANCIAL_STATEMENT_REQUIRED_FILES)).toEqual([...FINANCIAL_STATEMENT_TYPES]));
});

describe('uploads', () => {
  test.each<[UploadedFileLike, boolean]>([
    [{ kind: 'pl', id: 1 }, true],
    [{ kind: 'pl', id: 0 }, true],
    [{ kind: 'pl', id: 'a' }, true],
    [{ kind: 'pl', id: 1, error: false }, true],
    [{ kind: 'pl', id: 1, error: null }, true],
    [{ kind: 'pl', id: 1, error: true }, false],
    [{ kind: 'pl', id: null }, false],
    [{ kind: 'pl' }, false],
  ])('%j uploaded: %s', (file, uploaded) => {
    expect(isSuccessfullyUploaded(file)).toBe(uploaded);
  });
  test('uploaded kinds are the part before the dash', () => {
    expect([
      ...uploadedKinds([
        { kind: 'invoice-3', id: 1 },
        { kind: 'pl', id: 2 },
        { kind: 'bs', id: null },
      ]),
    ]).toEqual(['invoice', 'pl']);
  });
});

describe('financial statements complete (spec §5)', () => {
  const up = (...kinds: string[]): UploadedFileLike[] => kinds.map((kind, index) => ({ kind, id: index + 1 }));
  test.each<[FinancialStatementType | null, UploadedFileLike[], boolean | undefined, boolean]>([
    ['financialStatements', up('pl', 'bs', 'breakdown_statement', 'sga_expenses'), undefined, true],
    ['financialStatements', up('pl', 'bs', 'breakdown_statement'), undefined, false],
    ['financialStatements', up('pl', 'bs', 'breakdown_statement'), true, true],
    ['financialStatements', up('pl', 'bs', 'sga_expenses'), true, false],
    ['financialStatements', up('bs', 'breakdown_statement', 'sga_expenses'), undefined, false],
    ['financialStatements', up('pl', 'breakdown_statement', 'sga_expenses'), undefined, false],
    ['financialStatements', [...up('pl', 'bs', 'breakdown_statement'), { kind: 'sga_expenses', id: 9, error: true }], undefined, false],
    ['financialStatements', [...up('pl', 'bs', 'breakdown_statement'), { kind: 'sga_expenses', id: null }], undefined, false],
    ['trialBalance', up('tb_pl', 'tb_bs'), undefined, true],
    ['trialBalance', up('tb_pl'), undefined, false],
    ['trialBalance', up('tb_bs'), undefined, false],
    ['trialBalance', up('pl', 'bs'), undefined, false],
    ['declarationETax', up('tax_returns'), undefined, true],
    ['declarationDocument', up('tax_returns', 'tax_returns'), undefined, true],
    ['declarationDocument', up('business_opening'), undefined, false],
    ['businessOpening', up('business_opening'), undefined, true],
    ['businessOpening', [], undefined, false],
    [null, up('pl', 'bs', 'breakdown_statement', 'sga_expenses', 'tb_pl', 'tb_bs', 'tax_returns', 'business_opening'), undefined, false],
  ])('%s with %j (no SG&A %j) → %s', (type, files, noSgaExpenses, complete) => {
    expect(isFinancialStatementsComplete(type, files, { noSgaExpenses })).toBe(complete);
  });
  test('default options require sga_expenses', () => {
    expect(isFinancialStatementsComplete('financialStatements', up('pl', 'bs', 'breakdown_statement'))).toBe(false);
  });
});
