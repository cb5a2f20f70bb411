import { AppLink } from '@app/shared/core';
import { Phrases } from '../../components/phrases';
import { useScrollToHash } from '../../components/use-scroll-to-hash';

export default function MaintenancePage() {
  useScrollToHash();
  return (
    <section className="card status-notice" aria-labelledby="maintenance-heading">
      <p className="status-notice__badge">メンテナンス中</p>
      <h1 id="maintenance-heading">
        <Phrases parts={['ただいまメンテナンスを', '行っています']} />
      </h1>
      <p>
        ご不便をおかけして申し訳ございません。現在、サービスの点検と更新の作業を行っているため、お申し込みの手続きをご利用いただけません。
      </p>
      <p className="notice">
        <strong>お預かりしている情報は、そのまま保存されています。</strong>
        <br />
        入力中の内容、アップロード済みの書類、お申し込みの状況は消えません。作業が終わりしだい、続きからご利用いただけます。
      </p>
      <p>恐れ入りますが、しばらく時間をおいてから、もう一度アクセスしてください。</p>
      <div className="mk-actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          ページを再読み込み
        </button>
        <AppLink to="/" className="button button--secondary">
          トップページへ
        </AppLink>
      </div>
    </section>
  );
}
