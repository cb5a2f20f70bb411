import { useState } from 'react';
import { BankAccountRows } from '@app/shared';
import { type StaffEntryDetail } from '@app/shared/contracts';

/**
 * 振込先口座 of the entry (the applicant's own copy, taken at submission): masked like everywhere
 * else (****567); the staff member who makes the transfer in the bank's system shows the whole
 * number with 「口座番号をすべて表示」 (the API answers it whole to staff only).
 */
export function PayoutSection({ detail }: { readonly detail: StaffEntryDetail }) {
  const { entry } = detail;
  const [revealed, setRevealed] = useState(false);
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-payout">
      <h2 id="bo-payout">振込先口座</h2>
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
    </section>
  );
}
