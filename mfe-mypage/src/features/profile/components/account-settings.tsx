import { useState } from 'react';
import {
  FormAlert,
  NewPasswordFields,
  PasswordRules,
  SubmitButton,
  TextField,
  api,
  showToast,
  useApiForm,
  useFormValues,
} from '@app/shared';
import { passwordChecklist } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';

/** /profile: change the login address (password required, confirmed from the new address) and the password. */
export function AccountSettings({ email, names }: { readonly email: string; readonly names: { last_name: string; first_name: string } }) {
  return (
    <section className="card profile-section" aria-labelledby="account-heading">
      <h2 id="account-heading" className="section-heading">
        ログイン情報
      </h2>
      <MailChangeForm email={email} />
      <hr className="divider" />
      <PasswordChangeForm email={email} names={names} />
    </section>
  );
}

function MailChangeForm({ email }: { readonly email: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm();
  // The API names the new address `email`: its error goes beside the new address.
  const { values, set, field } = useFormValues({ new_email: '', mail_change_password: '' }, form.fieldErrors);
  const submit = form.handleSubmit(async () => {
    const { detail } = await api(endpoints.mailChange.request, {
      body: { email: values.new_email.trim(), password: values.mail_change_password },
    });
    setSent(detail);
    set('mail_change_password', '');
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="mail-change-heading">
      <h3 id="mail-change-heading" className="subsection-heading">
        メールアドレスの変更
      </h3>
      <p className="muted small">
        現在のメールアドレス:
        {/* On a line of its own, broken only where it must: an address is not prose (a phone split it before 「jp」). */}
        <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>{email}</strong>
      </p>
      {sent && (
        <p className="notice notice--success" role="status">
          {sent}
        </p>
      )}
      <FormAlert messages={form.formErrors} />
      <TextField
        label="新しいメールアドレス"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...field('new_email')}
        error={form.fieldErrors.email}
      />
      <TextField
        label="現在のパスワード"
        type="password"
        autoComplete="current-password"
        {...field('mail_change_password')}
        error={form.fieldErrors.password}
      />
      <SubmitButton busy={form.busy} busyLabel="送信しています…">
        確認メールを送る
      </SubmitButton>
    </form>
  );
}

function PasswordChangeForm({ email, names }: { readonly email: string; readonly names: { last_name: string; first_name: string } }) {
  const form = useApiForm();
  const { values, clear, field } = useFormValues({ old_password: '', new_password1: '', new_password2: '' }, form.fieldErrors);
  const rules = passwordChecklist(values.new_password1, { email, ...names });
  const submit = form.handleSubmit(async () => {
    const { detail } = await api(endpoints.password.change, { body: values });
    clear();
    showToast(detail, 'success');
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="password-change-heading">
      <h3 id="password-change-heading" className="subsection-heading">
        パスワードの変更
      </h3>
      <FormAlert messages={form.formErrors} />
      <TextField label="現在のパスワード" type="password" autoComplete="current-password" {...field('old_password')} />
      <NewPasswordFields field={field} description={<PasswordRules rules={rules} />} />
      <SubmitButton busy={form.busy} busyLabel="変更しています…">
        パスワードを変更する
      </SubmitButton>
    </form>
  );
}
