import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, AppLink, ConfirmDialog, href, type PageProps } from '@app/shared';
import type { Entry } from '@app/contracts';
import { ENTRY_STATUS, canTransitionEntry, isEntryCancellable, reviewKind } from '@app/contracts/domain';
import { entryLifeApi } from './api/entry-life-api';
import { ClaimCard } from './components/claim-card';
import { ContractPartySection } from './components/contract-party';
import { EntryPage } from './components/entry-gate';
import { DesiredRows, EntrySummary } from './components/entry-summary';
import { FactsSection, PageSection, PayoutAccountSection } from './components/page-section';
import { PayoutChange, canChangePayout } from './components/payout-change';
import { StatusTimeline } from './components/status-timeline';
import { formatDay } from './model/format';
import { inadequateItems, itemTitle } from './model/inadequate';
import { closingOf } from './model/timeline';
import { DIALOG_CLASSES } from './styles';

/** What the applicant does next (or waits for), with the one button that does it. */
function NextAction({ entry }: { readonly entry: Entry }) {
  const id = entry.id;
  const items = inadequateItems(entry);
  const download = entry.has_contract_document && (
    <a className="button button--secondary" href={entryLifeApi.contractDocumentUrl(id)} download={`契約書_${entry.code}.pdf`}>
      契約書（PDF）をダウンロード
    </a>
  );
  if (reviewKind(entry.status) === 'resubmit') {
    return (
      <PageSection id="next" title="次のお手続き：書類の再提出" tone="todo">
        <p>
          審査の途中で、次の書類に不備が見つかりました。不備のある書類だけを再提出してください。そのほかの書類とご入力内容はそのまま引き継がれます。
        </p>
        <h3 id="issues-heading" className="visually-hidden">
          不備のある書類
        </h3>
        {items.length > 0 ? (
          <ul className="el-issues" aria-labelledby="issues-heading">
            {items.map((item) => (
              <li key={item.key} className="el-issue">
                <p className="el-issue__title">{itemTitle(item)}</p>
                <p className="el-issue__reason">
                  <span className="visually-hidden">不備の理由：</span>
                  {item.reason}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          entry.description_of_inadequate_document && <p className="el-issue__reason">{entry.description_of_inadequate_document}</p>
        )}
        <div className="el-actions">
          <AppLink className="button button--primary" to={href('entryResubmit', { entryId: id })}>
            書類を再提出する
          </AppLink>
        </div>
      </PageSection>
    );
  }
  if (canTransitionEntry(entry.status, 'contract')) {
    return (
      <PageSection id="next" title="次のお手続き：ご契約" tone="todo">
        <p>審査が完了しました。買取金額と手数料の内訳をご確認のうえ、期限までにご契約ください。</p>
        {entry.contract_period && (
          <p>
            ご契約の期限：
            <span className="el-nowrap">
              <span className="el-deadline">{formatDay(entry.contract_period)}</span>まで
            </span>
          </p>
        )}
        <div className="el-actions">
          <AppLink className="button button--primary" to={href('entryContract', { entryId: id })}>
            買取条件を確認して契約する
          </AppLink>
        </div>
      </PageSection>
    );
  }
  const text: Readonly<Record<number, string>> = {
    [ENTRY_STATUS.under_review]:
      'お送りいただいた書類をもとに審査しています。結果はメールでお知らせします。いまお手続きいただくことはありません。',
    [ENTRY_STATUS.contracted]:
      'ご契約ありがとうございます。お振込みの手続きを進めています。お振込みが済みましたら、メールでお知らせします。',
    [ENTRY_STATUS.transferred]: 'お振込みが完了しました。売掛先から入金がありましたら、ご契約のとおり回収金をお引き渡しください。',
  };
  const body = entry.status === ENTRY_STATUS.archived ? `${closingOf(entry).note}。` : (text[entry.status] ?? '');
  return (
    <PageSection id="next" title="現在の状況">
      <p>{body}</p>
      {download && <div className="el-actions">{download}</div>}
    </PageSection>
  );
}

function CancelSection({ entry, onCancelled }: { readonly entry: Entry; readonly onCancelled: (entry: Entry) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setBusy(true);
    setError(null);
    entryLifeApi.cancel(String(entry.id)).then(
      (cancelled) => onCancelled(cancelled),
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof ApiError ? failure.message : 'エラーが発生しました。時間をおいて、もう一度お試しください。');
      },
    );
  };
  return (
    <PageSection id="cancel" title="お申し込みの取り消し">
      <p>ご契約の前であれば、このお申し込みを取り消せます。取り消したお申し込みは元に戻せません。</p>
      <div className="el-actions">
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          お申し込みを取り消す
        </button>
      </div>
      {open && (
        <ConfirmDialog
          title="お申し込みを取り消しますか？"
          confirmLabel="取り消す"
          cancelLabel="戻る"
          busy={busy}
          busyLabel="取り消し中…"
          error={error}
          classes={DIALOG_CLASSES}
          onConfirm={confirm}
          onClose={() => {
            setOpen(false);
            setError(null);
          }}
        >
          <p>申込番号 {entry.code} のお申し込みを取り消します。取り消すと元に戻せません。審査中の書類もすべて取り下げとなります。</p>
        </ConfirmDialog>
      )}
    </PageSection>
  );
}

/** /entry/detail/{entryId}: the entry's status as a timeline, its claims, what is inadequate and why, and the next action. */
export default function EntryDetailPage({ params }: PageProps) {
  const navigate = useNavigate();
  return (
    <EntryPage params={params} title="お申し込み内容">
      {(entry, replace) => (
        <>
          <EntrySummary entry={entry} />
          <NextAction entry={entry} />
          <PageSection id="timeline" title="審査の状況">
            <StatusTimeline entry={entry} labelledBy="timeline-heading" />
          </PageSection>
          <PageSection id="claims" title={`請求書（${entry.claims.length}件）`}>
            <ul className={`el-claims${entry.claims.length > 1 ? ' el-claims--two' : ''}`} aria-labelledby="claims-heading">
              {entry.claims.map((claim) => (
                <ClaimCard key={claim.id} claim={claim} />
              ))}
            </ul>
          </PageSection>
          <FactsSection id="entry" title="お申し込みの内容" facts={<DesiredRows entry={entry} />} />
          <ContractPartySection party={entry.contract_party} />
          <PayoutAccountSection account={entry.bank_account}>
            {(canChangePayout(entry) || entry.payout_hold_at !== null) && <PayoutChange entry={entry} onChanged={replace} />}
          </PayoutAccountSection>
          {isEntryCancellable(entry.status) && (
            <CancelSection
              entry={entry}
              onCancelled={(cancelled) => void navigate(href('entryCancelComplete'), { state: { code: cancelled.code } })}
            />
          )}
          <p>
            <AppLink to={href('mypage')}>マイページへ戻る</AppLink>
          </p>
        </>
      )}
    </EntryPage>
  );
}
