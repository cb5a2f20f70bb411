import type { Entry } from '@app/contracts';
import { entryStatusLabel, entryStatusName, type EntryStatusName } from '@app/contracts/domain';
import { formatDateTimeJst } from '../model/format';

const TONE: Readonly<Record<EntryStatusName, string>> = {
  under_review: 'waiting',
  inadequate: 'todo',
  reviewed: 'todo',
  contracted: 'done',
  transferred: 'done',
  archived: 'closed',
};

export function StatusBadge({ status }: { readonly status: number }) {
  return <span className={`el-badge el-badge--${TONE[entryStatusName(status) ?? 'under_review']}`}>{entryStatusLabel(status)}</span>;
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
