import type { StaffAuditEvent } from '@app/shared/contracts';
import { formatJst } from '../../../model/format';
import { ScrollTable } from '../../../ui/bits';

/** `{status: 1, reason: "…"}` → `status: 1 / reason: …` (the audit row's own keys and values). */
export function describeChange(values: Readonly<Record<string, unknown>> | null): string {
  if (values === null) return '';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' / ');
}

/** What the audit log's events mean, in Japanese (an event not listed shows its code). */
export const AUDIT_EVENT_LABELS: Readonly<Record<string, string>> = {
  'entry.created': '申し込み',
  'entry.resubmitted': '書類の再提出',
  'entry.cancelled': '申込者による取り消し',
  'entry.contracted': '契約（署名）',
  'entry.document_reviewed': '書類の判定',
  'entry.marked_inadequate': '不備として差し戻し',
  'entry.approved': '買取条件の承認',
  'entry.rejected': 'お断り',
  'entry.transferred': '入金',
  'entry.archived': '終了',
  'entry.contract_viewed_by_staff': '契約書の閲覧（スタッフ）',
  'entry.bank_account_changed': '振込先口座の変更（入金保留）',
  'entry.bank_account_confirmed': '変更後の振込先口座の確認',
  'claim.decided': '買取可否の判定',
  'claim.delayed': '支払遅延',
  'claim.returned': '回収',
  'identity.submitted': '本人確認書類の提出',
  'identity.reviewed': '本人確認の判定',
  'upload.viewed_by_staff': 'ファイルの閲覧（スタッフ）',
};

/** Who acted: a staff member by name, the applicant, an operator's command, or the system. */
export function actorLabel(event: Pick<StaffAuditEvent, 'actor' | 'actor_name'>): string {
  if (event.actor_name) return event.actor_name;
  const [kind, id] = (event.actor ?? '').split(':');
  if (kind === 'user') return '申込者';
  if (kind === 'operator') return `運用担当（${id ?? ''}）`;
  if (kind === 'staff') return `スタッフ（${id ?? ''}）`;
  return 'システム';
}

/** The audit history of the entry and the applicant's identity reviews, oldest first (JST). */
export function HistoryTable({ history }: { history: readonly StaffAuditEvent[] }) {
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-history">
      <h2 id="bo-history">履歴（監査ログ）</h2>
      {history.length === 0 ? (
        <p className="bo-muted">履歴はまだありません。</p>
      ) : (
        <ScrollTable labelledBy="bo-history">
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
                  <td className="bo-nowrap">{actorLabel(event)}</td>
                  <td>
                    {AUDIT_EVENT_LABELS[event.event] ?? event.event}
                    <div>
                      <code>{event.event}</code>
                    </div>
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
        </ScrollTable>
      )}
    </section>
  );
}
