import { useState } from 'react';
import { logout, showToast } from '../core';

/**
 * The applicant's logout button (/mypage, the pre-entry result): busy while the session ends; the auth
 * store resets, and the route's guard then sends the page to /login, with a toast that says so.
 */
export function LogoutButton({ className }: { readonly className: string }) {
  const [loggingOut, setLoggingOut] = useState(false);
  const onLogout = () => {
    setLoggingOut(true);
    void logout().finally(() => {
      setLoggingOut(false);
      showToast('ログアウトしました', 'success', { announcesNavigation: true });
    });
  };
  return (
    <button type="button" className={className} onClick={onLogout} disabled={loggingOut} aria-busy={loggingOut || undefined}>
      {loggingOut ? 'ログアウトしています…' : 'ログアウト'}
    </button>
  );
}
