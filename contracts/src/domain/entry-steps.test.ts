import { describe, expect, test } from 'vitest';
import {
  ENTRY_STEPS,
  ENTRY_STEP_PATH_BY_STEP,
  canOpenEntryStep,
  entryStepOfPath,
  entryStepPath,
  entryStepsDone,
  firstIncompleteStep,
  hasStepChanged,
  isCompleteStepPath,
  isFinancialStatementsStepPath,
  isInvoiceStepPath,
  isProfileStepPath,
  isWithdrawalsDetailStepPath,
  nextEntryStep,
  previousEntryStep,
  sameStepInput,
  stepChanges,
  type EntryProgressInput,
  type EntryStepsDone,
  type StepInputValue,
  type StepSnapshot,
} from './entry-steps';
import { REVIEW_STATUS as R } from './statuses';

describe('step order and paths (spec §2, §4)', () => {
  test('order', () => {
    expect(ENTRY_STEPS).toEqual(['submitInvoices', 'submitFinancialStatements', 'submitWithdrawalsDetail', 'submitProfile', 'complete']);
  });
  test.each([
    ['submitInvoices', '/entry/entry_invoice/', null, 'submitFinancialStatements'],
    ['submitFinancialStatements', '/entry/', 'submitInvoices', 'submitWithdrawalsDetail'],
    ['submitWithdrawalsDetail', '/entry/withdrawal_details/', 'submitFinancialStatements', 'submitProfile'],
    ['submitProfile', '/register/profile/', 'submitWithdrawalsDetail', 'complete'],
    ['complete', '/entry/complete/', 'submitProfile', null],
  ] as const)('%s: %s, after %j, before %j', (step, path, previous, next) => {
    expect(entryStepPath(step)).toBe(path);
    expect(ENTRY_STEP_PATH_BY_STEP[step]).toBe(path);
    expect(entryStepOfPath(path)).toBe(step);
    expect(previousEntryStep(step)).toBe(previous);
    expect(nextEntryStep(step)).toBe(next);
  });
});

describe('path rules (spec §2)', () => {
  // path, financial (ends in entry), invoice (contains /entry/entry_invoice), withdrawal (contains /entry/withdrawal_details), profile, complete
  test.each([
    ['/entry', true, false, false, false, false, 'submitFinancialStatements'],
    ['/entry/', true, false, false, false, false, 'submitFinancialStatements'],
    ['/entry//', true, false, false, false, false, 'submitFinancialStatements'],
    ['/entry?from=mypage', true, false, false, false, false, 'submitFinancialStatements'],
    ['/entry/#top', true, false, false, false, false, 'submitFinancialStatements'],
    ['/entry#top?x', true, false, false, false, false, 'submitFinancialStatements'],
    ['/entry/complete#entry', false, false, false, false, true, 'complete'],
    ['/entry/complete?next=/entry', false, false, false, false, true, 'complete'],
    ['entry', true, false, false, false, false, 'submitFinancialStatements'],
    ['/reentry', false, false, false, false, false, null],
    ['/entry/entry_invoice', false, true, false, false, false, 'submitInvoices'],
    ['/entry/entry_invoice/', false, true, false, false, false, 'submitInvoices'],
    ['/entry/entry_invoice/?claim=2', false, true, false, false, false, 'submitInvoices'],
    ['/entry/withdrawal_details', false, false, true, false, false, 'submitWithdrawalsDetail'],
    ['/entry/withdrawal_details/', false, false, true, false, false, 'submitWithdrawalsDetail'],
    ['/register/profile', false, false, false, true, false, 'submitProfile'],
    ['/register/profile/', false, false, false, true, false, 'submitProfile'],
    ['/entry/complete', false, false, false, false, true, 'complete'],
    ['/entry/complete/?x=1', false, false, false, false, true, 'complete'],
    ['/entry/cancel/complete', false, false, false, false, false, null],
    ['/entry/contract/complete', false, false, false, false, false, null],
    ['/entry/detail/12', false, false, false, false, false, null],
    ['/entry/resubmit/12', false, false, false, false, false, null],
    ['/mypage', false, false, false, false, false, null],
    ['/', false, false, false, false, false, null],
    ['', false, false, false, false, false, null],
  ])(
    '%j: financial %s, invoice %s, withdrawal %s, profile %s, complete %s → %j',
    (path, financial, invoice, withdrawal, profile, complete, step) => {
      expect(isFinancialStatementsStepPath(path)).toBe(financial);
      expect(isInvoiceStepPath(path)).toBe(invoice);
      expect(isWithdrawalsDetailStepPath(path)).toBe(withdrawal);
      expect(isProfileStepPath(path)).toBe(profile);
      expect(isCompleteStepPath(path)).toBe(complete);
      expect(entryStepOfPath(path)).toBe(step);
    },
  );
});

