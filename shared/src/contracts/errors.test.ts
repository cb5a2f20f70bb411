import { describe, expect, test } from 'vitest';
import { serverFieldError, toDrfErrorBody } from '../domain/validation-server';
import { DetailErrorBodySchema, ValidationErrorBodySchema } from './errors';

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

describe('DetailErrorBodySchema', () => {
  test('accepts a detail', () => {
    expect(DetailErrorBodySchema.parse({ detail: 'ログインに失敗しました' })).toEqual({ detail: 'ログインに失敗しました' });
  });

  test.each([{}, { detail: null }, { detail: ['x'] }])('refuses %o', (body) => {
    expect(DetailErrorBodySchema.safeParse(body).success).toBe(false);
  });
});
