/**
 * The password rules shown live while typing (the server checks the same rules and has the final
 * word, including its list of common passwords).
 */
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordRule {
  readonly id: 'length' | 'notNumeric' | 'notEmail';
  readonly label: string;
  readonly ok: boolean;
}

export function passwordRules(password: string, email: string): PasswordRule[] {
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  const lower = password.toLowerCase();
  const similarToEmail =
    password !== '' && ((local.length >= 3 && lower.includes(local)) || (email !== '' && lower === email.toLowerCase()));
  return [
    { id: 'length', label: `${PASSWORD_MIN_LENGTH}文字以上`, ok: password.length >= PASSWORD_MIN_LENGTH },
    { id: 'notNumeric', label: '数字だけではない', ok: password !== '' && !/^\d+$/.test(password) },
    { id: 'notEmail', label: 'メールアドレスと似ていない', ok: password !== '' && !similarToEmail },
  ];
}
