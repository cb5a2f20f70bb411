import * as z from 'zod/mini';
import { MESSAGES } from '../domain/messages';

/**
 * Accounts (issue #4; spec §7): registration, activation, login, the password flows — one zod schema
 * per payload, used by the API to validate and by the pages to check before sending.
 *
 * Errors follow Django REST framework: a 400 body `{field: [message], non_field_errors: [message]}`
 * whose messages are DRF's and Django's own Japanese translations (the spec words only the blank
 * field, `この項目は空にできません`, which comes from the domain's `MESSAGES`). Each field reports its
 * first failing rule only, except the password, which reports every rule it breaks (as Django does).
 *
 * The password rules are Django's four default validators (`validatePassword`), with Django's
 * Japanese messages: similar to the e-mail address or a name, shorter than 8 characters, a common
 * password, entirely numeric.
 */

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

/** Japanese messages of the account endpoints (DRF / Django wording where they have one). */
export const ACCOUNT_MESSAGES = {
  /** Spec §5 blank field (the domain's message, repeated here for the account forms). */
  blank: MESSAGES.blank,
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
  /** Django CommonPasswordValidator. */
  passwordTooCommon: 'このパスワードは一般的すぎます。',
  /** Django UserAttributeSimilarityValidator (`name`: メールアドレス, 姓 or 名). */
  passwordTooSimilar: (name: string) => `このパスワードは ${name} と似すぎています。`,
  /** DRF CharField max_length. */
  tooLong: (maxLength: number) => `この項目が${maxLength}文字より長くならないようにしてください。`,
  /** DRF ChoiceField. */
  invalidChoice: (input: unknown) => `"${String(input)}"は有効な選択肢ではありません。`,
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
  fileNotFound: (id: unknown) => `ファイル "${String(id)}" が見つかりません。`,
} as const;

// ---------------------------------------------------------------------------------------------
// Password rules (Django's default AUTH_PASSWORD_VALIDATORS)
// ---------------------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused (hashing cost stays bounded); pass phrases fit easily. */
export const PASSWORD_MAX_LENGTH = 128;
/** Django's UserAttributeSimilarityValidator default. */
export const PASSWORD_MAX_SIMILARITY = 0.7;

/** The user attributes a password must not resemble, with the name the message uses. */
export interface PasswordUserAttributes {
  readonly email?: string | null;
  readonly last_name?: string | null;
  readonly first_name?: string | null;
}

/** Django's verbose names, in Django's order (first_name, last_name, email). */
const SIMILARITY_ATTRIBUTES = [
  ['first_name', '名'],
  ['last_name', '姓'],
  ['email', 'メールアドレス'],
] as const;

/**
 * Common passwords (lower case), a short list in the spirit of Django's 20,000: the most used
 * passwords of public breach corpora, keyboard walks, and Japanese favourites. Shorter ones are
 * kept too, as Django does, so `abc123` is reported as common as well as too short.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (
    '123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 ' +
    'football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael ' +
    '654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer ' +
    'zxcvbnm asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie ' +
    'robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper ' +
    '1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua ' +
    'cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas ' +
    'austin thunder taylor matrix password1 password12 password123 passw0rd p@ssw0rd p@ssword pa55word ' +
    'welcome welcome1 welcome123 admin admin123 administrator root changeme qwerty123 qwerty1 qwe123 ' +
    '1q2w3e 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx zaq1zaq1 asdf1234 abcd1234 abc12345 iloveyou1 ' +
    'secret default login guest test test1234 testtest letmein1 monkey123 football1 baseball1 ' +
    'sunshine1 princess1 dragon123 88888888 12341234 11223344 00000000 99999999 22222222 33333333 ' +
    '44444444 55555555 66666666 77777777 123456a a123456 aa123456 123456789a a12345678 qwertyui ' +
    'asdfghjk asdfghjkl zxcvbnm1 abcdefg abcdefgh abcdefghi 1234qwer qwer1234 q1w2e3r4 q1w2e3r4t5 ' +
    'sakura doraemon pokemon naruto tokyo nihon nippon arigatou konnichiwa yamada tanaka suzuki ' +
    'sakura123 hello123 hello world helloworld internet samsung google apple 147258369 987654321a ' +
    'iloveyou2 lovelove whatever football123 baseball123 monkey1 shadow1 master1 superman1 ' +
    'trustno11 starwars1 computer1 jennifer1 michael1 jordan23 charlie1 killer1 pokemon1 ' +
    '5201314 1314520 qazwsxedc 1qazxsw2 !qaz2wsx 1q2w3e4r! passwort motdepasse contraseña senha'
  ).split(' '),
);

/**
 * Difflib's `SequenceMatcher(a, b).quick_ratio()`: 2·M / (|a| + |b|) where M counts the characters
 * the two strings have in common (as multisets). Django compares it with the maximum similarity.
 */
