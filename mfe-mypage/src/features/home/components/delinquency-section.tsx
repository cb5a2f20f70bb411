import { useState } from 'react';
import { ApiError, api } from '@app/shared';
import { type Upload } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { UploadField } from '@app/shared/upload';
import type { Resource } from '../api/use-resource';
import { formatDate, isoDay } from '../model/format';
import { QuietError, Section, Skeleton } from './section';

/**
 * 滞納に関する書類: for applicants paying tax or social insurance arrears in instalments. They upload
 * the documents (kind `delinquency`, the shared upload field) and submit them, which activates them
 * (`PATCH /api/uploads/active_delinquency/`). Submitted (active) files are listed apart; files
 * uploaded but not submitted stay in the field, where they can still be removed.
 */
export function DelinquencySection({
  documents,
  onDocumentsChange,
  onRetry,
}: {
  /** The applicant's delinquency uploads. */
  readonly documents: Resource<readonly Upload[]>;
  readonly onDocumentsChange: (documents: readonly Upload[]) => void;
  readonly onRetry: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const all = documents.status === 'ready' ? documents.data : [];
  const submitted = all.filter((d) => d.active);
  const waiting = all.filter((d) => !d.active);

  const submit = () => {
    if (waiting.length === 0 || busy) return;
    setBusy(true);
    setError(null);
    setStatus('');
    api(endpoints.uploads.activeDelinquency, { body: { ids: waiting.map((d) => d.id) } })
      .then((list) => {
        onDocumentsChange(list);
        setStatus(`${waiting.length}件の書類を提出しました。`);
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : '提出できませんでした。時間をおいて、もう一度お試しください。'))
      .finally(() => setBusy(false));
  };

  return (
    <Section id="delinquency" title="滞納に関する書類" busy={documents.status === 'loading'}>
      <p className="mp-card__lead">
        税金や社会保険料の分納・猶予の手続きをされている方は、手続きの内容がわかる書類（分納の承認通知書や納付計画書など）をご提出ください。あてはまらない方は、ご対応いただく必要はありません。
      </p>
      {documents.status === 'loading' && <Skeleton label="滞納に関する書類" kind="upload" />}
      {documents.status === 'failed' && <QuietError what="滞納に関する書類" onRetry={onRetry} />}
      {documents.status === 'ready' && (
        <>
          {submitted.length > 0 && (
            <>
              <h3 className="mp-subheading" id="delinquency-submitted">
                提出済みの書類
              </h3>
              <ul className="mp-docs" aria-labelledby="delinquency-submitted">
                {submitted.map((d) => (
                  <li key={d.id} className="mp-doc">
                    <span className="mp-doc__name">{d.name}</span>
                    <span>
                      <span className="mp-doc__date">
                        アップロード日：<time dateTime={isoDay(d.created_at)}>{formatDate(d.created_at)}</time>
                      </span>{' '}
                      <span className="mp-badge mp-badge--done">✓ 提出済み</span>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <UploadField
            uploadKey="delinquency"
            label={submitted.length > 0 ? '追加で提出する書類' : '提出する書類'}
            description="ファイルを選ぶとアップロードされます。内容を確かめてから「提出する」を押してください。"
            multiple
            files={waiting}
            onFilesChange={(files) => onDocumentsChange([...submitted, ...files])}
          />
          <div className="mp-submit">
            {error && (
              <p className="mp-error" role="alert">
                {error}
              </p>
            )}
            <p role="status">{status}</p>
            {waiting.length > 0 && <p>アップロードした書類は、まだ提出されていません。</p>}
            {waiting.length > 0 && (
              <button type="button" className="button button--secondary" onClick={submit} disabled={busy} aria-busy={busy || undefined}>
                {busy ? '提出しています…' : `${waiting.length}件の書類を提出する`}
              </button>
            )}
          </div>
        </>
      )}
    </Section>
  );
}
