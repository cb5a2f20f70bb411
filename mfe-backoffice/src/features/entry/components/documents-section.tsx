import { useState } from 'react';
import { type StaffEntryDetail } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { ENTRY_STATUS, REVIEW_STATUS_LABELS, reviewStatusName } from '@app/contracts/domain';
import { staffApi } from '../../../staff/api';
import { useAction } from '../../../staff/use-action';
import { Badge, ServerMessage } from '../../../ui/bits';
import { documentGroupsOf, ungroupedFiles, type DocumentGroupView } from '../model/documents';
import { DocumentViewer } from './document-viewer';
import { BoField } from './fields';

/**
 * Every document of the entry, by group (入出金明細, 決算書等, then each claim's 請求書 and
 * 追加書類), each viewable in the page; while the entry is 審査中 each group is confirmed or found
 * inadequate with a reason the applicant reads (`POST /api/staff/entries/{id}/documents/`).
 */
export function DocumentsSection({
  detail,
  onChange,
  onStale,
}: {
  detail: StaffEntryDetail;
  onChange: (detail: StaffEntryDetail) => void;
  /** After a 409 (decided by someone else meanwhile): the page reads the entry again. */
  onStale?: (() => void) | undefined;
}) {
  const groups = documentGroupsOf(detail.entry);
  const others = ungroupedFiles(detail.entry);
  const decidable = detail.entry.status === ENTRY_STATUS.under_review;
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-documents">
      <h2 id="bo-documents">提出書類</h2>
      {!decidable && <p className="bo-muted">書類の判定は審査中の申し込みでのみ行えます。</p>}
      {groups.map((group) => (
        <DocumentGroupBox
          key={group.key}
          entryId={detail.entry.id}
          group={group}
          decidable={decidable}
          onChange={onChange}
          onStale={onStale}
        />
      ))}
      {others.length > 0 && (
        <div className="bo-group">
          <h3>その他のファイル</h3>
          <ul className="bo-files">
            {others.map((file) => (
              <DocumentViewer key={file.id} file={file} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function DocumentGroupBox({
  entryId,
  group,
  decidable,
  onChange,
  onStale,
}: {
  entryId: number;
  group: DocumentGroupView;
  decidable: boolean;
  onChange: (detail: StaffEntryDetail) => void;
  onStale: (() => void) | undefined;
}) {
  const [reason, setReason] = useState(group.inadequateReason ?? '');
  const action = useAction(['reason'], { onConflict: onStale });
  const statusName = reviewStatusName(group.status) ?? 'nothing';
  const headingId = `bo-group-${group.key}`;
  const decide = (decision: 'confirmed' | 'inadequate') =>
    action.run(async () => {
      const body = {
        group: group.group,
        ...(group.claimId === null ? {} : { claim_id: group.claimId }),
        decision,
        ...(decision === 'inadequate' ? { reason } : {}),
        // What this page shows: a decision made meanwhile by someone else is refused (409), not overwritten.
        seen_status: group.status,
      };
      onChange(await staffApi(endpoints.staff.entries.documents, { params: { id: String(entryId) }, body }));
    });
  return (
    <div className="bo-group" role="group" aria-labelledby={headingId}>
      <div className="bo-group__head">
        <h3 id={headingId}>{group.title}</h3>
        <Badge kind={statusName}>{REVIEW_STATUS_LABELS[group.status]}</Badge>
      </div>
      {group.inadequateReason && <p className="bo-note">{`不備の理由：${group.inadequateReason}`}</p>}
      {group.files.length > 0 ? (
        <ul className="bo-files">
          {group.files.map((file) => (
            <DocumentViewer key={file.id} file={file} />
          ))}
        </ul>
      ) : (
        <p className="bo-muted">ファイルはありません。</p>
      )}
      {decidable && (
        <div className="bo-decision">
          <BoField label={`${group.title}の不備の理由（不備にするとき。申込者に伝わります）`} error={action.fieldErrors.reason}>
            {(props) => <textarea {...props} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />}
          </BoField>
          <ServerMessage message={action.error} />
          <div className="bo-actions">
            <button type="button" className="button button--primary" disabled={action.busy} onClick={() => decide('confirmed')}>
              確認済にする
            </button>
            <button type="button" className="button button--secondary" disabled={action.busy} onClick={() => decide('inadequate')}>
              不備にする
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
