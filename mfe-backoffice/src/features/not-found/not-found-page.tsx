import { Link } from 'react-router-dom';
import { href } from '@app/shared';

/** An unknown /backoffice/* path: the back office's own 404 (its layout; a link back to the queue). */
export default function NotFoundPage() {
  return (
    <section className="bo-panel" aria-labelledby="bo-404">
      <h1 id="bo-404">ページが見つかりません</h1>
      <p>お探しの管理画面のページは見つかりませんでした。URL をご確認ください。</p>
      <p>
        <Link to={href('backofficeQueue')}>審査キューへ戻る</Link>
      </p>
    </section>
  );
}
