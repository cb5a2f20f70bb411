import { describe, expect, test } from 'vitest';
import type * as z from 'zod/mini';
import {
  ACCOUNT_MESSAGES,
  ActivationRequestSchema,
  COMMON_PASSWORDS,
  HUMAN_TEXT_MESSAGES,
  LoginRequestSchema,
  PasswordChangeRequestSchema,
  PasswordResetConfirmRequestSchema,
  PasswordResetRequestSchema,
  RegisterRequestSchema,
  quickRatio,
  similarUserAttribute,
  passwordChecklist,
  validatePassword,
} from './index';

/** The messages by dotted field, in the order zod reports them (the DRF body the API sends). */
function errorsOf(schema: z.ZodMiniType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length === 0 ? 'non_field_errors' : issue.path.join('.');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

const SHORT = 'このパスワードは短すぎます。最低 8 文字以上必要です。';
const NUMERIC = 'このパスワードは数字しか使われていません。';
const COMMON = ACCOUNT_MESSAGES.passwordTooCommon;
const BLANK = 'この項目は空にできません';
const REQUIRED = 'この項目は必須です。';

describe('validatePassword (Django validators, Japanese messages)', () => {
  test.each<[string, string, string[]]>([
    ['a good pass phrase', 'Kumo-no-ue-2024', []],
    ['exactly 8 characters', 'xk3!vQ9z', []],
    ['7 characters', 'xk3!vQ9', [SHORT]],
    ['empty', '', [SHORT]],
    ['entirely numeric and long', '90871234561', [NUMERIC]],
    ['numeric, short and common', '123456', [SHORT, COMMON, NUMERIC]],
    ['common', 'password', [COMMON]],
    ['common in capitals', 'PassWord', [COMMON]],
    ['common and short', 'abc123', [SHORT, COMMON]],
    ['a Japanese favourite', 'doraemon', [COMMON]],
    ['full-width characters count one each', 'あいうえおかきく', []],
  ])('%s', (_label, password, problems) => {
    expect(validatePassword(password)).toEqual(problems);
  });

  test('too similar to the e-mail address (whole or its local part)', () => {
    const message = 'このパスワードは メールアドレス と似すぎています。';
    expect(validatePassword('taro.yamada@example.jp', { email: 'taro.yamada@example.jp' })).toEqual([message]);
    expect(validatePassword('yamadataro', { email: 'yamada.taro@example.jp' })).toEqual([message]);
    expect(validatePassword('TaroYamada', { email: 'taro.yamada@example.jp' })).toEqual([message]);
    expect(validatePassword('Kumo-no-ue-2024', { email: 'taro.yamada@example.jp' })).toEqual([]);
  });

  test('too similar to a name; Django checks first_name, last_name, email in that order', () => {
    expect(validatePassword('yamadayamada', { last_name: 'yamadayamada' })).toEqual(['このパスワードは 姓 と似すぎています。']);
    expect(validatePassword('tarotaro1', { first_name: 'tarotaro', last_name: 'tarotaro' })).toEqual([
      'このパスワードは 名 と似すぎています。',
    ]);
    expect(similarUserAttribute('x', { email: '', first_name: null })).toBeUndefined();
  });

  test('a value far shorter than the password cannot make it similar (Django length bound)', () => {
    // "ab" is a part of the address; the 20-character password contains it but is not "like" it.
    expect(similarUserAttribute('ab-kumo-no-ue-ni-ab!', { email: 'ab@x.jp' })).toBeUndefined();
  });

  test('quickRatio is difflib.SequenceMatcher.quick_ratio', () => {
    expect(quickRatio('abcd', 'bcde')).toBe(0.75);
    expect(quickRatio('', '')).toBe(1);
    expect(quickRatio('aab', 'abb')).toBeCloseTo((2 * 2) / 6);
  });

  test('the common list is lower case', () => {
    for (const password of COMMON_PASSWORDS) expect(password).toBe(password.toLowerCase());
  });
});

describe('RegisterRequestSchema', () => {
  const valid = {
    email: ' taro@example.co.jp ',
    password: 'Kumo-no-ue-2024',
    corporate_division: 'corporate',
    last_name: '山田',
    first_name: '太郎',
    company_name: '株式会社ヤマダ',
    ceres_xuid: 'x-123',
  };

  test('accepts a corporation and trims the text fields', () => {
    expect(RegisterRequestSchema.parse(valid)).toEqual({ ...valid, email: 'taro@example.co.jp' });
  });

  test('an individual needs no company name; missing optional fields read as empty', () => {
    const { company_name: _c, ceres_xuid: _x, ...rest } = valid;
    expect(RegisterRequestSchema.parse({ ...rest, corporate_division: 'individual' })).toEqual({
      ...rest,
      email: 'taro@example.co.jp',
      corporate_division: 'individual',
      company_name: '',
      ceres_xuid: '',
    });
  });

  test('every missing field is required', () => {
    expect(errorsOf(RegisterRequestSchema, {})).toEqual({
      email: [REQUIRED],
      password: [REQUIRED],
      corporate_division: [REQUIRED],
      last_name: [REQUIRED],
      first_name: [REQUIRED],
    });
  });

  test('not an object', () => {
    expect(errorsOf(RegisterRequestSchema, [1])).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.invalidData] });
  });

  test('blank, null and wrong types', () => {
    expect(
      errorsOf(RegisterRequestSchema, {
        ...valid,
        email: '  ',
        password: '',
        corporate_division: 'none',
        last_name: null,
        first_name: 3,
        company_name: ' ',
      }),
    ).toEqual({
      email: [BLANK],
      password: [BLANK],
      corporate_division: ['"none"は有効な選択肢ではありません。'],
      last_name: ['この項目はnullにできません。'],
      first_name: ['有効な文字列ではありません。'],
    });
  });

  test('a division that is an object, array or number is refused by name, never thrown on (the catalogue fuzz test found a 500)', () => {
    expect(errorsOf(RegisterRequestSchema, { ...valid, corporate_division: { toString: '' } })).toEqual({
      corporate_division: ['"{"toString":""}"は有効な選択肢ではありません。'],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, corporate_division: { valueOf: 1, toString: [] } })).toEqual({
      corporate_division: ['"{"valueOf":1,"toString":[]}"は有効な選択肢ではありません。'],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, corporate_division: ['corporate'] })).toEqual({
      corporate_division: ['"["corporate"]"は有効な選択肢ではありません。'],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, corporate_division: 1.5 })).toEqual({
      corporate_division: ['"1.5"は有効な選択肢ではありません。'],
    });
  });

  test('a corporation needs a company name', () => {
    expect(errorsOf(RegisterRequestSchema, { ...valid, company_name: '  ' })).toEqual({ company_name: [BLANK] });
    expect(errorsOf(RegisterRequestSchema, { ...valid, company_name: undefined })).toEqual({ company_name: [BLANK] });
  });

  test('malformed and over-long values', () => {
    expect(errorsOf(RegisterRequestSchema, { ...valid, email: 'taro@' })).toEqual({ email: ['有効なメールアドレスを入力してください。'] });
    expect(errorsOf(RegisterRequestSchema, { ...valid, email: `${'a'.repeat(250)}@x.jp` })).toEqual({
      email: ['この項目が254文字より長くならないようにしてください。'],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, last_name: '山'.repeat(151) })).toEqual({
      last_name: ['この項目が150文字より長くならないようにしてください。'],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, password: 'x'.repeat(129) })).toEqual({
      password: ['この項目が128文字より長くならないようにしてください。'],
    });
  });

  test('names are one line of plain text: no line breaks, control or bidi characters, no links (issue 23)', () => {
    const phishing = '太郎\n\n【重要】アカウントが停止されました。https://tsumugi-login.example/verify から再認証してください。\n';
    expect(errorsOf(RegisterRequestSchema, { ...valid, first_name: phishing })).toEqual({ first_name: [HUMAN_TEXT_MESSAGES.lineBreak] });
    expect(errorsOf(RegisterRequestSchema, { ...valid, last_name: '山田\u202e' })).toEqual({
      last_name: [HUMAN_TEXT_MESSAGES.forbiddenCharacters],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, first_name: '太郎 https://evil.example/' })).toEqual({
      first_name: [HUMAN_TEXT_MESSAGES.link],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, company_name: '株式会社\u0000ヤマダ' })).toEqual({
      company_name: [HUMAN_TEXT_MESSAGES.forbiddenCharacters],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, company_name: 'www.yamada.example 株式会社' })).toEqual({
      company_name: [HUMAN_TEXT_MESSAGES.link],
    });
  });

  test('the password rules use the e-mail address and names of the same form, even when other fields fail', () => {
    expect(errorsOf(RegisterRequestSchema, { ...valid, password: 'taro@example.co.jp' })).toEqual({
      password: ['このパスワードは メールアドレス と似すぎています。'],
    });
    expect(errorsOf(RegisterRequestSchema, { ...valid, first_name: '', password: '1234' })).toEqual({
      first_name: [BLANK],
      password: [SHORT, COMMON, NUMERIC],
    });
  });
});

