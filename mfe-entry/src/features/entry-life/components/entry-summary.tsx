import type { Entry } from '@app/contracts';
import { entryStatusTone, formatDateTimeJst } from '@app/shared/parts';
import { entryStatusLabel, formatYen } from '@app/contracts/domain';

export function StatusBadge({ status }: { readonly status: number }) {
  return <span className={`el-badge el-badge--${entryStatusTone(status)}`}>{entryStatusLabel(status)}</span>;
}

/** 申込番号, status and dates: the line under each entry page's heading. */
export function EntrySummary({ entry }: { readonly entry: Entry }) {
  return (
    <p className="el-meta">
      <span>
        申込番号 <span className="el-code">{entry.code}</span>
      </span>
      <StatusBadge status={entry.status} />
      <span>
        お申し込み日時 <time dateTime={entry.created_at}>{formatDateTimeJst(entry.created_at)}</time>
      </span>
    </p>
  );
}

/** What the applicant asked for (ご希望の買取額, 資金の使い道), as rows of a `<dl>`. */
export function DesiredRows({ entry }: { readonly entry: Entry }) {
  return (
    <>
      <dt>ご希望の買取額</dt>
      <dd>{formatYen(entry.purchase_amount_desired)}</dd>
      <dt>資金の使い道</dt>
      <dd>{entry.purpose || '—'}</dd>
    </>
  );
}
