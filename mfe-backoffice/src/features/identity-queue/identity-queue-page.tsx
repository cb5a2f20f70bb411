import { Link, useLocation, useNavigate } from 'react-router-dom';
import { href, todayInJapan } from '@app/shared';
import { type StaffApplicant, type StaffIdentityQueue, type StaffIdentityQueueItem } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { REVIEW_STATUS, REVIEW_STATUS_LABELS, reviewStatusOrDefault } from '@app/contracts/domain';
import { ageInDays, formatJst } from '../../model/format';
import { staffApi } from '../../staff/api';
import { useLoad } from '../../staff/use-load';
import { Badge, Loading, Pager } from '../../ui/bits';
import { ensureDeskStyles } from '../applicants/styles';
import { IdentityDecision, IdentityFiles, identityDocumentLabel } from '../entry/components/applicant-section';
import { IdentityBadge } from '../entry/components/identity-badge';

const PAGE_SIZE = 100;

/**
 * /backoffice/identity: the identity queue (`GET /api/staff/identity-queue/`) — applicants whose
 * identity is 確認中, the oldest submission first, each reviewed in place with the same decision as
 * in an entry (`POST /api/staff/users/{id}/identity/`). A decided applicant stays on the page with
 * the result until the next load, so the reviewer sees what was done.
 */
export default function IdentityQueuePage() {
  ensureDeskStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const offsetParam = new URLSearchParams(location.search).get('offset') ?? '';
  const offset = /^[0-9]{1,9}$/.test(offsetParam) ? Number(offsetParam) : 0;
  const [result, replace] = useLoad(`identity-queue-${offset}`, (signal) =>
    staffApi(endpoints.staff.identityQueue.list, { query: { limit: String(PAGE_SIZE), offset: String(offset) }, signal }),
  );
  const goTo = (next: number) => void navigate(`${href('backofficeIdentityQueue')}${next > 0 ? `?offset=${next}` : ''}`);
  if (result.state === 'loading') return <Loading label="本人確認の待ち行列を読み込み中…" />;
  if (result.state === 'error') {
    return (
      <div className="bo-stack">
        <h1>本人確認の待ち行列</h1>
        <p className="bo-alert" role="alert">
          {result.message}
        </p>
      </div>
    );
  }
  const queue = result.data;
  const waiting = queue.results.filter((item) => item.applicant.identity_confirmation === REVIEW_STATUS.confirming).length;
  const onDecided = (next: StaffApplicant) =>
    replace({
      ...queue,
      results: queue.results.map((item) => (item.applicant.id === next.id ? { ...item, applicant: next } : item)),
    } satisfies StaffIdentityQueue);
  const now = new Date();
  return (
    <div className="bo-stack">
      <div className="bo-head">
        <h1>本人確認の待ち行列</h1>
        <Badge kind="confirming">{`確認中 ${queue.count - (queue.results.length - waiting)}人`}</Badge>
      </div>
      <p role="status" className="bo-muted" style={{ margin: 0 }}>
        {waiting === 0
          ? '確認を待っている本人確認書類はありません。'
          : offset === 0 && queue.count <= PAGE_SIZE
            ? `提出の古い順に${waiting}人が待っています。`
            : `提出の古い順に${offset + 1}人目からを表示しています。`}
      </p>
      {queue.results.length > 0 && (
        <ol className="bo-cards" aria-label="本人確認の待ち行列">
          {queue.results.map((item) => (
            <QueueItem key={item.applicant.id} item={item} now={now} onDecided={onDecided} />
          ))}
        </ol>
      )}
      {(offset > 0 || offset + PAGE_SIZE < queue.count) && (
        <Pager
          previous={{ label: `前の${PAGE_SIZE}人`, go: offset === 0 ? null : () => goTo(Math.max(0, offset - PAGE_SIZE)) }}
          next={{ label: `次の${PAGE_SIZE}人`, go: offset + PAGE_SIZE >= queue.count ? null : () => goTo(offset + PAGE_SIZE) }}
        />
      )}
    </div>
  );
}

function QueueItem({ item, now, onDecided }: { item: StaffIdentityQueueItem; now: Date; onDecided: (applicant: StaffApplicant) => void }) {
  const { applicant } = item;
  const status = reviewStatusOrDefault(applicant.identity_confirmation);
  const name = `${applicant.last_name} ${applicant.first_name}`.trim();
  const headingId = `bo-identity-${applicant.id}`;
  return (
    <li className="bo-card">
      <div className="bo-queue-item">
        <div className="bo-stack" style={{ gap: 'var(--space-2)' }}>
          <h2 id={headingId} style={{ margin: 0 }}>
            <Link to={href('backofficeApplicant', { applicantId: applicant.id })}>{applicant.company_name || name}</Link>
          </h2>
          {applicant.company_name && <span>{name}</span>}
          <div className="bo-card__meta">
            <IdentityBadge status={status} />
            <span className="bo-small">
              {item.submitted_at
                ? `提出 ${formatJst(item.submitted_at)}（${ageInDays(item.submitted_at, now)}日経過）`
                : '提出日時の記録なし'}
            </span>
          </div>
          <dl className="bo-dl">
            <dt>書類の種類</dt>
            <dd>{identityDocumentLabel(applicant)}</dd>
            <dt>メール</dt>
            <dd>{applicant.email}</dd>
          </dl>
          {applicant.identity_files.length > 0 ? (
            <IdentityFiles files={applicant.identity_files} label={`${applicant.company_name || name}の本人確認書類`} />
          ) : (
            <p className="bo-muted" style={{ margin: 0 }}>
              本人確認書類のファイルがありません。
            </p>
          )}
        </div>
        <div>
          {status === REVIEW_STATUS.confirming ? (
            <IdentityDecision
              applicant={applicant}
              today={todayInJapan()}
              onChange={onDecided}
              label={`${applicant.company_name || name}の本人確認の判定`}
            />
          ) : (
            <p className="bo-ok" role="status">{`判定しました：${REVIEW_STATUS_LABELS[status]}`}</p>
          )}
        </div>
      </div>
    </li>
  );
}
