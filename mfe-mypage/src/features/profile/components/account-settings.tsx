import { useState } from 'react';
import { FormAlert, PasswordRules, SubmitButton, TextField, api, showToast, useApiForm } from '@app/shared';
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
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm();
  const submit = form.handleSubmit(async () => {
    const { detail } = await api(endpoints.mailChange.request, { body: { email: newEmail.trim(), password } });
    setSent(detail);
    setPassword('');
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
        name="new_email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={newEmail}
        error={form.fieldErrors.email}
        onValueChange={setNewEmail}
      />
      <TextField
        label="現在のパスワード"
        name="mail_change_password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={form.fieldErrors.password}
        onValueChange={setPassword}
      />
      <SubmitButton busy={form.busy} busyLabel="送信しています…">
        確認メールを送る
      </SubmitButton>
    </form>
  );
}

function PasswordChangeForm({ email, names }: { readonly email: string; readonly names: { last_name: string; first_name: string } }) {
  const [oldPassword, setOldPassword] = useState('');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const form = useApiForm();
  const rules = passwordChecklist(password1, { email, ...names });
  const submit = form.handleSubmit(async () => {
    const { detail } = await api(endpoints.password.change, {
      body: { old_password: oldPassword, new_password1: password1, new_password2: password2 },
    });
    setOldPassword('');
    setPassword1('');
    setPassword2('');
    showToast(detail, 'success');
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="password-change-heading">
      <h3 id="password-change-heading" className="subsection-heading">
        パスワードの変更
      </h3>
      <FormAlert messages={form.formErrors} />
      <TextField
        label="現在のパスワード"
        name="old_password"
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        error={form.fieldErrors.old_password}
        onValueChange={setOldPassword}
      />
      <TextField
        label="新しいパスワード"
        name="new_password1"
        type="password"
        autoComplete="new-password"
        value={password1}
        error={form.fieldErrors.new_password1}
        description={<PasswordRules rules={rules} />}
        onValueChange={setPassword1}
      />
      <TextField
        label="新しいパスワード（確認）"
        name="new_password2"
        type="password"
        autoComplete="new-password"
        value={password2}
        error={form.fieldErrors.new_password2}
        onValueChange={setPassword2}
      />
      <SubmitButton busy={form.busy} busyLabel="変更しています…">
        パスワードを変更する
      </SubmitButton>
    </form>
  );
}
