import { describe, expect, test } from 'vitest';
import { BANK_ACCOUNT_NUMBER_DIGITS, HOLDER_NAME_MAX_LENGTH, MAX_CLAIMS_PER_ENTRY } from './constants';
import { MESSAGES, NORMALIZATION_NOTICES, statusMessage } from './messages';

describe('MESSAGES', () => {
  // The spec's wording, character for character (spec §5, §8).
  test.each([
    ['blank', 'この項目は空にできません'],
    ['bankAccountNumber', '7桁の半角数字で入力してください'],
    ['depositType', '普通か当座を選択してください。'],
    ['accountHolderName', 'ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください。'],
    ['required', '入力してください。'],
    ['noClaims', '請求書がありません。'],
    ['tooManyClaims', '申し込みに登録できる請求書は5個までです。'],
    ['scheduledDepositOverFace', '「売掛先からの銀行振込金額」が「請求書額面（税込）」より大きいためご確認ください'],
    ['uploadError', 'アップロードエラー'],
    ['uploadInProgress', '他のファイルをアップロード中です'],
    ['deleteFailed', '削除に失敗しました。画面をリロードして再度お試しください'],
    ['draftInvalid', '入力内容に誤りがあります。入力内容をご確認いただき、ご修正ください。'],
    ['entrySubmitFailed', '申込みに失敗しました'],
    ['checkFieldErrors', 'エラーのある項目をご確認ください'],
  ] as const)('%s is %s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  test('has no message beyond the catalogue above', () => {
    expect(Object.keys(MESSAGES)).toHaveLength(14);
  });

  test.each([
    [MESSAGES.bankAccountNumber, `${BANK_ACCOUNT_NUMBER_DIGITS}桁`],
    [MESSAGES.accountHolderName, `${HOLDER_NAME_MAX_LENGTH}文字以内`],
    [MESSAGES.tooManyClaims, `${MAX_CLAIMS_PER_ENTRY}個まで`],
  ])('%s agrees with the constant (%s)', (message, fragment) => {
    expect(message).toContain(fragment);
  });
});

describe('statusMessage', () => {
  test.each([
    [500, 'ステータス 500'],
    [502, 'ステータス 502'],
    [418, 'ステータス 418'],
  ])('%i → %s', (status, text) => {
    expect(statusMessage(status)).toBe(text);
  });
});

describe('NORMALIZATION_NOTICES', () => {
  test('labels every kind of change with Japanese text', () => {
    expect(Object.keys(NORMALIZATION_NOTICES).sort()).toEqual(
      [
        'composed',
        'fullWidthDigit',
        'halfWidthAlphanumeric',
        'halfWidthKana',
        'hiragana',
        'lowerCase',
        'space',
        'symbol',
        'trimmed',
      ].sort(),
    );
    for (const label of Object.values(NORMALIZATION_NOTICES)) expect(label).toMatch(/ました$/);
  });

  test.each([
    ['hiragana', 'ひらがなをカタカナに変換しました'],
    ['halfWidthKana', '半角カタカナを全角に変換しました'],
    ['space', '半角スペースを全角スペースに変換しました'],
  ] as const)('%s reads %s', (kind, label) => {
    expect(NORMALIZATION_NOTICES[kind]).toBe(label);
  });
});