describe('LoginRequestSchema', () => {
  test('persistLoginState defaults to false', () => {
    expect(LoginRequestSchema.parse({ email: 'a@b.jp', password: 'x' })).toEqual({
      email: 'a@b.jp',
      password: 'x',
      persistLoginState: false,
    });
    expect(LoginRequestSchema.parse({ email: 'a@b.jp', password: 'x', persistLoginState: true }).persistLoginState).toBe(true);
  });

  test('messages', () => {
    expect(errorsOf(LoginRequestSchema, { email: '', password: '', persistLoginState: 'yes' })).toEqual({
      email: [BLANK],
      password: [BLANK],
      persistLoginState: ['有効な真偽値ではありません。'],
    });
  });
});

describe('activation and password payloads', () => {
  test('activation needs uid and token', () => {
    expect(ActivationRequestSchema.parse({ uid: 'MQ', token: 't' })).toEqual({ uid: 'MQ', token: 't' });
    expect(errorsOf(ActivationRequestSchema, { uid: '' })).toEqual({ uid: [BLANK], token: [REQUIRED] });
  });

  test('reset request needs a well-formed address', () => {
    expect(errorsOf(PasswordResetRequestSchema, { email: 'nope' })).toEqual({ email: ['有効なメールアドレスを入力してください。'] });
  });

  test('reset confirm: a mismatch is reported on new_password2', () => {
    const base = { uid: 'MQ', token: 't', new_password1: 'Kumo-no-ue-2024', new_password2: 'Kumo-no-ue-2025' };
    expect(errorsOf(PasswordResetConfirmRequestSchema, base)).toEqual({ new_password2: ['確認用パスワードが一致しません。'] });
    expect(errorsOf(PasswordResetConfirmRequestSchema, { ...base, new_password2: base.new_password1 })).toEqual({});
    expect(errorsOf(PasswordResetConfirmRequestSchema, { uid: 'MQ', token: 't', new_password1: '' })).toEqual({
      new_password1: [BLANK],
      new_password2: [REQUIRED],
    });
  });

  test('change: old password and the new one twice', () => {
    expect(errorsOf(PasswordChangeRequestSchema, {})).toEqual({
      old_password: [REQUIRED],
      new_password1: [REQUIRED],
      new_password2: [REQUIRED],
    });
    expect(errorsOf(PasswordChangeRequestSchema, { old_password: 'a', new_password1: 'b', new_password2: 'c' })).toEqual({
      new_password2: ['確認用パスワードが一致しません。'],
    });
  });
});

