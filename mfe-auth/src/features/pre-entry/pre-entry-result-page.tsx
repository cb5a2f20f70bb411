import { useCallback, useEffect, useState } from 'react';
import { ApiError, AppLink, FormAlert, api, supportHref, useAuth } from '@app/shared';
import { LogoutButton } from '@app/shared/parts';
import { PRE_ENTRY_QUESTIONS } from '@app/contracts/domain';
import { type PreEntryResult } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { ensurePreEntryStyles } from './styles';

ensurePreEntryStyles();

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; result: PreEntryResult };

const DATE = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });

const questionText = (questionId: string): string | undefined => PRE_ENTRY_QUESTIONS.find((q) => q.id === questionId)?.text;

/**
 * The support contact of the runtime config (`supportHref`): a page of this site, another site in a
 * new tab, or a mail to the operator; without one, a plain sentence instead of a link.
 */
function SupportLink({ className }: { className?: string }) {
  const url = supportHref();
  if (url === null) return <span>サポート窓口の連絡先は、サービスの公開前に掲載します。</span>;
  if (/^https?:\/\//.test(url)) {
    return (
      <a className={className} href={url} target="_blank" rel="noopener noreferrer">
        サポート窓口へのお問い合わせ<span className="visually-hidden">（新しいタブで開きます）</span>
      </a>
    );
  }
  return (
    <AppLink className={className} to={url}>
      サポート窓口へのお問い合わせ
    </AppLink>
  );
}

/**
 * /pre_entry/result: the recorded screening (`GET /api/pre_entry/`). Declined: every reason and what
 * the applicant can do instead, the support page and the logout. Accepted: on to the profile.
 * Unanswered: back to the questionnaire.
 */
export default function PreEntryResultPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const hasSatisfiedProfile = useAuth((s) => s.hasSatisfiedProfile);

  const load = useCallback(() => {
    let cancelled = false;
    setState({ kind: 'loading' });
    api(endpoints.preEntry.get)
      .then((result) => {
        if (!cancelled) setState({ kind: 'loaded', result });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setState({
            kind: 'failed',
            message: error instanceof ApiError ? error.message : '結果を読み込めませんでした。時間をおいて、もう一度お試しください。',
          });
      });
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => load(), [load]);

  const result = state.kind === 'loaded' ? state.result : null;
  return (
    <section className="card" aria-labelledby="pre-entry-result-heading" aria-busy={state.kind === 'loading' || undefined}>
      <h1 id="pre-entry-result-heading" className="page-heading">
        事前確認の結果
      </h1>

      {state.kind === 'loading' && (
        <div className="pe-skeleton" role="status">
          <span className="visually-hidden">結果を読み込んでいます…</span>
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </div>
      )}

      {state.kind === 'failed' && (
        <>
          <FormAlert messages={[state.message]} />
          <div className="pe-actions">
            <button type="button" className="button button--secondary" onClick={load}>
              もう一度読み込む
            </button>
          </div>
        </>
      )}

      {result?.outcome === 'declined' && (
        <>
          <p className="lead">誠に恐れ入りますが、今回はお申し込みをお受けすることができません。</p>
          <p>
            ご回答いただいた内容から、次の理由により、当サービスではお取り扱いが難しいと判断いたしました。あわせて、ご検討いただける方法をご案内します。
          </p>
          {result.answered_at && <p className="pe-result__meta">回答日：{DATE.format(new Date(result.answered_at))}</p>}
          <h2 id="pre-entry-reasons">お取り扱いできない理由</h2>
          <ul className="pe-reasons" aria-labelledby="pre-entry-reasons">
            {result.reasons.map((r) => (
              <li key={`${r.question_id}:${r.reason}`} className="pe-reason">
                {questionText(r.question_id) && <p className="pe-reason__question">ご質問：{questionText(r.question_id)}</p>}
                <p className="pe-reason__reason">{r.reason}</p>
                <p className="pe-reason__alternative">
                  <strong>ご検討いただけること</strong>
                  {r.alternative}
                </p>
              </li>
            ))}
          </ul>
          <p>ご回答の内容に誤りがあった場合や、ご不明な点がある場合は、サポート窓口へお問い合わせください。</p>
          <div className="pe-actions">
            <SupportLink className="button button--secondary" />
            <LogoutButton className="button button--secondary" />
          </div>
        </>
      )}

      {result?.outcome === 'accepted' &&
        (hasSatisfiedProfile ? (
          <>
            <p className="lead">事前確認はお済みです。</p>
            <p>基本情報の登録も完了しています。マイページから、次の手続きにお進みください。</p>
            <div className="pe-actions">
              <AppLink className="button button--primary" to="/mypage">
                マイページへ
              </AppLink>
            </div>
          </>
        ) : (
          <>
            <p className="lead">ご回答ありがとうございました。次は基本情報の登録です。</p>
            <p>会社と代表者の連絡先や本人確認書類などをご登録いただきます。</p>
            <div className="pe-actions">
              <AppLink className="button button--primary" to="/register/profile">
                基本情報を登録する
              </AppLink>
              <AppLink to="/mypage">あとで登録する（マイページへ）</AppLink>
            </div>
          </>
        ))}

      {result?.outcome === 'unanswered' && (
        <>
          <p className="lead">まだ事前確認にご回答いただいていません。</p>
          <p>お申し込みの前に、請求書についての簡単な質問（約1分）にお答えください。</p>
          <div className="pe-actions">
            <AppLink className="button button--primary" to="/register/pre_entry">
              事前確認に回答する
            </AppLink>
          </div>
        </>
      )}
    </section>
  );
}
