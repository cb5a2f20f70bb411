import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, ValidationError, type FieldErrors } from '@app/shared';
import { STAFF_OTP_DIGITS } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { afterLoginPath } from '../../staff/login-paths';
import { staffApi } from '../../staff/api';
import { setStaff } from '../../staff/session';
import { BoField } from '../entry/components/fields';

const REQUIRED = {
  email: 'メールアドレスを入力してください。',
  password: 'パスワードを入力してください。',
  otp: '確認コードを入力してください。',
} as const;

type FieldName = keyof typeof REQUIRED;

/** The login's fields in their order: what each input is besides its name, value, error and change. */
const FIELDS: readonly ({
  readonly name: FieldName;
  readonly label: string;
  readonly hint?: string;
} & InputHTMLAttributes<HTMLInputElement>)[] = [
  { name: 'email', label: 'メールアドレス', type: 'email', inputMode: 'email', autoComplete: 'username' },
  { name: 'password', label: 'パスワード', type: 'password', autoComplete: 'current-password' },
  {
    name: 'otp',
    label: '確認コード（6桁）',
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: STAFF_OTP_DIGITS + 2,
    hint: '認証アプリに表示されている6桁の数字。1つのコードは1回だけ使えます。',
  },
];

/**
 * /backoffice/login: staff log in with their address, password and the 6-digit code of their
 * authenticator app (`POST /api/staff/auth/`). Any wrong part gets the server's one message; a
 * blank field is said before anything is sent. Then the review queue (or the page they came for).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<Record<FieldName, string>>({ email: '', password: '', otp: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: FieldName) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const missing: Record<string, string> = {};
    for (const name of Object.keys(REQUIRED) as FieldName[]) if (values[name].trim() === '') missing[name] = REQUIRED[name];
    setFieldErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) {
      const first = Object.keys(missing)[0]!;
      document.querySelector<HTMLInputElement>(`.bo-login input[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    staffApi(endpoints.staff.auth.login, { body: { email: values.email.trim(), password: values.password, otp: values.otp } })
      .then((staff) => {
        setStaff(staff);
        void navigate(afterLoginPath(location.search), { replace: true });
      })
      .catch((error: unknown) => {
        setValues((v) => ({ ...v, otp: '' }));
        if (error instanceof ValidationError) {
          setFieldErrors(error.fieldErrors);
          setFormError(error.nonFieldErrors[0] ?? null);
        } else {
          setFormError(error instanceof ApiError ? error.message : 'ログインできませんでした。時間をおいてもう一度お試しください。');
        }
        setBusy(false);
      });
  };

  return (
    <section className="bo-login bo-panel" aria-labelledby="bo-login-title">
      <h1 id="bo-login-title">スタッフログイン</h1>
      <p className="bo-muted">管理画面はスタッフ専用です。お申し込みの方は通常のログインページをご利用ください。</p>
      <form onSubmit={submit} noValidate>
        <div role="alert">{formError && <p className="bo-alert">{formError}</p>}</div>
        {FIELDS.map(({ name, label, hint, ...input }) => (
          <BoField key={name} label={label} hint={hint} error={fieldErrors[name]}>
            {(control) => (
              <input
                {...control}
                {...input}
                name={name}
                value={values[name]}
                required
                onChange={(event) => set(name)(event.target.value)}
              />
            )}
          </BoField>
        ))}
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'ログイン中…' : 'ログイン'}
        </button>
      </form>
    </section>
  );
}
