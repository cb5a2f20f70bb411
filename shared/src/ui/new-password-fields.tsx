import type { ReactNode } from 'react';
import type { BoundField } from './form-values';
import { TextField } from './forms';

type NewPasswordName = 'new_password1' | 'new_password2';

/**
 * A new password, twice (the password change of /profile, the reset from the mail's link): the
 * fields the API names `new_password1` and `new_password2`, bound with `field` (useFormValues),
 * `description` under the first (the live rules, or what they are).
 */
export function NewPasswordFields({
  field,
  description,
}: {
  readonly field: (name: NewPasswordName) => BoundField<string>;
  readonly description: ReactNode;
}) {
  return (
    <>
      <TextField
        label="新しいパスワード"
        type="password"
        autoComplete="new-password"
        {...field('new_password1')}
        description={description}
      />
      <TextField label="新しいパスワード（確認）" type="password" autoComplete="new-password" {...field('new_password2')} />
    </>
  );
}
