import { LoginNextCard } from '../../components/done-card';

/** /profile/password/reset/reset/done */
export default function PasswordResetDonePage() {
  return (
    <LoginNextCard id="reset-done-heading" heading="パスワードを再設定しました">
      新しいパスワードでログインしてください。
    </LoginNextCard>
  );
}
