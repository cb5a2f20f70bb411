import type { KanaChangeKind } from './kana';

/**
 * Every Japanese validation and error message of spec §5 and §8, verbatim and in one place. The API
 * returns them in its DRF-shaped error bodies and the pages show them; nobody types them again.
 *
 * The wording (including the trailing `。` or its absence) is the spec's, character for character.
 */
export const MESSAGES = {
  /** §5 blank field (Django REST framework's "This field may not be blank." in Japanese). */
  blank: 'この項目は空にできません',
  /** §5 bank account number: exactly 7 half-width digits. */
  bankAccountNumber: '7桁の半角数字で入力してください',
  /** §5 deposit type: ordinary (普通) or checking (当座). */
  depositType: '普通か当座を選択してください。',
  /** §5 account holder name: the allowed characters and the 30-character limit. */
  accountHolderName: 'ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください。',
  /** §5 entry submit: a required entry or claim field is missing. */
  required: '入力してください。',
  /** §5 entry submit: the entry has no claim. */
  noClaims: '請求書がありません。',
  /** §5 and §8: more than five claims (shown as a status 599 page). */
  tooManyClaims: '申し込みに登録できる請求書は5個までです。',
  /** §5 warning (not an error): the scheduled deposit from the obliger exceeds the face amount. */
  scheduledDepositOverFace: '「売掛先からの銀行振込金額」が「請求書額面（税込）」より大きいためご確認ください',
  /** §8 upload failure title; the detail is the server message or its first non-field error. */
  uploadError: 'アップロードエラー',
  /** §5/§8 only one upload per kind at a time. */
  uploadInProgress: '他のファイルをアップロード中です',
  /** §8 file deletion failure. */
  deleteFailed: '削除に失敗しました。画面をリロードして再度お試しください',
  /** §8 saving a draft entry failed validation. */
  draftInvalid: '入力内容に誤りがあります。入力内容をご確認いただき、ご修正ください。',
  /** §8 submitting an entry failed. */
  entrySubmitFailed: '申込みに失敗しました',
  /** §8 submitting an entry failed validation: the fields carry the detail. */
  checkFieldErrors: 'エラーのある項目をご確認ください',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Message = (typeof MESSAGES)[MessageKey];

/**
 * Format messages the spec does not word (it gives no message for a malformed amount, date or bank
 * account string). Used by the contracts (`contracts/*.ts`) when a value is present but unreadable;
 * kept apart from `MESSAGES` so the spec catalogue stays verbatim.
 */
export const FORMAT_MESSAGES = {
  /** An amount that is not a whole number of yen written in half-width digits. */
  yen: '金額は1円単位の半角数字で入力してください。',
  /** A date that is not a real calendar date in YYYY-MM-DD form. */
  date: '日付はYYYY-MM-DDの形式で入力してください。',
  /** A calendar date outside the years a claim can have (0000-12-31, 9999-12-31). */
  dateOutOfRange: '2000年から2099年までの正しい日付を入力してください。',
  /** An amount above what an amount column holds (numeric(15,0)). */
  yenTooLarge: '金額は999,999,999,999,999円以下で入力してください。',
  /** A bank account string that does not have 4 or 5 parts or a known deposit type. */
  bankAccount: '銀行名・支店名・普通か当座・口座番号・口座名義を半角スペースで区切って入力してください。',
} as const;

/**
 * The payout account (振込先口座) of an entry: where the purchase price is sent. The spec words the
 * number, type and holder rules (MESSAGES); these say what it does not: that an entry needs one, and
 * what happens to a change after the offer.
 */
export const PAYOUT_ACCOUNT_MESSAGES = {
  /** Submitting an entry without a payout account. */
  required: '振込先口座を入力してください。',
  /** A payout account without the holder's name (口座名義). */
  holderRequired: '口座名義を入力してください。',
} as const;

/** §8 a server error without `detail`: `ステータス {status}`. */
export function statusMessage(status: number): string {
  return `ステータス ${status}`;
}

/** What the holder-name and account-number normalisers changed (kana.ts), for the notice under the field. */
export const NORMALIZATION_NOTICES: Readonly<Record<KanaChangeKind, string>> = {
  composed: '濁点・半濁点を文字に結合しました',
  trimmed: '前後の空白を取り除きました',
  hiragana: 'ひらがなをカタカナに変換しました',
  halfWidthKana: '半角カタカナを全角に変換しました',
  halfWidthAlphanumeric: '半角英数字を全角に変換しました',
  lowerCase: '英小文字を全角の大文字に変換しました',
  symbol: '記号を使用できる全角記号に変換しました',
  space: '半角スペースを全角スペースに変換しました',
  fullWidthDigit: '全角数字を半角数字に変換しました',
};
