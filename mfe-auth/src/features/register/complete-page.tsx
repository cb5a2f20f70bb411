import { AppLink } from '@app/shared';

/** /register/complete: the account is active; next, log in. */
export default function RegisterCompletePage() {
  return (
    <section className="card status-page" aria-labelledby="complete-heading">
      <h1 id="complete-heading" className="page-heading">
        会員登録が完了しました
      </h1>
      <p className="muted">メールアドレスを確認しました。ご登録のメールアドレスとパスワードでログインしてください。</p>
      <div className="status-page__actions">
        <AppLink className="button button--primary" to="/login">
          ログインする
        </AppLink>
      </div>
    </section>
  );
}
