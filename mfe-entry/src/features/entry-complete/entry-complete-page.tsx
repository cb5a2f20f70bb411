import { useLocation } from 'react-router-dom';
import { AppLink, ensureStyleSheet, routeById } from '@app/shared';
import { CompletionCard } from '../../components/completion-card';

const COMPLETE_CSS = `
.entry-complete { text-align: left; }
.entry-complete__mark { display: inline-flex; align-items: center; justify-content: center; width: 56px; height: 56px; border-radius: 50%; background: #e7f6ee; color: var(--color-success); font-size: var(--font-size-2xl); font-weight: 700; margin-bottom: var(--space-4); }
.entry-complete__code { display: inline-block; padding: var(--space-1) var(--space-3); border-radius: var(--radius); background: var(--color-bg); font-weight: 700; font-variant-numeric: tabular-nums; }
.entry-complete__steps { margin: 0 0 var(--space-5); padding-left: 1.5em; display: grid; gap: var(--space-2); }
.entry-complete__actions { display: grid; gap: var(--space-3); }
`;

/**
 * /entry/complete: the entry was received. What happens next, and the way to /mypage, where the
 * entry shows as 審査中 (under review).
 */
export default function EntryCompletePage() {
  ensureStyleSheet('mfe-entry-complete-styles', COMPLETE_CSS);
  const location = useLocation();
  const code = (location.state as { code?: unknown } | null)?.code;
  return (
    <CompletionCard id="entry-complete-heading" block="entry-complete" heading={['お申し込みを', '受け付けました']}>
      <p>お申し込みいただき、ありがとうございます。ご登録のメールアドレスに、受付の確認メールをお送りしました。</p>
      {typeof code === 'string' && (
        <p>
          申込番号: <span className="entry-complete__code">{code}</span>
        </p>
      )}
      <h2 className="section-heading">このあとの流れ</h2>
      <ol className="entry-complete__steps">
        <li>お送りいただいた請求書と書類をもとに、審査を行います。</li>
        <li>書類に不備があった場合は、メールでお知らせします。マイページから再提出できます。</li>
        <li>
          審査が終わると、買取の条件（買取金額・手数料）をメールでお知らせします。マイページでご確認のうえ、オンラインでご契約いただけます。
        </li>
      </ol>
      <p className="muted">審査の状況は、マイページの「お申し込み」で「審査中」と表示されます。</p>
      <div className="entry-complete__actions">
        <AppLink className="button button--primary button--block" to={routeById('mypage').path}>
          マイページへ
        </AppLink>
      </div>
    </CompletionCard>
  );
}