export function quickRatio(a: string, b: string): number {
  const aChars = [...a];
  const bChars = [...b];
  const total = aChars.length + bChars.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const char of bChars) available.set(char, (available.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of aChars) {
    const left = available.get(char) ?? 0;
    if (left > 0) {
      available.set(char, left - 1);
      matches += 1;
    }
  }
  return (2 * matches) / total;
}

/** Django: a value so much shorter than the password cannot make it "too similar". */
function exceedsMaximumLengthRatio(password: string, value: string): boolean {
  const passwordLength = [...password].length;
  const valueLength = [...value].length;
  return passwordLength >= 10 * valueLength && valueLength < (PASSWORD_MAX_SIMILARITY / 2) * passwordLength;
}

/** The name of the first user attribute the password is too similar to (Django's rule), if any. */
export function similarUserAttribute(password: string, user: PasswordUserAttributes): string | undefined {
  const lower = password.toLowerCase();
  for (const [attribute, name] of SIMILARITY_ATTRIBUTES) {
    const value = user[attribute];
    if (typeof value !== 'string' || value === '') continue;
    const valueLower = value.toLowerCase();
    // Python's re.split(r"\W+") on the value, plus the whole value.
    const parts = [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower];
    for (const part of parts) {
      if (exceedsMaximumLengthRatio(lower, part)) continue;
      if (quickRatio(lower, part) >= PASSWORD_MAX_SIMILARITY) return name;
    }
  }
  return undefined;
}

/** Each of Django's password rules as a predicate: true when the password satisfies it. */
const PASSWORD_RULES = {
  notSimilar: (password: string, user: PasswordUserAttributes) => similarUserAttribute(password, user) === undefined,
  length: (password: string) => [...password].length >= PASSWORD_MIN_LENGTH,
  notCommon: (password: string) => !COMMON_PASSWORDS.has(password.toLowerCase().trim()),
  notNumeric: (password: string) => !/^\d+$/.test(password),
} as const;
export type PasswordRuleId = keyof typeof PASSWORD_RULES;

/**
 * Every rule the password breaks, as Django reports them (its validators' order: similarity, length,
 * common, numeric). Empty when the password is acceptable. The API refuses a password with any.
 */
export function validatePassword(password: string, user: PasswordUserAttributes = {}): string[] {
  const problems: string[] = [];
  const similar = similarUserAttribute(password, user);
  if (similar !== undefined) problems.push(ACCOUNT_MESSAGES.passwordTooSimilar(similar));
  if (!PASSWORD_RULES.length(password)) problems.push(ACCOUNT_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH));
  if (!PASSWORD_RULES.notCommon(password)) problems.push(ACCOUNT_MESSAGES.passwordTooCommon);
  if (!PASSWORD_RULES.notNumeric(password)) problems.push(ACCOUNT_MESSAGES.passwordEntirelyNumeric);
  return problems;
}

export interface PasswordChecklistItem {
  readonly id: PasswordRuleId;
  readonly label: string;
  readonly ok: boolean;
}

/** The checklist's wording, in the order a person reads it. */
const CHECKLIST: readonly (readonly [PasswordRuleId, string])[] = [
  ['length', `${PASSWORD_MIN_LENGTH}文字以上`],
  ['notNumeric', '数字だけではない'],
  ['notSimilar', 'メールアドレスやお名前と似ていない'],
  ['notCommon', 'よく使われるパスワードではない'],
];

/**
 * The same rules as a checklist shown while the password is typed (registration, password reset):
 * an empty password satisfies none of them. The pages and the API read one set of rules.
 */
export function passwordChecklist(password: string, user: PasswordUserAttributes = {}): PasswordChecklistItem[] {
  return CHECKLIST.map(([id, label]) => ({ id, label, ok: password !== '' && PASSWORD_RULES[id](password, user) }));
}

