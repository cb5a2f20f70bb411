import { LoginNextCard } from '../../components/done-card';

/** /register/complete: the account is active; next, log in. */
export default function RegisterCompletePage() {
  return (
    <LoginNextCard id="complete-heading" heading="会員登録が完了しました">
      メールアドレスを確認しました。ご登録のメールアドレスとパスワードでログインしてください。
    </LoginNextCard>
  );
}
