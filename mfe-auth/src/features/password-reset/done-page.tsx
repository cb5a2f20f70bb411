import { AppLink } from '@app/shared';

/** /profile/password/reset/reset/done */
export default function PasswordResetDonePage() {
  return (
    <section className="card status-page" aria-labelledby="reset-done-heading">
      <h1 id="reset-done-heading" className="page-heading">
        パスワードを再設定しました
      </h1>
      <p className="muted">新しいパスワードでログインしてください。</p>
      <div className="status-page__actions">
        <AppLink className="button button--primary" to="/login">
          ログインする
        </AppLink>
      </div>
    </section>
  );
}
