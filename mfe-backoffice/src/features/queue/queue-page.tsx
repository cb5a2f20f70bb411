import { useEffect, useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { href } from '@app/shared';
import { type StaffEntryQueue } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { ENTRY_STATUS, ENTRY_STATUS_LABELS, entryStatusName, formatYen, type EntryStatusName } from '@app/contracts/domain';
import { formatJst, waitingLabel } from '../../model/format';
import { staffApi } from '../../staff/api';
import { publishOpenEntries } from '../../staff/open-counts';
import { useLoad } from '../../staff/use-load';
import { useUrlFilters } from '../../staff/use-url-filters';
import { Badge, LoadPending, Pager, ScrollTable, TableHead } from '../../ui/bits';
import { DEFAULT_FILTERS, PAGE_SIZE, apiQueryFromFilters, filtersFromSearch, searchFromFilters, type QueueFilters } from './filters';

const STATUS_NAMES = Object.keys(ENTRY_STATUS) as EntryStatusName[];
const FILTER_FIELDS = [
  { name: 'min_face_total', label: '額面合計（下限・円）', placeholder: '例：1000000' },
  { name: 'max_face_total', label: '額面合計（上限・円）', placeholder: '例：5000000' },
  { name: 'min_age_days', label: '経過日数（以上）', placeholder: '例：3' },
] as const;

function applicantName(item: StaffEntryQueue['results'][number]): string {
  return `${item.applicant.last_name} ${item.applicant.first_name}`.trim();
}

/**
 * /backoffice: the review queue (`GET /api/staff/entries/`). Filters (status — 審査中 by default —,
 * order, face total range, minimum age) live in the URL, so the back button and a shared link
 * show the same list; 50 a page.
 */
export default function QueuePage() {
  const { search, filters, draft, setDraft, go } = useUrlFilters(href('backofficeQueue'), filtersFromSearch, searchFromFilters);
  const [result] = useLoad(search, (signal) => staffApi(endpoints.staff.entries.list, { query: apiQueryFromFilters(filters), signal }));
  const id = useId();
  const now = new Date();
  const open = result.state === 'ready' ? result.data.counts.under_review : null;
  useEffect(() => {
    // The navigation and the tab title (「(3) 審査キュー｜…」) show what this page read.
    if (open !== null) publishOpenEntries(open);
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ ...draft, offset: 0 });
  };

  return (
    <div className="bo-stack">
      <div className="bo-head">
        <h1>審査キュー</h1>
        <Badge kind={filters.status}>{ENTRY_STATUS_LABELS[filters.status]}</Badge>
      </div>
      {result.state === 'ready' && (
        <nav className="bo-tabs" aria-label="ステータス別の件数">
          {STATUS_NAMES.map((name) => (
            <Link
              key={name}
              to={`${href('backofficeQueue')}${searchFromFilters({ ...filters, status: name, offset: 0 })}`}
              aria-current={name === filters.status ? 'page' : undefined}
              className="bo-tab"
            >
              {ENTRY_STATUS_LABELS[name]} <span className="bo-tab__count">{`${result.data.counts[name]}件`}</span>
            </Link>
          ))}
        </nav>
      )}
      <form className="bo-panel bo-filters" onSubmit={submit} aria-label="絞り込み">
        <div className="bo-field">
          <label htmlFor={`${id}-status`}>ステータス</label>
          <select
            id={`${id}-status`}
            name="status"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as EntryStatusName })}
          >
            {STATUS_NAMES.map((name) => (
              <option key={name} value={name}>
                {ENTRY_STATUS_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
        <div className="bo-field">
          <label htmlFor={`${id}-order`}>並び順</label>
          <select
            id={`${id}-order`}
            name="order"
            value={draft.order}
            onChange={(e) => setDraft({ ...draft, order: e.target.value === 'newest' ? 'newest' : 'oldest' })}
          >
            <option value="oldest">受付の古い順</option>
            <option value="newest">受付の新しい順</option>
          </select>
        </div>
        {FILTER_FIELDS.map((field) => (
          <div className="bo-field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              inputMode="numeric"
              placeholder={field.placeholder}
              value={draft[field.name]}
              onChange={(e) => setDraft({ ...draft, [field.name]: e.target.value })}
            />
          </div>
        ))}
        <div className="bo-actions">
          <button type="submit" className="button button--primary">
            絞り込む
          </button>
          <Link to={href('backofficeQueue')} className="button button--secondary" onClick={() => setDraft(DEFAULT_FILTERS)}>
            条件をクリア
          </Link>
        </div>
      </form>
      <QueueResults result={result} filters={filters} now={now} onPage={(offset) => go({ ...filters, offset })} />
    </div>
  );
}

function QueueResults({
  result,
  filters,
  now,
  onPage,
}: {
  result: ReturnType<typeof useLoad<StaffEntryQueue>>[0];
  filters: QueueFilters;
  now: Date;
  onPage: (offset: number) => void;
}) {
  if (result.state !== 'ready') return <LoadPending result={result} loading="審査キューを読み込み中…" />;
  const { count, offset, results, wait_limit_hours: limitHours } = result.data;
  const from = count === 0 ? 0 : offset + 1;
  const to = offset + results.length;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const page = Math.floor(offset / PAGE_SIZE) + 1;
  return (
    <section aria-labelledby="bo-queue-results" className="bo-stack">
      <h2 id="bo-queue-results" className="bo-visually-hidden">
        一覧
      </h2>
      <p role="status" className="bo-muted" style={{ margin: 0 }}>
        {count === 0 ? '条件に合う申し込みはありません。' : `${count}件中 ${from}〜${to}件を表示`}
      </p>
      {results.length > 0 && (
        <ScrollTable labelledBy="bo-queue-caption">
          <caption id="bo-queue-caption" className="bo-visually-hidden">
            {`審査キュー（${ENTRY_STATUS_LABELS[filters.status]}、${filters.order === 'newest' ? '新しい順' : '古い順'}）`}
          </caption>
          <TableHead
            columns={['申込番号・担当', '申込者・会社', '申込日時（待ち時間）', '請求書', '額面合計', 'ステータス']}
            numeric={['請求書', '額面合計']}
          />
          <tbody>
            {results.map((item) => {
              const status = entryStatusName(item.status);
              const waiting = waitingLabel(item, now, limitHours);
              return (
                <tr key={item.id} className={waiting.overdue ? 'bo-row--overdue' : undefined}>
                  <td>
                    <Link className="bo-nowrap" to={href('backofficeEntry', { entryId: item.id })}>
                      {item.code}
                    </Link>
                    {/* In the first column: seen at 375 px too, where the table scrolls sideways. */}
                    <div className="bo-muted bo-small">{item.assignee_name === null ? '担当なし' : `担当：${item.assignee_name}`}</div>
                  </td>
                  <td>
                    {applicantName(item)}
                    {item.applicant.company_name && <div className="bo-muted bo-small">{item.applicant.company_name}</div>}
                  </td>
                  <td className="bo-nowrap">
                    <time dateTime={item.created_at}>{formatJst(item.created_at)}</time>
                    <div className={waiting.overdue ? 'bo-overdue bo-small' : 'bo-muted bo-small'}>
                      {waiting.text}
                      {waiting.overdue && `（目安の${limitHours}時間を超過）`}
                    </div>
                  </td>
                  <td className="bo-num">{`${item.claim_count}件`}</td>
                  <td className="bo-num">{formatYen(item.face_total)}</td>
                  <td>{status ? <Badge kind={status}>{ENTRY_STATUS_LABELS[status]}</Badge> : item.status}</td>
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
      {pages > 1 && (
        <Pager
          previous={{ label: '前のページ', go: offset === 0 ? null : () => onPage(Math.max(0, offset - PAGE_SIZE)) }}
          next={{ label: '次のページ', go: to >= count ? null : () => onPage(offset + PAGE_SIZE) }}
        >
          <span>{`${page} / ${pages} ページ`}</span>
        </Pager>
      )}
    </section>
  );
}
