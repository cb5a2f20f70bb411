import { useLocation } from 'react-router-dom';
import { AppLink, parseHashErrors } from '@app/shared';

/**
 * External authentication. No external identity provider is connected yet, so these pages say
 * so honestly and lead to the site's own registration and login.
 */
export function ExtSignupPage() {
  return (
    <section className="card" aria-labelledby="ext-signup-heading">
      <h1 id="ext-signup-heading" className="page-heading">
        外部サービスのアカウントで登録
      </h1>
      <p className="muted">外部サービスのアカウントを使った登録には、現在対応しておりません。メールアドレスでご登録ください。</p>
      <p>
        <AppLink className="button button--primary" to="/register">
          メールアドレスで登録する
        </AppLink>
      </p>
    </section>
  );
}

export function ExtAuthenticationErrorPage() {
  const location = useLocation();
  const reason = parseHashErrors(location.hash)?.detail ?? new URLSearchParams(location.search).get('error_description');
  return (
    <section className="card" aria-labelledby="ext-error-heading">
      <h1 id="ext-error-heading" className="page-heading">
        外部サービスで認証できませんでした
      </h1>
      {reason && (
        <div className="form-alert" role="alert">
          <p>{reason}</p>
        </div>
      )}
      <p className="muted">お手数ですが、メールアドレスとパスワードでログインしてください。</p>
      <p>
        <AppLink className="button button--primary" to="/login">
          ログインへ
        </AppLink>
      </p>
    </section>
  );
}

/** /callback: the return point of an external login. Nothing to complete yet: on to /login. */
export function CallbackPage() {
  return (
    <section className="card" aria-labelledby="callback-heading">
      <h1 id="callback-heading" className="page-heading">
        ログイン処理
      </h1>
      <p className="muted">外部サービスからのログインには、現在対応しておりません。</p>
      <p>
        <AppLink to="/login">ログインへ</AppLink>
      </p>
    </section>
  );
}
