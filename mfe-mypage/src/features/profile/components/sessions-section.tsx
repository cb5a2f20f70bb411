import { useCallback, useEffect, useState } from 'react';
import { ApiError, api, logout, showToast } from '@app/shared';
import { formatDateTimeJst } from '@app/shared/parts';
import { type AccountSession } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'ready'; readonly sessions: readonly AccountSession[] };

const messageOf = (error: unknown): string => (error instanceof ApiError ? error.message : 'ログイン中の端末を読み込めませんでした。');

/**
 * /profile「ログイン中の端末」: every browser where the applicant is logged in (the device in
 * plain words, when it was last used, this one marked), each other one can be logged out, and
 * 「すべての端末からログアウト」 ends them all, this one included (then the login page).
 */
export function SessionsSection() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setLoaded({ state: 'ready', sessions: await api(endpoints.accountSessions.list) });
    } catch (error) {
      setLoaded({ state: 'failed', message: messageOf(error) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const revoke = async (session: AccountSession) => {
    setBusy(session.id);
    try {
      await api(endpoints.accountSessions.revoke, { params: { id: session.id } });
      showToast(`${session.device} をログアウトさせました`, 'success');
      await load();
    } catch (error) {
      showToast(messageOf(error), 'error');
    } finally {
      setBusy(null);
    }
  };

  const logoutAll = async () => {
    if (!window.confirm('この端末を含む、すべての端末からログアウトします。よろしいですか？')) return;
    setBusy('all');
    try {
      await api(endpoints.accountSessions.logoutAll);
      // This tab forgets the user too; the route's guard then sends the page to /login.
      await logout();
      showToast('すべての端末からログアウトしました', 'success', { announcesNavigation: true });
    } catch (error) {
      showToast(messageOf(error), 'error');
      setBusy(null);
    }
  };

  return (
    <section className="card profile-section" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="section-heading">
        ログイン中の端末
      </h2>
      <p className="muted small">
        心当たりのない端末があれば、その端末をログアウトさせ、パスワードを変更してください。「ログインしたままにする」でログインした端末も、しばらく使わないと自動的にログアウトします。
      </p>
      {loaded.state === 'loading' && (
        <p className="muted" role="status">
          読み込んでいます…
        </p>
      )}
      {loaded.state === 'failed' && (
        <div className="notice notice--warning" role="alert">
          <p>{loaded.message}</p>
          <button type="button" className="button button--link" onClick={() => void load()}>
            再読み込み
          </button>
        </div>
      )}
      {loaded.state === 'ready' && (
        <ul className="session-list" aria-label="ログイン中の端末">
          {loaded.sessions.map((session) => (
            <li key={session.id} className="session-list__item">
              <div className="session-list__text">
                <p className="session-list__device">
                  {session.device}
                  {session.current && <span className="status-badge status-badge--info">この端末</span>}
                </p>
                <p className="muted small">
                  最終利用 {formatDateTimeJst(session.last_seen_at)}
                  {session.persistent && '・ログインしたまま'}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busy !== null}
                  aria-label={`${session.device}（最終利用 ${formatDateTimeJst(session.last_seen_at)}）をログアウトさせる`}
                  onClick={() => void revoke(session)}
                >
                  ログアウトさせる
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button type="button" className="button button--danger" disabled={busy !== null} onClick={() => void logoutAll()}>
          {busy === 'all' ? 'ログアウトしています…' : 'すべての端末からログアウト'}
        </button>
      </div>
    </section>
  );
}
