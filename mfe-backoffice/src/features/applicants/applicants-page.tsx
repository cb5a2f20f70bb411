import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { href } from '@app/shared';
import { type StaffApplicantListItem, type StaffApplicantSearch } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { REVIEW_STATUS, REVIEW_STATUS_LABELS, type ReviewStatusName } from '@app/contracts/domain';
import { formatJst } from '../../model/format';
import { staffApi } from '../../staff/api';
import { useLoad } from '../../staff/use-load';
import { useUrlFilters } from '../../staff/use-url-filters';
import { Badge, LoadPending, Pager, ScrollTable, TableHead } from '../../ui/bits';
import { EMPTY_FILTERS, apiQueryFromFilters, filtersFromSearch, searchFromFilters, type ApplicantFilters } from './search';
import { IdentityBadge } from '../entry/components/identity-badge';
import { ensureDeskStyles } from './styles';

const IDENTITY_NAMES = Object.keys(REVIEW_STATUS) as ReviewStatusName[];
const CHECK_FILTERS = [
  { key: 'openEntry', name: 'open_entry', label: 'お申し込み中あり' },
  { key: 'delinquent', name: 'delinquent', label: '支払遅延あり' },
] as const;

export const personName = (item: { last_name: string; first_name: string }): string => `${item.last_name} ${item.first_name}`.trim();

/**
 * /backoffice/applicants: find any applicant (`GET /api/staff/applicants/`) by company name, person's
 * name (kana however typed: ｻｸﾗ, さくら and サクラ alike), mail address, phone number or 申込番号, with
 * filters; newest applicants first, 50 a page (keyset: 「次の50件」 follows the last one shown).
 */
export default function ApplicantsPage() {
  ensureDeskStyles();
  const { search, filters, draft, setDraft, go } = useUrlFilters(href('backofficeApplicants'), filtersFromSearch, searchFromFilters);
  const [result] = useLoad(search, (signal) =>
    staffApi(endpoints.staff.applicants.search, { query: apiQueryFromFilters(filters), signal }),
  );
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ ...draft, cursor: '' });
  };
  return (
    <div className="bo-stack">
      <div className="bo-head">
        <h1>申込者の検索</h1>
      </div>
      <form className="bo-panel bo-search" onSubmit={submit} role="search" aria-label="申込者の検索">
        <div className="bo-field bo-search__q">
          <label htmlFor={`${id}-q`}>会社名・氏名・メールアドレス・電話番号・申込番号</label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            maxLength={100}
            aria-describedby={`${id}-q-hint`}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
          <p className="bo-field__hint" id={`${id}-q-hint`}>
            前方一致（会社名は「株式会社」などを除いた名前から）。カナは全角・半角・ひらがなのどれでも探せます。
          </p>
        </div>
        <div className="bo-field">
          <label htmlFor={`${id}-identity`}>本人確認</label>
          <select
            id={`${id}-identity`}
            name="identity"
            value={draft.identity}
            onChange={(e) => setDraft({ ...draft, identity: (e.target.value as ReviewStatusName | '') || '' })}
          >
            <option value="">すべて</option>
            {IDENTITY_NAMES.map((name) => (
              <option key={name} value={name}>
                {REVIEW_STATUS_LABELS[REVIEW_STATUS[name]]}
              </option>
            ))}
          </select>
        </div>
        {CHECK_FILTERS.map(({ key, name, label }) => (
          <label key={name} className="bo-check">
            <input type="checkbox" name={name} checked={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })} />
            {label}
          </label>
        ))}
        <div className="bo-actions">
          <button type="submit" className="button button--primary">
            検索
          </button>
          <Link to={href('backofficeApplicants')} className="button button--secondary" onClick={() => setDraft(EMPTY_FILTERS)}>
            条件をクリア
          </Link>
        </div>
      </form>
      <Results result={result} filters={filters} onPage={go} />
    </div>
  );
}

function Results({
  result,
  filters,
  onPage,
}: {
  result: ReturnType<typeof useLoad<StaffApplicantSearch>>[0];
  filters: ApplicantFilters;
  onPage: (filters: ApplicantFilters) => void;
}) {
  if (result.state !== 'ready') return <LoadPending result={result} loading="申込者を検索中…" />;
  const { results, next_cursor: next } = result.data;
  const searched = filters.q.trim() !== '' || filters.identity !== '' || filters.openEntry || filters.delinquent;
  return (
    <section aria-labelledby="bo-applicants-results" className="bo-stack">
      <h2 id="bo-applicants-results" className="bo-visually-hidden">
        検索結果
      </h2>
      <p role="status" className="bo-muted" style={{ margin: 0 }}>
        {results.length === 0
          ? searched
            ? '条件に合う申込者はいません。'
            : '申込者はまだいません。'
          : `${results.length}人を表示（登録の新しい順${next === null ? '' : '、続きがあります'}）`}
      </p>
      {results.length > 0 && (
        <>
          <div className="bo-desk-table">
            <ScrollTable labelledBy="bo-applicants-caption">
              <caption id="bo-applicants-caption" className="bo-visually-hidden">
                申込者の一覧
              </caption>
              <TableHead columns={['申込者・会社', '連絡先', '本人確認', 'お申し込み中', '登録日時']} numeric={['お申し込み中']} />
              <tbody>
                {results.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <Link to={href('backofficeApplicant', { applicantId: item.id })}>{item.company_name || personName(item)}</Link>
                      {item.company_name && <div className="bo-muted bo-small">{personName(item)}</div>}
                    </td>
                    <td>
                      <div>{item.email}</div>
                      {item.office_phone && <div className="bo-muted bo-small">{item.office_phone}</div>}
                    </td>
                    <td>
                      <IdentityBadge status={item.identity_confirmation} />
                      {item.delinquent && (
                        <div>
                          <Badge kind="delay">支払遅延あり</Badge>
                        </div>
                      )}
                    </td>
                    <td className="bo-num">{`${item.open_entry_count}件`}</td>
                    <td className="bo-nowrap">
                      <time dateTime={item.created_at}>{formatJst(item.created_at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </div>
          <ul className="bo-cards bo-desk-cards" aria-label="申込者の一覧">
            {results.map((item) => (
              <ApplicantCard key={item.id} item={item} />
            ))}
          </ul>
        </>
      )}
      {(filters.cursor !== '' || next !== null) && (
        <Pager
          previous={{ label: '最初のページ', go: filters.cursor === '' ? null : () => onPage({ ...filters, cursor: '' }) }}
          next={{ label: '次の50件', go: next === null ? null : () => onPage({ ...filters, cursor: String(next) }) }}
        />
      )}
    </section>
  );
}

function ApplicantCard({ item }: { item: StaffApplicantListItem }) {
  return (
    <li className="bo-card">
      <Link className="bo-card__title" to={href('backofficeApplicant', { applicantId: item.id })}>
        {item.company_name || personName(item)}
      </Link>
      {item.company_name && <span>{personName(item)}</span>}
      <span className="bo-muted" style={{ overflowWrap: 'anywhere' }}>
        {item.email}
      </span>
      {item.office_phone && <span className="bo-muted">{item.office_phone}</span>}
      <div className="bo-card__meta">
        <IdentityBadge status={item.identity_confirmation} />
        {item.delinquent && <Badge kind="delay">支払遅延あり</Badge>}
        <span className="bo-small">{`お申し込み中 ${item.open_entry_count}件`}</span>
      </div>
    </li>
  );
}
