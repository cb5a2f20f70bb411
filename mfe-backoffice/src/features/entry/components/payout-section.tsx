import { useState } from 'react';
import { BankAccountRows } from '@app/shared/parts';
import { type StaffEntryDetail } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { maskedBankAccountText } from '@app/contracts/domain';
import { formatJst } from '../../../model/format';
import { staffApi } from '../../../staff/api';
import { useAction } from '../../../staff/use-action';
import { ServerMessage } from '../../../ui/bits';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

/**
 * 振込先口座 of the entry (the applicant's own copy, taken at submission): masked like everywhere
 * else (****567); the staff member who makes the transfer in the bank's system shows the whole
 * number with 「口座番号をすべて表示」 (the API answers it whole to staff only).
 *
 * When the applicant changed it after the offer, the payout is on hold: a banner with the account
 * before and after (masked) and 「変更後の口座を確認した」 (`POST /api/staff/entries/{id}/bank_account/confirm/`),
 * once the change is confirmed with the applicant by a channel other than the site; 入金 waits for it.
 */
export function PayoutSection({
  detail,
  onChange,
}: {
  readonly detail: StaffEntryDetail;
  readonly onChange: (detail: StaffEntryDetail) => void;
}) {
  const { entry } = detail;
  const [revealed, setRevealed] = useState(false);
  const [asking, setAsking] = useState(false);
  const action = useAction();
  const confirm = () =>
    action.run(async () => {
      setAsking(false);
      onChange(await staffApi(endpoints.staff.entries.confirmBankAccount, { params: { id: String(entry.id) } }));
    });
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-payout">
      <h2 id="bo-payout">振込先口座</h2>
      {entry.payout_hold_at !== null && (
        <div className="bo-note bo-stack" role="status" data-testid="bo-payout-hold">
          <p>
            <strong>入金保留中：</strong>
            {`申込者が${formatJst(entry.payout_hold_at)}に振込先口座を変更しました。申込者に電話などサイト以外の方法で変更を確かめてから「変更後の口座を確認した」を押してください。確認が済むまで入金済みにできません。`}
          </p>
          <p>{`変更前：${maskedBankAccountText(entry.payout_hold_previous_bank_account) ?? '（未登録）'}`}</p>
          <p>{`変更後：${maskedBankAccountText(entry.bank_account) ?? '—'}`}</p>
          <div className="bo-actions">
            <button type="button" className="button button--primary" disabled={action.busy} onClick={() => setAsking(true)}>
              変更後の口座を確認した
            </button>
          </div>
          <ServerMessage message={action.error} />
        </div>
      )}
      <dl className="bo-dl" data-testid="bo-payout-account">
        <BankAccountRows account={entry.bank_account} reveal={revealed} />
      </dl>
      {entry.bank_account && (
        <div className="bo-actions">
          <button type="button" className="button button--link" aria-pressed={revealed} onClick={() => setRevealed((value) => !value)}>
            {revealed ? '口座番号を伏せる' : '口座番号をすべて表示'}
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title="変更後の振込先口座を確認しましたか？"
          confirmLabel="確認した"
          busy={action.busy}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>確認すると入金の保留が解除され、入金済みにできるようになります（監査ログに記録します）。</p>
          <dl className="bo-dl">
            <BankAccountRows account={entry.bank_account} />
          </dl>
        </ConfirmDialog>
      )}
    </section>
  );
}
