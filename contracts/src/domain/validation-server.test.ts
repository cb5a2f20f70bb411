import { describe, expect, test } from 'vitest';
import {
  NON_FIELD_ERRORS,
  clearServerErrors,
  isDrfErrorBody,
  isServerValidationError,
  keepServerErrors,
  readServerError,
  serverFieldError,
  serverFieldErrors,
  serverNonFieldError,
  serverValidationBody,
  toDrfErrorBody,
  uploadFailure,
  type DrfErrorBody,
  type StepServerErrors,
} from './validation-server';

type Step = 'submitInvoices' | 'submitFinancialStatements' | 'submitWithdrawalsDetail';

const body: DrfErrorBody = {
  purpose: ['入力してください。', 'second'],
  non_field_errors: ['申込みに失敗しました', 'other'],
  claims: [
    {},
    { amount: ['入力してください。'], receive_payment_account: { obliger_accounts: [{}, { holder_name: ['名義が不正です'] }] } },
  ],
  'claims.2.amount': ['flat key'],
  detail_only: 'a plain string',
  empty: [],
  numbers: [1],
};

describe('isDrfErrorBody / isServerValidationError', () => {
  test.each([
    [{}, true],
    [{ a: ['x'] }, true],
    [[], false],
    [null, false],
    ['x', false],
    [undefined, false],
  ])('isDrfErrorBody(%j) = %s', (value, expected) => {
    expect(isDrfErrorBody(value)).toBe(expected);
  });

  test.each([
    [{ status: 400, data: { a: ['x'] } }, true],
    [{ status: 400, body: { a: ['x'] } }, true], // the shared api-client's ValidationError
    [{ status: 400, body: null, data: { a: ['x'] } }, true],
    [{ status: 400, body: 'x' }, false],
    [{ status: 401, body: {} }, false],
    [{ statusCode: 400, data: {} }, true],
    [{ status: 400, statusCode: 400, data: {} }, true],
    [{ status: 400 }, false], // 400 without a body: a bad request
    [{ status: 400, data: null }, false],
    [{ status: 400, data: 'Bad Request' }, false],
    [{ status: 400, data: ['x'] }, false],
    [{ status: 401, data: {} }, false],
    [{ statusCode: 500, data: {} }, false],
    [{ status: 500, statusCode: 400, data: {} }, false],
    [{ data: {} }, false],
    [new Error('network'), false],
    [null, false],
    ['400', false],
  ])('isServerValidationError(%o) = %s', (error, expected) => {
    expect(isServerValidationError(error)).toBe(expected);
    expect(serverValidationBody(error) !== undefined).toBe(expected);
  });

  test.each([
    [{ status: 400, body: { a: ['body'] }, data: { a: ['data'] } }, { a: ['body'] }],
    [{ status: 400, data: { a: ['data'] } }, { a: ['data'] }],
  ])('serverValidationBody(%o) = %o', (error, body) => {
    expect(serverValidationBody(error)).toEqual(body);
  });
});

