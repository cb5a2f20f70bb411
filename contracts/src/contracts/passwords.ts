import { ACCOUNT_MESSAGES } from './account-messages';

/**
 * The password rules: Django's four default validators (similar to the e-mail address or a name,
 * shorter than 8 characters, a common password, entirely numeric) with Django's Japanese messages.
 * The API refuses a password that breaks any (`validatePassword`); the pages show the same rules
 * as a checklist while typing (`passwordChecklist`). Defined here only.
 */

export const PASSWORD_MIN_LENGTH = 8;
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
/**
 * A larger list of common and breached passwords (lower case), installed by the API at start
 * (api/src/modules/password/common-passwords.ts: @zxcvbn-ts/language-common, ~49,000 entries):
 * the pages keep the short list above (a page need not download the large one); the API, which
 * decides, checks both.
 */
let largeCommonList: ReadonlySet<string> | undefined;

export function setLargeCommonPasswordList(list: ReadonlySet<string>): void {
  largeCommonList = list;
}

const isCommonPassword = (password: string): boolean => {
  const lower = password.toLowerCase().trim();
  return COMMON_PASSWORDS.has(lower) || largeCommonList?.has(lower) === true;
};

const PASSWORD_RULES = {
  notSimilar: (password: string, user: PasswordUserAttributes) => similarUserAttribute(password, user) === undefined,
  length: (password: string) => [...password].length >= PASSWORD_MIN_LENGTH,
  notCommon: (password: string) => !isCommonPassword(password),
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
  ['notCommon', 'よく使われる・流出したことのあるパスワードではない'],
];

/**
 * The same rules as a checklist shown while the password is typed (registration, password reset):
 * an empty password satisfies none of them. The pages and the API read one set of rules.
 */
export function passwordChecklist(password: string, user: PasswordUserAttributes = {}): PasswordChecklistItem[] {
  return CHECKLIST.map(([id, label]) => ({ id, label, ok: password !== '' && PASSWORD_RULES[id](password, user) }));
}
