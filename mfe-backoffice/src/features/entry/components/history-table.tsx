import type { StaffAuditEvent } from '@app/contracts';
import { describeHistoryEvent, historyTime, type HistoryContext } from '../../../model/history-words';

/** Who acted: a staff member by name, the applicant, an operator's command, or the system. */
export function actorLabel(event: Pick<StaffAuditEvent, 'actor' | 'actor_name'>): string {
  if (event.actor_name) return event.actor_name;
  const [kind, id] = (event.actor ?? '').split(':');
  if (kind === 'user') return '申込者';
  if (kind === 'operator') return `運用担当（${id ?? ''}）`;
  if (kind === 'staff') return `スタッフ（${id ?? ''}）`;
  return 'システム';
}

/**
 * The audit history of the entry and the applicant's identity reviews, oldest first, in words
 * (model/history-words.ts): when (JST), who, what was done to which document, what changed. The
 * stored record itself only for admins, behind a toggle under each row.
 */
export function HistoryTable({
  history,
  context,
  showRecord,
}: {
  history: readonly StaffAuditEvent[];
  context: HistoryContext;
  /** Whether the reader may open each row's stored record (admins). */
  showRecord: boolean;
}) {
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-history">
      <h2 id="bo-history">履歴（監査ログ）</h2>
      {history.length === 0 ? (
        <p className="bo-muted">履歴はまだありません。</p>
      ) : (
        <ol className="bo-history">
          {history.map((event) => {
            const words = describeHistoryEvent(event, context);
            return (
              <li key={event.id} className="bo-history__item">
                <p className="bo-history__meta">
                  <time dateTime={event.occurred_at}>{historyTime(event)}</time>
                  <span>{actorLabel(event)}</span>
                </p>
                <p className="bo-history__action">
                  <strong>{words.action}</strong>
                  {words.target !== null && <span>{`：${words.target}`}</span>}
                </p>
                {words.details.length > 0 && (
                  <ul className="bo-history__details">
                    {words.details.map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ul>
                )}
                {showRecord && (
                  <details className="bo-history__record">
                    <summary>記録の詳細（管理者のみ）</summary>
                    <pre className="bo-kv">
                      {JSON.stringify({ event: event.event, actor: event.actor, subject: event.subject_type, data: event.data }, null, 2)}
                    </pre>
                  </details>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
