import { useNavigate } from 'react-router-dom';
import { AppLink, FormAlert, SubmitButton, api, useApiForm, useFormValues, type PageProps } from '@app/shared';
import * as endpoints from '@app/contracts/endpoints';
import { EmailField } from '../../components/email-field';

/**
 * /profile/password/reset/recover (and …/recover/<email>, which fills the address in). The answer
 * is the same whether or not the address is registered.
 */
export default function PasswordResetRequestPage({ params }: PageProps) {
  const navigate = useNavigate();
  const form = useApiForm();
  const { values, field } = useFormValues({ email: params['*'] ?? '' }, form.fieldErrors);
  const email = values.email.trim();
  const submit = form.handleSubmit(async () => {
    await api(endpoints.password.reset, { body: { email } });
    // BrowserRouter's navigate does not return a promise (only a data router's does): nothing to await.
    void navigate(`/profile/password/reset/done?${new URLSearchParams({ email }).toString()}`);
  });
  return (
    <section className="card" aria-labelledby="recover-heading">
      <h1 id="recover-heading" className="page-heading">
        パスワードの再設定
      </h1>
      <p className="muted">ご登録のメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。</p>
      <form className="form" method="post" onSubmit={submit} noValidate>
        <FormAlert messages={form.formErrors} />
        <EmailField {...field('email')} />
        <SubmitButton busy={form.busy}>再設定メールを送る</SubmitButton>
      </form>
      <div className="form-links">
        <AppLink to="/login">ログインに戻る</AppLink>
      </div>
    </section>
  );
}
