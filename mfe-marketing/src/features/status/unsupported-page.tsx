import { AppLink, BRAND } from '@app/shared/core';
import { Phrases } from '../../components/phrases';
import { useSupportUrl } from '../../components/support';
import { useScrollToHash } from '../../components/use-scroll-to-hash';

export default function UnsupportedPage() {
  useScrollToHash();
  const supportUrl = useSupportUrl();
  return (
    <section className="card status-notice" aria-labelledby="unsupported-heading">
      <h1 id="unsupported-heading">
        <Phrases parts={['個人事業主の方の', 'お申し込みについて']} />
      </h1>
      <p>
        申し訳ございません。{BRAND.fullName}
        では現在、個人事業主の方からのお申し込みを受け付けておりません。お手続きにお進みいただけず、ご迷惑をおかけします。
      </p>
      <section aria-labelledby="unsupported-next-heading">
        <h2 id="unsupported-next-heading">いまご案内できること</h2>
        <ul className="mk-checklist">
          <li>
            法人を設立して事業を行っている場合は、法人としてお申し込みいただけます。登録内容の変更については、サポート窓口でご相談を承ります。
          </li>
          <li>退会をご希望の場合や、ご不明な点がある場合も、サポート窓口へお問い合わせください。</li>
        </ul>
      </section>
      <div className="mk-actions">
        {supportUrl !== null && (
          <AppLink to={supportUrl} className="button button--primary">
            サポート窓口へのお問い合わせ
          </AppLink>
        )}
        <AppLink to="/" className={supportUrl !== null ? 'button button--secondary' : 'button button--primary'}>
          トップページへ
        </AppLink>
      </div>
    </section>
  );
}
