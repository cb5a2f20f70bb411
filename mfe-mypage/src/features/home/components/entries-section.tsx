import { AppLink, href } from '@app/shared';
import { entryStatusTone } from '@app/shared/parts';
import { canTransitionEntry, entryStatusLabel, reviewKind } from '@app/contracts/domain';
import type { Entry } from '@app/contracts';
import type { Resource } from '../api/use-resource';
import { formatDate, formatYen, isoDay } from '../model/format';
import { QuietError, Section, Skeleton } from './section';

/** What the applicant does next on an entry, if anything: resubmit what is inadequate, or sign the offer by its deadline. */
function NextAction({ entry }: { readonly entry: Entry }) {
  if (reviewKind(entry.status) === 'resubmit') {
    return (
      <p className="mp-entry__next">
        <AppLink to={href('entryResubmit', { entryId: entry.id })}>
          書類を再提出する<span className="visually-hidden">（申込番号 {entry.code}）</span>
        </AppLink>
      </p>
    );
  }
  if (canTransitionEntry(entry.status, 'contract')) {
    return (
      <p className="mp-entry__next">
        <AppLink to={href('entryContract', { entryId: entry.id })}>
          買取条件を確認して契約する<span className="visually-hidden">（申込番号 {entry.code}）</span>
        </AppLink>
        {entry.contract_period && (
          <span className="mp-entry__deadline">
            ご契約の期限 <time dateTime={entry.contract_period}>{formatDate(`${entry.contract_period}T00:00:00+09:00`)}</time>
          </span>
        )}
      </p>
    );
  }
  return null;
}

/** お申し込み一覧 (`GET /api/entries/`, newest first): code, status, date, the next action if any, the way to its detail. */
export function EntriesSection({ entries, onRetry }: { readonly entries: Resource<readonly Entry[]>; readonly onRetry: () => void }) {
  return (
    <Section id="entries" title="お申し込み一覧" busy={entries.status === 'loading'}>
      {entries.status === 'loading' && <Skeleton label="お申し込み一覧" kind="row" />}
      {entries.status === 'failed' && <QuietError what="お申し込み一覧" onRetry={onRetry} />}
      {entries.status === 'ready' &&
        (entries.data.length === 0 ? (
          <div className="mp-empty">
            <p>まだお申し込みはありません。</p>
            <p>お申し込みいただくと、ここで審査の状況を確認できます。</p>
          </div>
        ) : (
          <ul className="mp-entries">
            {entries.data.map((entry) => (
              <li key={entry.id} className="mp-entry">
                <div>
                  <p className="mp-entry__code">
                    <span>申込番号 {entry.code}</span>
                    <span className={`mp-badge mp-badge--${entryStatusTone(entry.status)}`}>{entryStatusLabel(entry.status)}</span>
                  </p>
                  <p className="mp-entry__meta">
                    <span>
                      お申し込み日 <time dateTime={isoDay(entry.created_at)}>{formatDate(entry.created_at)}</time>
                    </span>
                    <span>ご希望額 {formatYen(entry.purchase_amount_desired)}</span>
                  </p>
                  <NextAction entry={entry} />
                </div>
                <AppLink to={href('entryDetail', { entryId: entry.id })}>
                  詳細を見る<span className="visually-hidden">（申込番号 {entry.code}）</span>
                </AppLink>
              </li>
            ))}
          </ul>
        ))}
    </Section>
  );
}
