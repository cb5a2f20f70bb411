import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { href, todayInJapan, type PageProps } from '@app/shared';
import { type StaffApplicant, type StaffApplicantDetail, type StaffNote } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { ENTRY_STATUS_LABELS, entryStatusName, formatYen } from '@app/contracts/domain';
import { formatJst } from '../../model/format';
import { staffApi } from '../../staff/api';
import { useAction } from '../../staff/use-action';
import { useLoad } from '../../staff/use-load';
import { BackLink, Badge, LoadFailedPage, Loading, ServerMessage } from '../../ui/bits';
import { ApplicantSection } from '../entry/components/applicant-section';
import { personName } from './applicants-page';
import { ensureDeskStyles } from './styles';

/**
 * /backoffice/applicants/:applicantId: one applicant (`GET /api/staff/applicants/{id}/`) — the profile
 * and identity documents with the same review controls as in an entry, every entry with its status,
 * the mails sent to them (from the mail record: subject and time) and the staff notes (internal,
 * never shown to the applicant).
 */
export default function ApplicantPage({ params }: PageProps) {
  ensureDeskStyles();
  const applicantId = params.applicantId ?? '';
  const [result, replace] = useLoad(applicantId, (signal) =>
    staffApi(endpoints.staff.applicants.get, { params: { id: applicantId }, signal }),
  );
  const back = <BackLink to={href('backofficeApplicants')}>← 申込者の検索へ戻る</BackLink>;
  if (result.state === 'loading') return <Loading label="申込者を読み込み中…" />;
  if (result.state === 'error') return <LoadFailedPage back={back} what="申込者" error={result} />;
  const detail = result.data;
  const { applicant } = detail;
  const onApplicant = (next: StaffApplicant) => replace({ ...detail, applicant: next });
  const onNote = (note: StaffNote) => replace({ ...detail, notes: [note, ...detail.notes] });
  return (
    <div className="bo-stack">
      {back}
      <div className="bo-head">
        <h1>{applicant.company_name || personName(applicant)}</h1>
        <span className="bo-muted">{`登録 ${formatJst(detail.created_at)}`}</span>
      </div>
      <ApplicantSection applicant={applicant} today={todayInJapan()} onChange={onApplicant} />
      <EntriesPanel entries={detail.entries} />
      <div className="bo-grid-2">
        <NotesPanel applicantId={applicant.id} notes={detail.notes} onAdded={onNote} />
        <MailsPanel mails={detail.mails} />
      </div>
    </div>
  );
}

function EntriesPanel({ entries }: { entries: StaffApplicantDetail['entries'] }) {
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-applicant-entries">
      <h2 id="bo-applicant-entries">{`お申し込み（${entries.length}件）`}</h2>
      {entries.length === 0 ? (
        <p className="bo-muted" style={{ margin: 0 }}>
          お申し込みはまだありません。
        </p>
      ) : (
        <ul className="bo-plain-list">
          {entries.map((entry) => {
            const status = entryStatusName(entry.status);
            return (
              <li key={entry.id}>
                <Link to={href('backofficeEntry', { entryId: entry.id })}>{`申込番号 ${entry.code}`}</Link>
                {status && <Badge kind={status}>{ENTRY_STATUS_LABELS[status]}</Badge>}
                <span className="bo-muted bo-small">{`${formatJst(entry.created_at)}・希望額 ${formatYen(entry.purchase_amount_desired)}`}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function MailsPanel({ mails }: { mails: StaffApplicantDetail['mails'] }) {
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-applicant-mails">
      <h2 id="bo-applicant-mails">送ったメール</h2>
      <p className="bo-field__hint">送信の記録（件名と日時、新しい順）。本文は記録していません。</p>
      {mails.length === 0 ? (
        <p className="bo-muted" style={{ margin: 0 }}>
          送ったメールの記録はありません。
        </p>
      ) : (
        <ul className="bo-plain-list">
          {mails.map((mail) => (
            <li key={mail.id}>
              <time className="bo-nowrap bo-small" dateTime={mail.sent_at}>
                {formatJst(mail.sent_at)}
              </time>
              <span style={{ overflowWrap: 'anywhere' }}>{mail.subject}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NotesPanel({
  applicantId,
  notes,
  onAdded,
}: {
  applicantId: number;
  notes: readonly StaffNote[];
  onAdded: (note: StaffNote) => void;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const action = useAction(['body']);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    action.run(async () => {
      const note = await staffApi(endpoints.staff.applicants.addNote, { params: { id: String(applicantId) }, body: { body } });
      onAdded(note);
      setBody('');
    });
  };
  const error = action.fieldErrors.body;
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-applicant-notes">
      <h2 id="bo-applicant-notes">スタッフメモ</h2>
      <form className="bo-decision" onSubmit={submit} aria-label="スタッフメモを追加">
        <div className="bo-field">
          <label htmlFor={`${id}-note`}>メモ（社内用。申込者には表示されません）</label>
          <textarea
            id={`${id}-note`}
            value={body}
            maxLength={2000}
            onChange={(e) => setBody(e.target.value)}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-note-error` } : {})}
          />
          {error && (
            <p className="bo-error" id={`${id}-note-error`}>
              {error}
            </p>
          )}
        </div>
        <ServerMessage message={action.error} />
        <div className="bo-actions">
          <button type="submit" className="button button--primary" disabled={action.busy}>
            メモを追加
          </button>
        </div>
      </form>
      {notes.length === 0 ? (
        <p className="bo-muted" style={{ margin: 0 }}>
          メモはまだありません。
        </p>
      ) : (
        <ul className="bo-notes" aria-label="メモの一覧">
          {notes.map((note) => (
            <li key={note.id}>
              <p>{note.body}</p>
              <span className="bo-muted bo-small">{`${note.staff_name}・${formatJst(note.created_at)}`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
