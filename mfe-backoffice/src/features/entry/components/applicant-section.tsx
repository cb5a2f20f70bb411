import { useState, type FormEvent } from 'react';
import { type StaffApplicant } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { IDENTITY_DOCUMENT_RULES, IDENTITY_SIDE_LABELS, REVIEW_STATUS, reviewStatusOrDefault } from '@app/contracts/domain';
import { formatDay } from '../../../model/format';
import { staffApi } from '../../../staff/api';
import { useAction } from '../../../staff/use-action';
import { ServerMessage } from '../../../ui/bits';
import { DocumentViewer } from './document-viewer';
import { IdentityBadge } from './identity-badge';
import { BoField } from './fields';

const DIVISION_LABELS = { corporate: '法人', individual: '個人事業主', none: '未設定' } as const;

const address = (zip: string, prefecture: string, city: string, building: string) =>
  [zip ? `〒${zip.replace(/^(\d{3})(\d{4})$/, '$1-$2')}` : '', prefecture, city, building].filter(Boolean).join(' ');

/** The kind of identity document the applicant chose (— before they chose one). */
export const identityDocumentLabel = (applicant: StaffApplicant): string =>
  applicant.identity_document_type ? IDENTITY_DOCUMENT_RULES[applicant.identity_document_type].label : '—';

/** The identity document's files, each named with its side (表面：…) and viewable in place. */
export function IdentityFiles({ files, label }: { files: StaffApplicant['identity_files']; label: string }) {
  return (
    <ul className="bo-files" aria-label={label}>
      {files.map((file) => (
        <DocumentViewer
          key={file.id}
          file={{ ...file, name: file.side ? `${IDENTITY_SIDE_LABELS[file.side]}：${file.name}` : file.name }}
        />
      ))}
    </ul>
  );
}

/** The applicant's profile and identity document, with the identity decision while 確認中. */
export function ApplicantSection({
  applicant,
  today,
  onChange,
}: {
  applicant: StaffApplicant;
  today: string;
  onChange: (applicant: StaffApplicant) => void;
}) {
  const status = reviewStatusOrDefault(applicant.identity_confirmation);
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-applicant">
      <h2 id="bo-applicant">申込者</h2>
      <div className="bo-grid-2">
        <dl className="bo-dl">
          <dt>氏名</dt>
          <dd>{`${applicant.last_name} ${applicant.first_name}`}</dd>
          <dt>区分</dt>
          <dd>{DIVISION_LABELS[applicant.corporate_division]}</dd>
          {applicant.company_name && (
            <>
              <dt>会社名</dt>
              <dd>{applicant.company_name}</dd>
            </>
          )}
          <dt>メール</dt>
          <dd>{applicant.email}</dd>
          <dt>会社電話</dt>
          <dd>{applicant.office_phone || '—'}</dd>
          <dt>会社住所</dt>
          <dd>
            {address(applicant.office_zipcode, applicant.office_prefecture, applicant.office_city, applicant.office_building_number) || '—'}
          </dd>
          <dt>代表者電話</dt>
          <dd>{applicant.owner_phone || '—'}</dd>
          <dt>代表者住所</dt>
          <dd>
            {address(applicant.owner_zipcode, applicant.owner_prefecture, applicant.owner_city, applicant.owner_building_number) || '—'}
          </dd>
        </dl>
        <div className="bo-stack">
          <h3>本人確認</h3>
          <dl className="bo-dl">
            <dt>状態</dt>
            <dd>
              <IdentityBadge status={status} prefix="" />
            </dd>
            <dt>書類の種類</dt>
            <dd>{identityDocumentLabel(applicant)}</dd>
            <dt>有効期限</dt>
            <dd>{formatDay(applicant.identity_valid_date) || '—'}</dd>
          </dl>
          {applicant.identity_files.length > 0 ? (
            <IdentityFiles files={applicant.identity_files} label="本人確認書類" />
          ) : (
            <p className="bo-muted">本人確認書類はまだ提出されていません。</p>
          )}
          {status === REVIEW_STATUS.confirming && <IdentityDecision applicant={applicant} today={today} onChange={onChange} />}
        </div>
      </div>
    </section>
  );
}

export function IdentityDecision({
  applicant,
  today,
  onChange,
  label = '本人確認の判定',
}: {
  applicant: StaffApplicant;
  today: string;
  onChange: (applicant: StaffApplicant) => void;
  /** The form's name (unique on a page that lists several applicants). */
  label?: string;
}) {
  const [decision, setDecision] = useState<'confirmed' | 'inadequate'>('confirmed');
  const [validDate, setValidDate] = useState('');
  const [reason, setReason] = useState('');
  const action = useAction(['valid_date', 'reason']);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    action.run(async () => {
      const body = decision === 'confirmed' ? { decision, valid_date: validDate } : { decision, reason };
      onChange(await staffApi(endpoints.staff.users.identity, { params: { id: String(applicant.id) }, body }));
    });
  };
  return (
    <form className="bo-decision" onSubmit={submit} aria-label={label}>
      <fieldset className="bo-field">
        <legend>本人確認の判定</legend>
        <div className="bo-choices">
          <label>
            <input type="radio" name="identity-decision" checked={decision === 'confirmed'} onChange={() => setDecision('confirmed')} />
            確認済み
          </label>
          <label>
            <input type="radio" name="identity-decision" checked={decision === 'inadequate'} onChange={() => setDecision('inadequate')} />
            不備
          </label>
        </div>
      </fieldset>
      {decision === 'confirmed' ? (
        <BoField label="有効期限" error={action.fieldErrors.valid_date} hint="本人確認書類に記載の有効期限（今日以降）">
          {(props) => <input {...props} type="date" min={today} value={validDate} onChange={(e) => setValidDate(e.target.value)} />}
        </BoField>
      ) : (
        <BoField label="不備の理由（申込者に伝わります）" error={action.fieldErrors.reason}>
          {(props) => <textarea {...props} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />}
        </BoField>
      )}
      <ServerMessage message={action.error} />
      <div className="bo-actions">
        <button type="submit" className="button button--primary" disabled={action.busy}>
          本人確認の判定を保存
        </button>
      </div>
    </form>
  );
}
