import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  AppLink,
  Checkbox,
  FormAlert,
  SubmitButton,
  TextField,
  api,
  parseHashErrors,
  refreshAuth,
  useApiForm,
  useFormValues,
} from '@app/shared';
import * as endpoints from '@app/contracts/endpoints';
import { EmailField } from '../../components/email-field';

/**
 * /login. After a successful login the auth store knows the user and the route's guard sends
 * them on (to `?next=` or /mypage). Errors passed as JSON in the URL hash are shown at the top.
 */
export default function LoginPage() {
  const location = useLocation();
  const hashErrors = parseHashErrors(location.hash);
  const [persist, setPersist] = useState(false);
  const form = useApiForm();
  const { values, field } = useFormValues({ email: '', password: '' }, form.fieldErrors);
  const fromHash = hashErrors ? Object.values(hashErrors) : [];

  const submit = form.handleSubmit(async () => {
    await api(endpoints.auth.login, { body: { email: values.email.trim(), password: values.password, persistLoginState: persist } });
    await refreshAuth();
  });

  return (
    <section className="card" aria-labelledby="login-heading">
      <h1 id="login-heading" className="page-heading">
        ログイン
      </h1>
      {/* method="post": the prerendered form sent before the scripts ran (or without them) never
          puts the password in the URL; the server answers such a POST with the page again. */}
      <form className="form" method="post" onSubmit={submit} noValidate>
        <FormAlert messages={form.formErrors.length > 0 ? form.formErrors : fromHash} />
        <EmailField autoComplete="username" {...field('email')} />
        <TextField label="パスワード" type="password" autoComplete="current-password" {...field('password')} />
        <Checkbox label="ログイン状態を保持する" name="persistLoginState" checked={persist} onCheckedChange={setPersist} />
        <SubmitButton busy={form.busy} busyLabel="ログインしています…">
          ログイン
        </SubmitButton>
      </form>
      <div className="form-links">
        <AppLink to="/profile/password/reset/recover">パスワードをお忘れの方</AppLink>
        <p className="muted">
          はじめての方は <AppLink to="/register">無料会員登録</AppLink>
        </p>
      </div>
    </section>
  );
}
