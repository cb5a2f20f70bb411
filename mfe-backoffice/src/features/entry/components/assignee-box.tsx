import { useState } from 'react';
import type { StaffEntryDetail, StaffSummary } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { formatJst } from '../../../model/format';
import { staffApi } from '../../../staff/api';
import { useAction } from '../../../staff/use-action';
import { ServerMessage } from '../../../ui/bits';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

/**
 * 担当: who has taken the entry, and the one action that fits — take it (nobody has it), let it go
 * (it is yours), or take it over (someone else has it: asked first, naming them). The request names
 * the holder this page shows, so a takeover never happens by accident (the API answers 409 with
 * who has it when the page is out of date).
 */
export function AssigneeBox({
  detail,
  staff,
  onChange,
  onStale,
}: {
  readonly detail: StaffEntryDetail;
  readonly staff: StaffSummary;
  readonly onChange: (next: StaffEntryDetail) => void;
  /** After a 409 (someone else took it meanwhile): the page reads the entry again, showing who has it. */
  readonly onStale?: (() => void) | undefined;
}) {
  const action = useAction([], { onConflict: onStale });
  const [asking, setAsking] = useState(false);
  const holder = detail.assignee;
  const mine = holder !== null && holder.staff_id === staff.id;
  const send = (take: boolean) =>
    action.run(async () => {
      onChange(
        await staffApi(endpoints.staff.entries.assignee, {
          params: { id: String(detail.entry.id) },
          body: { take, current_assignee: holder?.staff_id ?? null },
        }),
      );
      setAsking(false);
    });
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-assignee">
      <h2 id="bo-assignee">担当</h2>
      <p style={{ margin: 0 }}>
        {holder === null ? '担当者はいません。' : `${mine ? 'あなた' : `${holder.staff_name}さん`}（${formatJst(holder.at)}から）`}
      </p>
      <ServerMessage message={action.error} />
      <div className="bo-actions">
        {holder === null && (
          <button type="button" className="button button--primary" disabled={action.busy} onClick={() => send(true)}>
            担当する
          </button>
        )}
        {mine && (
          <button type="button" className="button button--secondary" disabled={action.busy} onClick={() => send(false)}>
            担当を外す
          </button>
        )}
        {holder !== null && !mine && (
          <button type="button" className="button button--secondary" disabled={action.busy} onClick={() => setAsking(true)}>
            引き継ぐ
          </button>
        )}
      </div>
      {asking && holder !== null && (
        <ConfirmDialog
          title="担当を引き継ぎますか？"
          confirmLabel="引き継ぐ"
          busy={action.busy}
          onConfirm={() => send(true)}
          onCancel={() => setAsking(false)}
        >
          <p>{`${holder.staff_name}さんが担当しています（${formatJst(holder.at)}から）。引き継ぐと、担当はあなたになり、履歴に残ります。`}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
