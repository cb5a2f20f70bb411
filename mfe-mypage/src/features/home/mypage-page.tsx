import { useState } from 'react';
import { logout, showToast, useAuth } from '@app/shared';

/**
 * /mypage: for now the logged-in person's name and a logout button (the full page — entries,
 * identity, documents — comes with its own issue).
 */
export default function MypagePage() {
  const me = useAuth((s) => s.me);
  const [busy, setBusy] = useState(false);
  const name = [me?.last_name, me?.first_name].filter(Boolean).join(' ');
  const onLogout = () => {
    setBusy(true);
    // The auth store resets; the route's guard then sends this page to /login.
    void logout().finally(() => {
      setBusy(false);
      showToast('ログアウトしました', 'success');
    });
  };
  return (
    <section className="card" aria-labelledby="mypage-heading">
      <h1 id="mypage-heading" className="page-heading">
        マイページ
      </h1>
      <p className="lead">
        <span data-testid="mypage-name">{name || me?.email}</span> 様
      </p>
      {me?.company_name && <p className="muted">{me.company_name}</p>}
      <p className="muted">お申込みや書類の状況を確認できるページは準備中です。</p>
      <button type="button" className="button button--secondary" onClick={onLogout} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'ログアウトしています…' : 'ログアウト'}
      </button>
    </section>
  );
}
