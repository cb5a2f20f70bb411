import { TextField } from '@app/shared';

/** The e-mail address field of the account forms (registration, login, password reset). */
export function EmailField({
  value,
  onValueChange,
  error,
  autoComplete = 'email',
}: {
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
  /** `username` on the login form, so password managers pair it with the password. */
  autoComplete?: 'email' | 'username';
}) {
  return (
    <TextField
      label="メールアドレス"
      name="email"
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}