// ---------------------------------------------------------------------------------------------
// Field builders (DRF semantics: missing → required, null → not null, "" → blank)
// ---------------------------------------------------------------------------------------------

const typeError = (notOfType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? ACCOUNT_MESSAGES.required : issue.input === null ? ACCOUNT_MESSAGES.notNull : notOfType;

function addIssue(ctx: z.core.$RefinementCtx, message: string, path?: PropertyKey[]): void {
  ctx.addIssue({ code: 'custom', message, ...(path ? { path } : {}) });
}

/** Required text, trimmed (DRF CharField): blank → `この項目は空にできません`. */
export const requiredText = (maxLength: number) =>
  z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }).check(
    z.trim(),
    z.superRefine((value, ctx) => {
      if (value === '') addIssue(ctx, MESSAGES.blank);
      else if ([...value].length > maxLength) addIssue(ctx, ACCOUNT_MESSAGES.tooLong(maxLength));
    }),
  );

/** Optional text, trimmed: missing or null reads as "". */
export const optionalText = (maxLength: number) =>
  z.pipe(
    z.nullish(z.string({ error: ACCOUNT_MESSAGES.notAString }).check(z.trim())),
    z
      .transform((value: string | null | undefined) => value ?? '')
      .check(
        z.superRefine((value, ctx) => {
          if ([...value].length > maxLength) addIssue(ctx, ACCOUNT_MESSAGES.tooLong(maxLength));
        }),
      ),
  );

/** Django's EmailField limit. */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_FORMAT = z.email();

/** An e-mail address, trimmed: blank, too long or malformed each with its message. */
export const EmailFieldSchema = z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }).check(
  z.trim(),
  z.superRefine((value, ctx) => {
    if (value === '') addIssue(ctx, MESSAGES.blank);
    else if (value.length > EMAIL_MAX_LENGTH) addIssue(ctx, ACCOUNT_MESSAGES.tooLong(EMAIL_MAX_LENGTH));
    else if (!EMAIL_FORMAT.safeParse(value).success) addIssue(ctx, ACCOUNT_MESSAGES.invalidEmail);
  }),
);

/** A password as typed (never trimmed): blank or too long. The rules are `validatePassword`. */
export const PasswordFieldSchema = z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }).check(
  z.superRefine((value, ctx) => {
    if (value === '') addIssue(ctx, MESSAGES.blank);
    else if ([...value].length > PASSWORD_MAX_LENGTH) addIssue(ctx, ACCOUNT_MESSAGES.tooLong(PASSWORD_MAX_LENGTH));
  }),
);

/**
 * The optimistic lock of a PATCH: the `version` the client read (`GET /api/profile/`, `POST /api/me/`).
 * A stale one gets 409 and changes nothing; a successful PATCH answers with the next version.
 */
export const VersionFieldSchema = z
  .number({ error: typeError(ACCOUNT_MESSAGES.invalidInteger) })
  .check(z.int({ error: ACCOUNT_MESSAGES.invalidInteger }), z.positive({ error: ACCOUNT_MESSAGES.invalidInteger }));

/** A one-time link parameter (`uid`, `token`). */
const LinkParamSchema = requiredText(200);

/** The body must be a JSON object (DRF); each field reports its own errors. */
const body = <Shape extends z.core.$ZodShape>(shape: Shape) => z.object(shape, { error: ACCOUNT_MESSAGES.invalidData });

/** Runs a cross-field rule even when some fields failed (DRF would only run it on valid fields, but
 * reporting the password rules together with, say, a blank name is friendlier). */
const always = { when: () => true };

/** The raw value of `field` when it is a string (cross-field rules see unvalidated input). */
function text(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = (value as Record<string, unknown>)[field];
  return typeof raw === 'string' ? raw.trim() : undefined;
}

// ---------------------------------------------------------------------------------------------
// Registration and activation
// ---------------------------------------------------------------------------------------------

/** At registration the applicant chooses 法人 (corporate) or 個人事業主 (individual); `none` is not offered. */
export const REGISTRATION_DIVISIONS = ['corporate', 'individual'] as const;
export const NAME_MAX_LENGTH = 150;
export const COMPANY_NAME_MAX_LENGTH = 255;

