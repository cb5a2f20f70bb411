import { useCallback, useEffect, useRef } from 'react';
import { href, todayInJapan, type PageProps } from '@app/shared';
import { type StaffApplicant, type StaffEntryDetail } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { ENTRY_STATUS_LABELS, entryStatusName, formatYen, sumYen } from '@app/contracts/domain';
import { formatDay, formatJst } from '../../model/format';
import { staffApi } from '../../staff/api';
import { useStaffSession } from '../../staff/session';
import { useLoad } from '../../staff/use-load';
import { BackLink, Badge, LoadFailedPage, Loading } from '../../ui/bits';
import { AssigneeBox } from './components/assignee-box';
import { ApplicantSection } from './components/applicant-section';
import { ClaimsSection } from './components/claims-section';
import { DocumentsSection } from './components/documents-section';
import { EntryActions } from './components/entry-actions';
import { HistoryTable } from './components/history-table';
import { IdentityNotice } from './components/identity-notice';
import { PayoutSection } from './components/payout-section';

/**
 * /backoffice/entries/:entryId: one entry as the reviewer works on it (`GET /api/staff/entries/{id}/`)
 * — the applicant and their identity, every document by group, each claim with its pricing, the
 * entry's actions and approval, the audit history. Every decision answers the whole entry view,
 * which replaces what the page shows. The page reads the entry again, in place (nothing typed is
 * lost), when the tab is shown again and after a refusal because someone else acted meanwhile
 * (409: 担当 or a document decided): the page then shows who has it and what was decided.
 */
export default function EntryPage({ params }: PageProps) {
  const entryId = params.entryId ?? '';
  const session = useStaffSession();
  const [result, replace] = useLoad(entryId, (signal) => staffApi(endpoints.staff.entries.get, { params: { id: entryId }, signal }));
  // Each answer shown counts; a re-read started before a newer answer arrived is not shown.
  const shown = useRef(0);
  const onChange = useCallback(
    (next: StaffEntryDetail) => {
      shown.current += 1;
      replace(next);
    },
    [replace],
  );
  const reread = useCallback(() => {
    const started = shown.current;
    staffApi(endpoints.staff.entries.get, { params: { id: entryId } }).then(
      (next) => {
        if (shown.current === started) onChange(next);
      },
      // The page stays as it is (the refusal that caused the re-read is still shown).
      () => undefined,
    );
  }, [entryId, onChange]);
  const ready = result.state === 'ready';
  useEffect(() => {
    if (!ready) return undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') reread();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [ready, reread]);
  const back = <BackLink to={href('backofficeQueue')}>← 審査キューへ戻る</BackLink>;
  if (result.state === 'loading') return <Loading label="申し込みを読み込み中…" />;
  if (result.state === 'error') return <LoadFailedPage back={back} what="申し込み" error={result} />;
  if (session.status !== 'staff') return null;
  const detail = result.data;
  const { entry } = detail;
  const status = entryStatusName(entry.status);
  const today = todayInJapan();
  const faceTotal = sumYen(entry.claims.map((c) => c.amount));
  const onApplicant = (applicant: StaffApplicant) => onChange({ ...detail, applicant });
  return (
    <div className="bo-stack">
      {back}
      <div className="bo-head">
        <h1>{`申し込み ${entry.code}`}</h1>
        {status && <Badge kind={status}>{ENTRY_STATUS_LABELS[status]}</Badge>}
      </div>
      <IdentityNotice applicant={detail.applicant} />
      <div className="bo-entry">
        {/* Who has the entry comes first (on a phone, before the long page; beside it on a wide screen). */}
        <div className="bo-entry__assignee">
          <AssigneeBox detail={detail} staff={session.staff} onChange={onChange} onStale={reread} />
        </div>
        <div className="bo-stack bo-entry__main">
          <section className="bo-panel" aria-labelledby="bo-summary">
            <h2 id="bo-summary" className="bo-visually-hidden">
              概要
            </h2>
            <dl className="bo-dl">
              <dt>申込者</dt>
              <dd>{`${detail.applicant.last_name} ${detail.applicant.first_name}${detail.applicant.company_name ? `（${detail.applicant.company_name}）` : ''}`}</dd>
              <dt>申込日時</dt>
              <dd>{formatJst(entry.created_at)}</dd>
              <dt>希望額</dt>
              <dd>{formatYen(entry.purchase_amount_desired)}</dd>
              <dt>額面合計</dt>
              <dd>{faceTotal ? `${formatYen(faceTotal)}（${entry.claims.length}件）` : '—'}</dd>
              <dt>資金使途</dt>
              <dd>{entry.purpose || '—'}</dd>
              {entry.description_of_inadequate_document && (
                <>
                  <dt>不備の内容</dt>
                  <dd style={{ whiteSpace: 'pre-wrap' }}>{entry.description_of_inadequate_document}</dd>
                </>
              )}
              {entry.contract_period && (
                <>
                  <dt>契約期限</dt>
                  <dd>{formatDay(entry.contract_period)}</dd>
                </>
              )}
            </dl>
          </section>
          <PayoutSection detail={detail} onChange={onChange} />
          <ApplicantSection applicant={detail.applicant} today={today} onChange={onApplicant} />
          <DocumentsSection detail={detail} onChange={onChange} onStale={reread} />
          <ClaimsSection detail={detail} onChange={onChange} />
          <HistoryTable history={detail.history} context={entry} showRecord={session.staff.role === 'admin'} />
        </div>
        <div className="bo-entry__side">
          <EntryActions detail={detail} staff={session.staff} today={today} onChange={onChange} />
        </div>
      </div>
    </div>
  );
}
