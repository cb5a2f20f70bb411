import { AppLink, isLoggedIn, useAuth } from '@app/shared';

/** /company/mail/complete: a company e-mail address was confirmed from the mail link. */
export default function CompanyMailCompletePage() {
  const loggedIn = useAuth(isLoggedIn);
  return (
    <section className="card status-page" aria-labelledby="company-mail-heading">
      <h1 id="company-mail-heading" className="page-heading">
        メールアドレスの確認が完了しました
      </h1>
      <p className="muted">ご確認ありがとうございます。今後のご連絡はこのメールアドレスにお送りします。</p>
      <div className="status-page__actions">
        <AppLink className="button button--primary" to={loggedIn ? '/mypage' : '/login'}>
          {loggedIn ? 'マイページへ' : 'ログインする'}
        </AppLink>
      </div>
    </section>
  );
}