/**
 * `POST /api/register/`. `company_name` is required for a corporation and ignored (stored empty)
 * for an individual; `ceres_xuid` is the analytics id the client reads from local storage.
 */
export const RegisterRequestSchema = body({
  email: EmailFieldSchema,
  password: PasswordFieldSchema,
  corporate_division: z.enum(REGISTRATION_DIVISIONS, {
    error: (issue) =>
      issue.input === undefined
        ? ACCOUNT_MESSAGES.required
        : issue.input === null
          ? ACCOUNT_MESSAGES.notNull
          : ACCOUNT_MESSAGES.invalidChoice(issue.input),
  }),
  last_name: requiredText(NAME_MAX_LENGTH),
  first_name: requiredText(NAME_MAX_LENGTH),
  company_name: optionalText(COMPANY_NAME_MAX_LENGTH),
  ceres_xuid: optionalText(255),
}).check(
  z.superRefine((value: unknown, ctx) => {
    const raw = value;
    if (text(raw, 'corporate_division') === 'corporate' && (text(raw, 'company_name') ?? '') === '') {
      addIssue(ctx, MESSAGES.blank, ['company_name']);
    }
    const password = (raw as Record<string, unknown> | undefined)?.password;
    if (typeof password === 'string' && password !== '') {
      const attributes = { email: text(raw, 'email'), last_name: text(raw, 'last_name'), first_name: text(raw, 'first_name') };
      for (const problem of validatePassword(password, attributes)) addIssue(ctx, problem, ['password']);
    }
  }, always),
);
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** `POST /api/register/` 201; `POST /api/auth/` 200. */
export const AccountSummarySchema = z.object({
  id: z.int().check(z.positive()),
  email: z.string(),
  corporate_division: z.enum(['none', 'corporate', 'individual']),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/**
 * `POST /api/register/activation/`: the `uid` and `token` of the link in the activation mail
 * (`/register/activation?uid=…&token=…`). A bad link is reported on `uid` or `token`.
 */
export const ActivationRequestSchema = body({ uid: LinkParamSchema, token: LinkParamSchema });
export type ActivationRequest = z.infer<typeof ActivationRequestSchema>;

/** The 200 answers that only say what happened. */
export const DetailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof DetailResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Login
// ---------------------------------------------------------------------------------------------

/** `POST /api/auth/`: `persistLoginState` keeps the session after the browser closes (14 days). */
export const LoginRequestSchema = body({
  email: EmailFieldSchema,
  password: PasswordFieldSchema,
  persistLoginState: z.pipe(
    z.nullish(z.boolean({ error: ACCOUNT_MESSAGES.notABoolean })),
    z.transform((value) => value ?? false),
  ),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Passwords
// ---------------------------------------------------------------------------------------------

/** Django SetPasswordForm: a mismatch is reported on new_password2, and the rules only run on a match. */
function newPasswordsMatch(value: unknown, ctx: z.core.$RefinementCtx): void {
  const raw = value as Record<string, unknown> | undefined;
  const first = raw?.new_password1;
  const second = raw?.new_password2;
  if (typeof first === 'string' && typeof second === 'string' && first !== '' && second !== '' && first !== second) {
    addIssue(ctx, ACCOUNT_MESSAGES.passwordMismatch, ['new_password2']);
  }
}

/** `POST /api/password/reset/`: always the same 200 answer (`passwordResetSent`). */
export const PasswordResetRequestSchema = body({ email: EmailFieldSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/**
 * `POST /api/password/reset/confirm/`: the link's `uid` and `token` and the new password twice.
 * A bad link is reported on `uid` or `token`; the password rules (which need the account, so the
 * API checks them) on `new_password2`, as Django does.
 */
export const PasswordResetConfirmRequestSchema = body({
  uid: LinkParamSchema,
  token: LinkParamSchema,
  new_password1: PasswordFieldSchema,
  new_password2: PasswordFieldSchema,
}).check(z.superRefine(newPasswordsMatch, always));
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequestSchema>;

/** `POST /api/password/change/` (logged in): the current password, then the new one twice. */
export const PasswordChangeRequestSchema = body({
  old_password: PasswordFieldSchema,
  new_password1: PasswordFieldSchema,
  new_password2: PasswordFieldSchema,
}).check(z.superRefine(newPasswordsMatch, always));
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>;
