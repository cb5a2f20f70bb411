import { useId, useState, type FormEvent } from 'react';
import { csrfHeaders } from '@app/shared';
import { EXPORT_MAX_DAYS, STAFF_EXPORTS, type StaffExportKind } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { useStaffSession } from '../../staff/session';

/** Today in Japan as YYYY-MM-DD, and the first day of its month. */
export function thisMonthInJapan(now: Date = new Date()): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The file name the API gives (`attachment; filename="payouts_2026-11-01_2026-11-28.csv"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

type State =
  | { readonly kind: 'idle' }
  | { readonly kind: 'busy' }
  | { readonly kind: 'done'; readonly rows: number; readonly file: string }
  | { readonly kind: 'failed'; readonly message: string; readonly fields: Readonly<Record<string, string>> };

/** The first message of each field of a 400 (`{to: ["…"]}`), and a message for the form. */
async function failureOf(response: Response): Promise<Extract<State, { kind: 'failed' }>> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(body ?? {})) {
    const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') fields[field] = first;
  }
  if (response.status === 400) return { kind: 'failed', message: '期間をご確認ください。', fields };
  const detail = fields.detail;
  return {
    kind: 'failed',
    message: detail ?? `ダウンロードできませんでした（ステータス ${response.status}）。時間をおいてもう一度お試しください。`,
    fields: {},
  };
}

/** Saves what the API sent as a file of the browser's downloads (a link to an object URL). */
function save(bytes: Blob, file: string): void {
  const url = URL.createObjectURL(bytes);
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function ExportForm({ kind }: { readonly kind: StaffExportKind }) {
  const id = useId();
  const definition = STAFF_EXPORTS[kind];
  const [period, setPeriod] = useState(thisMonthInJapan);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const fields = state.kind === 'failed' ? state.fields : {};
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState({ kind: 'busy' });
    const query = new URLSearchParams(period).toString();
    // The back office's own request (X-CSRFToken): the API serves and audits an export only for it.
    fetch(`${endpoints.staff.exports[kind].path}?${query}`, { credentials: 'include', headers: csrfHeaders(document.cookie) })
      .then(async (response) => {
        if (!response.ok) {
          setState(await failureOf(response));
          return;
        }
        // The bytes as sent: reading them as text would drop the BOM Excel needs to see UTF-8.
        const bytes = await response.arrayBuffer();
        const text = new TextDecoder().decode(bytes);
        const file = fileNameOf(response.headers.get('Content-Disposition'), `${definition.file}.csv`);
        save(new Blob([bytes], { type: 'text/csv;charset=utf-8' }), file);
        setState({ kind: 'done', rows: Math.max(0, text.split('\r\n').filter((line) => line !== '').length - 1), file });
      })
      .catch(() => setState({ kind: 'failed', message: '通信できませんでした。通信環境をご確認ください。', fields: {} }));
  };
  return (
    <section className="bo-panel bo-stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{definition.label}</h2>
      <p className="bo-muted bo-small">列: {definition.header.join('、')}</p>
      <form className="bo-export" onSubmit={submit} noValidate aria-describedby={`${id}-status`}>
        {(['from', 'to'] as const).map((field) => (
          <div className="bo-field" key={field}>
            <label htmlFor={`${id}-${field}`}>{field === 'from' ? '開始日' : '終了日'}</label>
            <input
              id={`${id}-${field}`}
              type="date"
              required
              value={period[field]}
              aria-invalid={fields[field] ? true : undefined}
              aria-describedby={fields[field] ? `${id}-${field}-error` : undefined}
              onChange={(event) => setPeriod((current) => ({ ...current, [field]: event.target.value }))}
            />
            {fields[field] && (
              <p className="bo-error" id={`${id}-${field}-error`}>
                {fields[field]}
              </p>
            )}
          </div>
        ))}
        <div className="bo-actions">
          <button type="submit" className="button button--primary" disabled={state.kind === 'busy'} aria-busy={state.kind === 'busy'}>
            {state.kind === 'busy' ? '作成しています…' : 'CSV をダウンロード'}
          </button>
        </div>
      </form>
      <div id={`${id}-status`} role="status">
        {state.kind === 'done' && (
          <p className="bo-ok">{`${state.file}（${state.rows.toLocaleString('ja-JP')}件）をダウンロードしました。`}</p>
        )}
      </div>
      {state.kind === 'failed' && (
        <div className="bo-alert" role="alert">
          <p>{state.message}</p>
        </div>
      )}
    </section>
  );
}

/**
 * /backoffice/exports: the accounting exports (issue 25) — payouts and contracts of a period as CSV
 * for Excel (UTF-8 with BOM). Approvers and admins; every download is in the audit log.
 */
export default function ExportsPage() {
  const session = useStaffSession();
  const role = session.status === 'staff' ? session.staff.role : null;
  return (
    <div className="bo-stack">
      <div className="bo-head">
        <h1>会計用データ</h1>
      </div>
      <p className="bo-muted">
        {`期間（日本時間の日付、${EXPORT_MAX_DAYS}日まで）の CSV を作成します。Excel でそのまま開けます（UTF-8・BOM つき）。ダウンロードした記録は監査ログに残ります。口座番号は下3桁のみです。`}
      </p>
      {role === 'reviewer' ? (
        <div className="bo-alert" role="alert">
          <p>会計用データのダウンロードは、承認者と管理者のみが行えます。</p>
        </div>
      ) : (
        <>
          <ExportForm kind="payouts" />
          <ExportForm kind="contracts" />
        </>
      )}
    </div>
  );
}
