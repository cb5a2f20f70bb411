import { useLocation } from 'react-router-dom';
import { AppLink, Phrases } from '@app/shared';

/** /profile/password/reset/done: the reset mail is on its way (if the address is registered). */
export default function PasswordResetSentPage() {
  const email = new URLSearchParams(useLocation().search).get('email');
  return (
    <section className="card" aria-labelledby="sent-heading">
      <h1 id="sent-heading" className="page-heading">
        <Phrases parts={['再設定メールを', '送信しました']} />
      </h1>
      <p>
        {email ? <strong>{email}</strong> : 'ご入力のメールアドレス'}
        がご登録済みの場合、パスワード再設定のためのリンクをお送りしました。リンクの有効期限は1時間です。
      </p>
      <p className="muted">メールが届かない場合は、迷惑メールフォルダをご確認のうえ、もう一度お試しください。</p>
      <div className="form-links">
        <AppLink to="/profile/password/reset/recover">もう一度送る</AppLink>
        <AppLink to="/login">ログインに戻る</AppLink>
      </div>
    </section>
  );
}