describe('keepServerErrors / clearServerErrors / readServerError', () => {
  test('keeps the errors of each step apart and replaces a step’s errors', () => {
    let errors: StepServerErrors<Step> = {};
    errors = keepServerErrors(errors, 'submitInvoices', { status: 400, data: { purpose: ['A'] } });
    errors = keepServerErrors(errors, 'submitWithdrawalsDetail', { statusCode: 400, body: { non_field_errors: ['B'] } });
    expect(readServerError(errors, 'submitInvoices', 'purpose')).toBe('A');
    expect(readServerError(errors, 'submitWithdrawalsDetail', 'purpose')).toBeUndefined();
    expect(readServerError(errors, 'submitWithdrawalsDetail', NON_FIELD_ERRORS)).toBe('B');
    expect(readServerError(errors, 'submitFinancialStatements', 'purpose')).toBeUndefined();

    errors = keepServerErrors(errors, 'submitInvoices', { status: 400, data: { claims: ['C'] } });
    expect(readServerError(errors, 'submitInvoices', 'purpose')).toBeUndefined();
    expect(readServerError(errors, 'submitInvoices', 'claims')).toBe('C');

    const cleared = clearServerErrors(errors, 'submitInvoices');
    expect(cleared).toEqual({ submitWithdrawalsDetail: { non_field_errors: ['B'] } });
    expect(errors.submitInvoices).toEqual({ claims: ['C'] }); // the previous state is untouched
    expect(clearServerErrors(cleared, 'submitFinancialStatements')).toEqual(cleared);
  });

  test.each([[new Error('network')], [{ status: 500, data: { detail: 'x' } }], [{ status: 400 }], ['oops']])(
    'rethrows anything that is not a validation error: %o',
    (error) => {
      const before: StepServerErrors<Step> = { submitInvoices: { purpose: ['A'] } };
      let thrown: unknown;
      try {
        keepServerErrors(before, 'submitInvoices', error);
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBe(error);
    },
  );
});

describe('serverFieldError / serverNonFieldError', () => {
  test.each([
    ['purpose', '入力してください。'],
    ['non_field_errors', '申込みに失敗しました'],
    ['claims.1.amount', '入力してください。'],
    ['claims.1.receive_payment_account.obliger_accounts.1.holder_name', '名義が不正です'],
    ['claims.2.amount', 'flat key'],
    ['detail_only', 'a plain string'],
    ['claims.0.amount', undefined],
    ['claims.5.amount', undefined],
    ['claims', undefined],
    ['purpose.0.x', undefined],
    ['empty', undefined],
    ['numbers', undefined],
    ['missing', undefined],
    ['constructor', undefined],
    ['toString', undefined],
    ['claims.length', undefined],
  ])('%s → %s', (field, message) => {
    expect(serverFieldError(body, field)).toBe(message);
  });

  test('no body, no message', () => {
    expect(serverFieldError(undefined, 'purpose')).toBeUndefined();
    expect(serverNonFieldError(undefined)).toBeUndefined();
  });

  test.each([
    [body, '申込みに失敗しました'],
    [{ non_field_errors: [] }, undefined],
    [{ purpose: ['x'] }, undefined],
  ])('non-field error of %o → %s', (value, message) => {
    expect(serverNonFieldError(value)).toBe(message);
  });
});

describe('serverFieldErrors', () => {
  test('flattens a nested DRF body to dotted paths with the first message of each list', () => {
    expect(serverFieldErrors(body)).toEqual({
      purpose: '入力してください。',
      non_field_errors: '申込みに失敗しました',
      'claims.1.amount': '入力してください。',
      'claims.1.receive_payment_account.obliger_accounts.1.holder_name': '名義が不正です',
      'claims.2.amount': 'flat key',
      detail_only: 'a plain string',
    });
  });

  test.each([
    [{}, {}],
    [{ a: [], b: {}, c: null, d: 3 }, {}],
    [{ a: { b: { c: ['deep'] } } }, { 'a.b.c': 'deep' }],
  ])('%o → %o', (value, errors) => {
    expect(serverFieldErrors(value)).toEqual(errors);
  });
});

describe('toDrfErrorBody', () => {
  test.each([
    [{}, {}],
    [{ purpose: '入力してください。' }, { purpose: ['入力してください。'] }],
    [
      { 'claims.0.amount': 'x', claims: 'y' },
      { 'claims.0.amount': ['x'], claims: ['y'] },
    ],
  ])('%o → %o', (errors, drf) => {
    expect(toDrfErrorBody(errors)).toEqual(drf);
  });

  test('round-trips through the reader', () => {
    const errors = { purpose: 'A', 'claims.1.amount': 'B' };
    expect(serverFieldErrors(toDrfErrorBody(errors))).toEqual(errors);
  });
});

describe('uploadFailure', () => {
  test.each([
    [{ message: 'ファイル形式が不正です' }, 'ファイル形式が不正です'],
    [{ message: ['リストの message'] }, 'リストの message'],
    [{ detail: '容量が大きすぎます' }, '容量が大きすぎます'],
    [{ message: 'M', detail: 'D', non_field_errors: ['N'] }, 'M'],
    [{ detail: 'D', non_field_errors: ['N'] }, 'D'],
    [{ non_field_errors: ['ファイルが壊れています', 'x'] }, 'ファイルが壊れています'],
    [{ content_file: ['x'] }, null],
    [{}, null],
    [null, null],
    ['Bad Request', null],
    [['x'], null],
  ])('%o → %s', (value, detail) => {
    expect(uploadFailure(value)).toEqual({ title: 'アップロードエラー', detail });
  });
});
