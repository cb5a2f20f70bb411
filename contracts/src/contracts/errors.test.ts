import { describe, expect, test } from 'vitest';
import { serverFieldError, toDrfErrorBody } from '../domain/validation-server';
import { DetailErrorBodySchema, ValidationErrorBodySchema, validationErrorBody } from './errors';

describe('ValidationErrorBodySchema', () => {
  test.each([
    {},
    { purpose: ['入力してください。'] },
    { non_field_errors: ['申込みに失敗しました'] },
    { 'claims.0.amount': ['入力してください。'], non_field_errors: [] },
    { claims: [{}, { amount: ['入力してください。'] }] },
    { receive_payment_account: { obliger_accounts: [{ holder_name: ['x'] }] } },
    { detail: 'a plain string' },
  ])('accepts %o', (body) => {
    expect(ValidationErrorBodySchema.parse(body)).toEqual(body);
  });

  test.each([
    null,
    [],
    'Bad Request',
    { purpose: [1] },
    { purpose: 1 },
    { non_field_errors: 'x' },
    { non_field_errors: [{ a: ['x'] }] },
    { claims: [{ amount: [null] }] },
  ])('refuses %o', (body) => {
    expect(ValidationErrorBodySchema.safeParse(body).success).toBe(false);
  });

  test('what the API builds from domain errors is a valid body the domain reads back', () => {
    const body = ValidationErrorBodySchema.parse(toDrfErrorBody({ 'claims.0.amount': '入力してください。' }));
    expect(serverFieldError(body, 'claims.0.amount')).toBe('入力してください。');
  });
});

describe('validationErrorBody', () => {
  test('dotted fields with their messages once, the whole body under non_field_errors', () => {
    expect(
      validationErrorBody([
        { path: ['claims', 0, 'amount'], message: 'a' },
        { path: ['claims', 0, 'amount'], message: 'a' },
        { path: [], message: 'b' },
      ]),
    ).toEqual({ 'claims.0.amount': ['a'], non_field_errors: ['b'] });
  });

  test.each(['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__'])(
    'a field named %s (a key the request chose) is a field like any other',
    (field) => {
      const body = validationErrorBody([
        { path: [field], message: 'x' },
        { path: [field], message: 'y' },
      ]);
      expect(Object.keys(body)).toEqual([field]);
      expect(Object.getOwnPropertyDescriptor(body, field)?.value).toEqual(['x', 'y']);
      expect(JSON.parse(JSON.stringify(body))).toEqual(JSON.parse(`{${JSON.stringify(field)}:["x","y"]}`));
    },
  );
});

describe('DetailErrorBodySchema', () => {
  test('accepts a detail', () => {
    expect(DetailErrorBodySchema.parse({ detail: 'ログインに失敗しました' })).toEqual({ detail: 'ログインに失敗しました' });
  });

  test.each([{}, { detail: null }, { detail: ['x'] }])('refuses %o', (body) => {
    expect(DetailErrorBodySchema.safeParse(body).success).toBe(false);
  });
});
