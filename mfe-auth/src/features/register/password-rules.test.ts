import { expect, test } from 'vitest';
import { passwordRules } from './password-rules';

const ok = (password: string, email = 'taro@example.jp') => Object.fromEntries(passwordRules(password, email).map((r) => [r.id, r.ok]));

test.each([
  ['', { length: false, notNumeric: false, notEmail: false }],
  ['1234567', { length: false, notNumeric: false, notEmail: true }],
  ['12345678', { length: true, notNumeric: false, notEmail: true }],
  ['abcd123', { length: false, notNumeric: true, notEmail: true }],
  ['abcd1234', { length: true, notNumeric: true, notEmail: true }],
  ['Taro2026!', { length: true, notNumeric: true, notEmail: false }],
  ['taro@example.jp', { length: true, notNumeric: true, notEmail: false }],
])('%s', (password, expected) => {
  expect(ok(password)).toEqual(expected);
});

test('a short local part (under 3 characters) is not treated as similar', () => {
  expect(ok('abxyz123', 'ab@example.jp').notEmail).toBe(true);
});
