import { MESSAGES } from '../domain/messages';

/**
 * A value the request sent, as text for a message: text as it is, anything else as its JSON. Never
 * `String(input)`: a JSON object may carry its own `toString` or `valueOf` key (`{"toString": ""}`),
 * and converting that throws (a 500 the catalogue fuzz test found).
 */
function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (typeof input === 'number' || typeof input === 'boolean' || input === null || input === undefined) return String(input);
  try {
    return JSON.stringify(input) ?? typeof input;
  } catch {
    return typeof input;
  }
}

/** Japanese messages of the account endpoints (DRF / Django wording where they have one). */
export const ACCOUNT_MESSAGES = {
  /** POST /api/register/ of an individual while the site's config says individuals are unsupported. */
  individualsUnsupported: '個人事業主の方のお申し込みは現在受け付けておりません。',
  /** DELETE /api/profile/sessions/{id}/ of the request's own session. */
  currentSessionNotRevocable: 'この端末のセッションは、ログアウトから終了してください。',
  /** Spec §5 blank field (the domain's message, repeated here for the account forms). */
  blank: MESSAGES.blank,
  /** A change of the contracting party (name, company, address, identity document) while an offer is open (issue 23). */
  partyLockedByOffer:
    'ご契約手続き中の申し込みがあるため、会社名・氏名・住所・本人確認書類は変更できません。ご契約の後に変更するか、お問い合わせください。',
  /** DRF: a required field is missing. */
  required: 'この項目は必須です。',
  /** DRF: null sent for a field that does not allow it. */
  notNull: 'この項目はnullにできません。',
  /** DRF: a number, object, … sent where text belongs. */
  notAString: '有効な文字列ではありません。',
  /** DRF BooleanField. */
  notABoolean: '有効な真偽値ではありません。',
  /** DRF: the body is not a JSON object. */
  invalidData: '無効なデータです。JSON オブジェクトを送信してください。',
  /** DRF EmailField. */
  invalidEmail: '有効なメールアドレスを入力してください。',
  /** Registration with an address that already has an account (compared case-insensitively). */
  emailTaken: 'このメールアドレスは既に登録されています。',
  /** Django SetPasswordForm: the two new passwords differ. */
  passwordMismatch: '確認用パスワードが一致しません。',
  /** Django PasswordChangeForm: the current password is wrong. */
  oldPasswordIncorrect: '元のパスワードが間違っています。もう一度入力してください。',
  /** Django MinimumLengthValidator. */
  passwordTooShort: (minLength: number) => `このパスワードは短すぎます。最低 ${minLength} 文字以上必要です。`,
  /** Django NumericPasswordValidator. */
  passwordEntirelyNumeric: 'このパスワードは数字しか使われていません。',
  /**
   * Django CommonPasswordValidator, with the rule explained: the API's 400 message, and the note
   * under the password rules of every new-password field (PasswordRules), one text for both.
   */
  passwordTooCommon: 'よく使われるパスワードや、過去に流出したことが知られているパスワード（約5万件の一覧と照合します）は使えません。',
  /** Django UserAttributeSimilarityValidator (`name`: メールアドレス, 姓 or 名). */
  passwordTooSimilar: (name: string) => `このパスワードは ${name} と似すぎています。`,
  /** DRF CharField max_length. */
  tooLong: (maxLength: number) => `この項目が${maxLength}文字より長くならないようにしてください。`,
  /** DRF ChoiceField. */
  invalidChoice: (input: unknown) => `"${inputText(input)}"は有効な選択肢ではありません。`,
  /** POST /api/auth/ 401: wrong address or password (the same for both, so addresses cannot be probed). */
  invalidCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  /**
   * POST /api/auth/ 401: right password, but the address has not been confirmed yet. (When the
   * link of the registration mail has expired, the API has just mailed a new one.)
   */
  inactiveAccount:
    'メールアドレスの確認が完了していません。確認メールのリンクを開いて、アカウントを有効化してからログインしてください。確認メールの有効期限（72時間）が切れていた場合は、新しい確認メールをお送りしました。',
  /** POST /api/auth/ 429: too many failed logins for the address or from the client. */
  loginThrottled: 'ログインの試行回数が多すぎます。しばらく時間をおいてから再度お試しください。',
  /** 429 from registration, password reset, activation and password change (rate limits). */
  tooManyRequests: 'お手続きの回数が多すぎます。しばらく時間をおいてから再度お試しください。',
  /** DRF NotAuthenticated (403): an endpoint for logged-in users called without a session. */
  notAuthenticated: '認証情報が含まれていません。',
  /** Activation or password-reset link that is unknown, used, expired or malformed. */
  invalidLink: 'このリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。',
  /** Activation link opened again after it worked. */
  alreadyActivated: 'このアカウントは既に有効化されています。ログインしてください。',
  /** POST /api/register/activation/ 200. */
  activated: 'メールアドレスの確認が完了しました。ログインしてください。',
  /** POST /api/password/reset/ 200, whether or not the address has an account. */
  passwordResetSent: 'ご入力のメールアドレスが登録されている場合は、パスワード再設定用のメールを送信しました。',
  /** POST /api/password/reset/confirm/ 200. */
  passwordResetDone: 'パスワードが再設定されました。新しいパスワードでログインしてください。',
  /** POST /api/password/change/ 200 (dj-rest-auth "New password has been saved."). */
  passwordChanged: '新しいパスワードが保存されました。',
  /** DRF IntegerField. */
  invalidInteger: '有効な整数を入力してください。',
  /** 409: a PATCH named a `version` that is no longer the stored one (someone saved in between). */
  versionConflict: 'ほかの画面または端末で内容が更新されています。ページを再読み込みしてから、もう一度お試しください。',
  /** PATCH of the profile: the bank account may not change (`can_edit_bank_account` is false). */
  bankAccountLocked: '口座情報は変更できません。変更をご希望の場合はお問い合わせください。',
  /** PATCH with `addfiles`: an id that is not one of the user's uploaded files. */
  fileNotFound: (id: unknown) => `ファイル "${inputText(id)}" が見つかりません。`,
} as const;