describe('passwordChecklist (the same rules, shown while typing)', () => {
  const unmet = (password: string, user = { email: 'taro@example.jp', last_name: '山田', first_name: 'taro' }) =>
    passwordChecklist(password, user)
      .filter((rule) => !rule.ok)
      .map((rule) => rule.id);
  test.each([
    ['', ['length', 'notNumeric', 'notSimilar', 'notCommon']],
    ['1234567', ['length', 'notNumeric', 'notCommon']],
    ['98765432', ['notNumeric']],
    ['abcd1234', ['notCommon']],
    ['taro@example.jp', ['notSimilar']],
    ['mizu-no-oto-2026', []],
  ])('%j → unmet %j', (password, expected) => {
    expect(unmet(password)).toEqual(expected);
  });
  test('agrees with validatePassword: a rule is unmet exactly when the server reports it', () => {
    for (const password of ['short', '12345678', 'password', 'taro@example.jp', 'mizu-no-oto-2026', '9999']) {
      const user = { email: 'taro@example.jp' };
      expect(passwordChecklist(password, user).filter((r) => !r.ok).length).toBe(validatePassword(password, user).length);
    }
  });
  test('labels in reading order', () => {
    expect(passwordChecklist('x').map((r) => r.label)).toEqual([
      '8文字以上',
      '数字だけではない',
      'メールアドレスやお名前と似ていない',
      'よく使われる・流出したことのあるパスワードではない',
    ]);
  });
});
