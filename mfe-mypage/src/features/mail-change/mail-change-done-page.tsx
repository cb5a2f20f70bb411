import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink, ApiError, FormAlert, api, isLoggedIn, refreshAuth, useAuth } from '@app/shared';
import * as endpoints from '@app/contracts/endpoints';
import { ensureProfileStyles } from '../profile/styles';

type State = { kind: 'confirming' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string } | { kind: 'missing' };

/**
 * /profile/mail/change/done?token=…: opened from the mail sent to the new address; confirms the
 * change once (no login needed: the token is the proof), then says so.
 */
export default function MailChangeDonePage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token');
  const [state, setState] = useState<State>(token ? { kind: 'confirming' } : { kind: 'missing' });
  const loggedIn = useAuth(isLoggedIn);
  const sent = useRef(false);
  ensureProfileStyles();

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    api(endpoints.mailChange.confirm, { body: { token } })
      .then(({ detail }) => {
        setState({ kind: 'done', message: detail });
        void refreshAuth();
      })
      .catch((error: unknown) =>
        setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'メールアドレスを変更できませんでした。' }),
      );
  }, [token]);

  return (
    <section className="card" aria-labelledby="mail-change-heading">
      <h1 id="mail-change-heading" className="page-heading">
        {state.kind === 'done'
          ? 'メールアドレスを変更しました'
          : state.kind === 'confirming'
            ? 'メールアドレスを変更しています'
            : 'メールアドレスの変更'}
      </h1>
      {state.kind === 'confirming' && (
        <p className="muted" role="status">
          少々お待ちください…
        </p>
      )}
      {state.kind === 'done' && (
        <p role="status" className="notice notice--success">
          {state.message}
        </p>
      )}
      {state.kind === 'failed' && (
        <>
          <FormAlert messages={[state.message]} />
          <p className="muted">
            リンクの有効期限（24時間）が切れているか、すでに使用済みの可能性があります。お手数ですが、登録情報の画面からもう一度お手続きください。
          </p>
        </>
      )}
      {state.kind === 'missing' && <p className="muted">このページは、確認メールのリンクから開いてください。</p>}
      <p>
        <AppLink className="button button--primary" to={loggedIn ? '/mypage' : '/login'}>
          {loggedIn ? 'マイページへ' : 'ログインへ'}
        </AppLink>
      </p>
    </section>
  );
}
