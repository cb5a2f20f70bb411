import { useLocation, useNavigate } from 'react-router-dom';
import { AppLink, FormAlert, NewPasswordFields, SubmitButton, api, useApiForm, useFormValues } from '@app/shared';
import { MESSAGES } from '@app/contracts/domain';
import * as endpoints from '@app/contracts/endpoints';

/**
 * /profile/password/reset/reset/<…>?uid=…&token=… (without both the route table answers 404):
 * the new password, twice. A used or expired link gets the server's message.
 */
export default function PasswordResetConfirmPage() {
  const navigate = useNavigate();
  const query = new URLSearchParams(useLocation().search);
  const form = useApiForm();
  const { values, field } = useFormValues({ new_password1: '', new_password2: '' }, form.fieldErrors);
  const submit = form.handleSubmit(async () => {
    await api(endpoints.password.resetConfirm, { body: { uid: query.get('uid') ?? '', token: query.get('token') ?? '', ...values } });
    // BrowserRouter's navigate does not return a promise (only a data router's does): nothing to await.
    void navigate('/profile/password/reset/reset/done', { replace: true });
  });
  const linkProblem = form.fieldErrors.token ?? form.fieldErrors.uid;
  return (
    <section className="card" aria-labelledby="reset-heading">
      <h1 id="reset-heading" className="page-heading">
        新しいパスワードの設定
      </h1>
      <form className="form" onSubmit={submit} noValidate>
        <FormAlert
          messages={linkProblem ? [linkProblem, ...form.formErrors.filter((m) => m !== MESSAGES.checkFieldErrors)] : form.formErrors}
        />
        <NewPasswordFields field={field} description="8文字以上で、数字だけにならないようにしてください。" />
        <SubmitButton busy={form.busy}>パスワードを変更する</SubmitButton>
      </form>
      {linkProblem && (
        <div className="form-links">
          <AppLink to="/profile/password/reset/recover">再設定メールをもう一度送る</AppLink>
        </div>
      )}
    </section>
  );
}