describe('first incomplete step (spec §4)', () => {
  const all: EntryStepsDone = { submitInvoices: true, submitFinancialStatements: true, submitWithdrawalsDetail: true, submitProfile: true };
  test.each([
    [{}, 'complete'],
    [{ submitInvoices: false }, 'submitInvoices'],
    [{ submitFinancialStatements: false }, 'submitFinancialStatements'],
    [{ submitWithdrawalsDetail: false }, 'submitWithdrawalsDetail'],
    [{ submitProfile: false }, 'submitProfile'],
    [{ submitInvoices: false, submitProfile: false }, 'submitInvoices'],
    [{ submitFinancialStatements: false, submitWithdrawalsDetail: false }, 'submitFinancialStatements'],
    [{ submitWithdrawalsDetail: false, submitProfile: false }, 'submitWithdrawalsDetail'],
  ] as const)('%j not done → %s', (patch, step) => {
    expect(firstIncompleteStep({ ...all, ...patch })).toBe(step);
  });

  test.each([
    ['submitInvoices', true],
    ['submitFinancialStatements', true],
    ['submitWithdrawalsDetail', true],
    ['submitProfile', false],
    ['complete', false],
  ] as const)('with the withdrawal step next, %s can be opened: %s', (step, open) => {
    expect(canOpenEntryStep(step, { ...all, submitWithdrawalsDetail: false })).toBe(open);
  });
  test('everything done: complete can be opened', () => expect(canOpenEntryStep('complete', all)).toBe(true));

  const progress: EntryProgressInput = {
    invoiceRequirementsComplete: true,
    financialStatementsComplete: true,
    financialStatementsStatus: R.nothing,
    accountActivityStatementsComplete: true,
    withdrawalsDetailStatus: R.nothing,
    accountStepDone: true,
  };
  test.each([
    [{}, [true, true, true, true]],
    [{ invoiceRequirementsComplete: false }, [false, true, true, true]],
    [{ financialStatementsComplete: false }, [true, false, true, true]],
    [{ financialStatementsComplete: false, financialStatementsStatus: R.confirming }, [true, true, true, true]],
    [{ financialStatementsComplete: false, financialStatementsStatus: R.confirmed }, [true, true, true, true]],
    [{ financialStatementsComplete: false, financialStatementsStatus: R.inadequate }, [true, false, true, true]],
    [{ financialStatementsComplete: false, financialStatementsStatus: R.expired }, [true, false, true, true]],
    [{ financialStatementsComplete: false, financialStatementsStatus: null }, [true, false, true, true]],
    [{ accountActivityStatementsComplete: false }, [true, true, false, true]],
    [{ accountActivityStatementsComplete: false, withdrawalsDetailStatus: R.confirming }, [true, true, true, true]],
    [{ accountActivityStatementsComplete: false, withdrawalsDetailStatus: R.confirmed }, [true, true, true, true]],
    [{ accountActivityStatementsComplete: false, withdrawalsDetailStatus: R.inadequate }, [true, true, false, true]],
    [{ accountActivityStatementsComplete: false, withdrawalsDetailStatus: undefined }, [true, true, false, true]],
    [{ accountStepDone: false }, [true, true, true, false]],
  ] as const)('progress %j → done %j', (patch, expected) => {
    const done = entryStepsDone({ ...progress, ...patch });
    expect([done.submitInvoices, done.submitFinancialStatements, done.submitWithdrawalsDetail, done.submitProfile]).toEqual(expected);
  });
});

