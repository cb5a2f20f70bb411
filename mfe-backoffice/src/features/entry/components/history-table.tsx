import type { StaffAuditEvent } from '@app/shared/contracts';
import { formatJst } from '../../../model/format';

/** `{status: 1, reason: "…"}` → `status: 1 / reason: …` (the audit row's own keys and values). */
export function describeChange(values: Readonly<Record<string, unknown>> | null): string {
  if (values === null) return '';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' / ');
}

const who = (event: StaffAuditEvent): string => event.actor_name ?? event.actor ?? 'システム';

/** The audit history of the entry and the applicant's identity reviews, oldest first (JST). */
export function HistoryTable({ history }: { history: readonly StaffAuditEvent[] }) {
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-history">
      <h2 id="bo-history">履歴（監査ログ）</h2>
      {history.length === 0 ? (
        <p className="bo-muted">履歴はまだありません。</p>
      ) : (
        // A table wider than a phone scrolls sideways: its region takes focus so a keyboard can scroll it
        // (WCAG 2.1.1; axe scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="bo-table-wrap" tabIndex={0} role="region" aria-labelledby="bo-history">
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">日時</th>
                <th scope="col">担当</th>
                <th scope="col">操作</th>
                <th scope="col">変更前 → 変更後</th>
              </tr>
            </thead>
            <tbody>
              {history.map((event) => {
                const before = describeChange(event.before);
                const after = describeChange(event.after);
                return (
                  <tr key={event.id}>
                    <td className="bo-nowrap">
                      <time dateTime={event.occurred_at}>{formatJst(event.occurred_at)}</time>
                    </td>
                    <td>{who(event)}</td>
                    <td>
                      <code>{event.event}</code>
                    </td>
                    <td>
                      {before || after ? (
                        <p className="bo-kv">
                          {before || '—'}
                          {' → '}
                          {after || '—'}
                        </p>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
