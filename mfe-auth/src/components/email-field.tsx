import { TextField, type BoundField } from '@app/shared';

/** The e-mail address field of the account forms (registration, login, password reset), bound with `field('email')`. */
export function EmailField({
  autoComplete = 'email',
  ...bound
}: BoundField<'email'> & {
  /** `username` on the login form, so password managers pair it with the password. */
  readonly autoComplete?: 'email' | 'username';
}) {
  return <TextField label="メールアドレス" type="email" inputMode="email" autoComplete={autoComplete} {...bound} />;
}