describe('change detection (spec §4)', () => {
  test.each<[StepInputValue, StepInputValue, boolean]>([
    ['a', 'a', true],
    ['a', 'b', false],
    [1, 1, true],
    [1, '1', false],
    [true, true, true],
    [true, false, false],
    [null, undefined, true],
    [null, '', true],
    ['', undefined, true],
    [null, 'a', false],
    ['a', null, false],
    [0, null, false],
    [false, undefined, false],
    [[], [], true],
    [['a', 'b'], ['a', 'b'], true],
    [['a', 'b'], ['b', 'a'], false],
    [['a'], ['a', 'b'], false],
    [['a', null], ['a', ''], true],
    [['a'], 'a', false],
    ['a', ['a'], false],
    [['a'], { 0: 'a' }, false],
    [{ 0: 'a' }, ['a'], false],
    [{}, {}, true],
    [{ a: 1 }, { a: 1 }, true],
    [{ a: 1 }, { a: 2 }, false],
    [{ a: 1, b: null }, { a: 1 }, true],
    [{ a: 1 }, { a: 1, b: '' }, true],
    [{ a: 1 }, { a: 1, b: 'x' }, false],
    [{ a: 1, b: 'x' }, { a: 1 }, false],
    [{ a: { b: [1, { c: 'x' }] } }, { a: { b: [1, { c: 'x' }] } }, true],
    [{ a: { b: [1, { c: 'x' }] } }, { a: { b: [1, { c: 'y' }] } }, false],
    [{ a: 1 }, 'x', false],
    ['x', { a: 1 }, false],
    [{}, 5, false],
    [{}, true, false],
    [null, { a: 1 }, false],
    [undefined, {}, false],
    [null, ['a'], false],
  ])('sameStepInput(%j, %j) = %s', (a, b, same) => {
    expect(sameStepInput(a, b)).toBe(same);
    expect(sameStepInput(b, a)).toBe(same);
  });

  const saved: StepSnapshot = {
    inputs: {
      purpose: '仕入れ資金',
      purchase_amount_desired: '1000000',
      claims: [{ amount: '500000', obliger_company_name: '株式会社テスト' }],
      note: null,
    },
    files: [
      { kind: 'invoice-1', id: 10 },
      { kind: 'invoice-2', id: 11 },
    ],
  };

  test('the same state has no changes', () => {
    const current: StepSnapshot = { inputs: { ...saved.inputs, note: '' }, files: [...saved.files].reverse() };
    expect(stepChanges(saved, current)).toEqual({ changedInputs: [], addedFiles: [], removedFiles: [] });
    expect(hasStepChanged(saved, current)).toBe(false);
  });

  test.each<[string, StepSnapshot, { changedInputs?: string[]; addedFiles?: unknown[]; removedFiles?: unknown[] }]>([
    ['an edited field', { ...saved, inputs: { ...saved.inputs, purpose: '給与支払い' } }, { changedInputs: ['purpose'] }],
    [
      'an edited nested claim field',
      { ...saved, inputs: { ...saved.inputs, claims: [{ amount: '600000', obliger_company_name: '株式会社テスト' }] } },
      { changedInputs: ['claims'] },
    ],
    ['a new field', { ...saved, inputs: { ...saved.inputs, bank: 'みずほ' } }, { changedInputs: ['bank'] }],
    [
      'a removed field',
      { ...saved, inputs: { purpose: '仕入れ資金', claims: saved.inputs.claims, note: null } },
      { changedInputs: ['purchase_amount_desired'] },
    ],
    [
      'an added file',
      { ...saved, files: [...saved.files, { kind: 'invoice-3', id: 12 }] },
      { addedFiles: [{ kind: 'invoice-3', id: 12 }] },
    ],
    ['a removed file', { ...saved, files: [{ kind: 'invoice-1', id: 10 }] }, { removedFiles: [{ kind: 'invoice-2', id: 11 }] }],
    [
      'a replaced file',
      {
        ...saved,
        files: [
          { kind: 'invoice-1', id: 10 },
          { kind: 'invoice-2', id: 13 },
        ],
      },
      { addedFiles: [{ kind: 'invoice-2', id: 13 }], removedFiles: [{ kind: 'invoice-2', id: 11 }] },
    ],
    [
      'the same id under another key',
      {
        ...saved,
        files: [
          { kind: 'invoice-1', id: 10 },
          { kind: 'invoice-3', id: 11 },
        ],
      },
      { addedFiles: [{ kind: 'invoice-3', id: 11 }], removedFiles: [{ kind: 'invoice-2', id: 11 }] },
    ],
    [
      'a duplicate of a saved file',
      { ...saved, files: [...saved.files, { kind: 'invoice-1', id: 10 }] },
      { addedFiles: [{ kind: 'invoice-1', id: 10 }] },
    ],
  ])('%s', (_name, current, expected) => {
    expect(stepChanges(saved, current)).toEqual({ changedInputs: [], addedFiles: [], removedFiles: [], ...expected });
    expect(hasStepChanged(saved, current)).toBe(true);
  });

  test.each([
    ['a file still uploading', { kind: 'invoice-3', id: null }],
    ['a failed upload', { kind: 'invoice-3', id: 99, error: true }],
  ])('%s is not a change', (_name, file) => {
    expect(hasStepChanged(saved, { ...saved, files: [...saved.files, file] })).toBe(false);
  });

  test('ids compare as text (10 and "10" are the same upload)', () => {
    expect(
      hasStepChanged(saved, {
        ...saved,
        files: [
          { kind: 'invoice-1', id: '10' },
          { kind: 'invoice-2', id: 11 },
        ],
      }),
    ).toBe(false);
  });

  test('a saved file that failed does not count either', () => {
    const withFailed: StepSnapshot = { ...saved, files: [...saved.files, { kind: 'invoice-9', id: 5, error: true }] };
    expect(stepChanges(withFailed, saved)).toEqual({ changedInputs: [], addedFiles: [], removedFiles: [] });
  });
});
