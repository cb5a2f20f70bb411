import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AppLink,
  Checkbox,
  FormAlert,
  PasswordRules,
  RadioGroup,
  SubmitButton,
  TextField,
  api,
  getRuntimeConfig,
  useApiForm,
  useFormValues,
} from '@app/shared';
import { MESSAGES } from '@app/contracts/domain';
import { passwordChecklist } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { EmailField } from '../../components/email-field';

type Division = 'corporate' | 'individual';

/** Reads the analytics id the marketing tag leaves in local storage (spec §7: ceres_xuid). */
function ceresXuid(): string | undefined {
  try {
    return window.localStorage.getItem('ceres_xuid') ?? undefined;
  } catch {
    return undefined;
  }
}

/** /register: 法人 or 個人事業主, name, e-mail, password with live rules, consent. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const individualsSupported = getRuntimeConfig().individualsSupported;
  const [division, setDivision] = useState<Division | ''>('');
  const [consent, setConsent] = useState(false);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const form = useApiForm();
  const errors = { ...form.fieldErrors, ...localErrors };
  const { values, field } = useFormValues({ company_name: '', last_name: '', first_name: '', email: '', password: '' }, errors);
  const email = values.email.trim();
  const names = { last_name: values.last_name.trim(), first_name: values.first_name.trim() };
  const rules = passwordChecklist(values.password, { email, ...names });

  const submit = form.handleSubmit(async () => {
    const missing: Record<string, string> = {};
    if (!division) missing.corporate_division = '法人か個人事業主かを選択してください。';
    if (!consent) missing.consent = '利用規約とプライバシーポリシーへの同意が必要です。';
    setLocalErrors(missing);
    if (!division || Object.keys(missing).length > 0) return;
    await api(endpoints.register.create, {
      body: {
        email,
        password: values.password,
        corporate_division: division,
        company_name: division === 'corporate' ? values.company_name.trim() : '',
        ...names,
        ceres_xuid: ceresXuid(),
      },
    });
    // BrowserRouter's navigate does not return a promise (only a data router's does): nothing to await.
    void navigate(`/register/activation?${new URLSearchParams({ sent: email }).toString()}`);
  });

  return (
    <section className="card" aria-labelledby="register-heading">
      <h1 id="register-heading" className="page-heading">
        無料会員登録
      </h1>
      <p className="muted">登録は無料です。ご登録のメールアドレスに確認メールをお送りします。</p>
      <form className="form" method="post" onSubmit={submit} noValidate>
        <FormAlert
          messages={Object.keys(localErrors).length > 0 && form.formErrors.length === 0 ? [MESSAGES.checkFieldErrors] : form.formErrors}
        />
        <RadioGroup<Division>
          legend="ご登録の区分"
          name="corporate_division"
          value={division}
          onValueChange={(value) => {
            setDivision(value);
            setLocalErrors(({ corporate_division: _dropped, ...rest }) => rest);
          }}
          error={errors.corporate_division}
          options={[
            { value: 'corporate', label: '法人', description: '株式会社・合同会社など' },
            {
              value: 'individual',
              label: '個人事業主',
              description: individualsSupported ? 'フリーランスの方を含みます' : '現在お申し込みを受け付けておりません',
              disabled: !individualsSupported,
            },
          ]}
        />
        {division === 'corporate' && <TextField label="会社名" autoComplete="organization" {...field('company_name')} />}
        <div className="field-row">
          <TextField label="姓" autoComplete="family-name" {...field('last_name')} />
          <TextField label="名" autoComplete="given-name" {...field('first_name')} />
        </div>
        <EmailField {...field('email')} />
        <TextField
          label="パスワード"
          type="password"
          autoComplete="new-password"
          {...field('password')}
          description={<PasswordRules rules={rules} />}
        />
        <Checkbox
          name="consent"
          checked={consent}
          onCheckedChange={(checked) => {
            setConsent(checked);
            if (checked) setLocalErrors(({ consent: _dropped, ...rest }) => rest);
          }}
          error={errors.consent}
          label={
            <>
              <AppLink to="/terms" target="_blank">
                利用規約
              </AppLink>
              と
              <AppLink to="/policy/privacy" target="_blank">
                プライバシーポリシー
              </AppLink>
              に同意する
            </>
          }
        />
        <SubmitButton busy={form.busy} busyLabel="登録しています…">
          同意して登録する
        </SubmitButton>
      </form>
      <div className="form-links">
        <p className="muted">
          すでにアカウントをお持ちの方は <AppLink to="/login">ログイン</AppLink>
        </p>
      </div>
    </section>
  );
}
