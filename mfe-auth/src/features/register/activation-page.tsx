import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLink, FormAlert, Phrases, api, ApiError } from '@app/shared';
import * as endpoints from '@app/contracts/endpoints';

type State = { kind: 'sent'; email: string } | { kind: 'activating' } | { kind: 'failed'; message: string } | { kind: 'missing' };

/**
 * /register/activation. Right after registering (`?sent=<email>`) it says where the mail went;
 * opened from the mail (`?uid=…&token=…`) it activates the account once, then goes to
 * /register/complete.
 */
export default function ActivationPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const uid = params.get('uid');
  const token = params.get('token');
  const sent = params.get('sent');
  const [state, setState] = useState<State>(() =>
    uid && token ? { kind: 'activating' } : sent ? { kind: 'sent', email: sent } : { kind: 'missing' },
  );

  useEffect(() => {
    if (!uid || !token) return;
    let cancelled = false;
    api(endpoints.register.activate, { body: { uid, token } })
      .then(() => {
        // BrowserRouter's navigate does not return a promise (only a data router's does).
        if (!cancelled) void navigate('/register/complete', { replace: true });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'メールアドレスを確認できませんでした。' });
      });
    return () => {
      cancelled = true;
    };
  }, [uid, token, navigate]);

  return (
    <section className="card" aria-labelledby="activation-heading">
      {state.kind === 'sent' && (
        <>
          <h1 id="activation-heading" className="page-heading">
            <Phrases parts={['確認メールを', '送信しました']} />
          </h1>
          <p>
            <strong>{state.email}</strong>{' '}
            宛てに、メールアドレス確認のためのリンクをお送りしました。メール内のリンクを開くと登録が完了します。
          </p>
          <p className="muted">
            メールが届かない場合は、迷惑メールフォルダもご確認ください。リンクの有効期限が切れた場合は、お手数ですが、もう一度ご登録ください。
          </p>
        </>
      )}
      {state.kind === 'activating' && (
        <>
          <h1 id="activation-heading" className="page-heading">
            メールアドレスを確認しています
          </h1>
          <p className="muted" role="status">
            少々お待ちください…
          </p>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <h1 id="activation-heading" className="page-heading">
            メールアドレスを確認できませんでした
          </h1>
          <FormAlert messages={[state.message]} />
          <p className="muted">
            リンクの有効期限が切れているか、すでに使用済みの可能性があります。登録がお済みの場合はログインしてください。
          </p>
          <p>
            <AppLink className="button button--primary" to="/login">
              ログインへ
            </AppLink>
          </p>
        </>
      )}
      {state.kind === 'missing' && (
        <>
          <h1 id="activation-heading" className="page-heading">
            メールアドレスの確認
          </h1>
          <p className="muted">ご登録後にお送りしたメール内のリンクから、このページを開いてください。</p>
          <p>
            <AppLink to="/register">会員登録へ</AppLink>
          </p>
        </>
      )}
    </section>
  );
}
