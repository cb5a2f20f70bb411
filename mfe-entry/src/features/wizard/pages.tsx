import { useEffect, useState } from 'react';
import { ErrorPage } from '@app/shared';
import { MESSAGES } from '@app/contracts/domain';
import { WizardFrame } from './components/wizard-frame';
import { FinancialStep } from './steps/financial-step';
import { InvoiceStep } from './steps/invoice-step';
import { WithdrawalStep } from './steps/withdrawal-step';

/** The status of the page spec §8 shows for a 6th claim. */
export const TOO_MANY_CLAIMS_STATUS = 599;

/** 「申し込みに登録できる請求書は5個までです。」 as the 599 page, with the way back to the claims (all kept). */
function TooManyClaims({ onBack }: { readonly onBack: () => void }) {
  useEffect(() => {
    const heading = document.getElementById('error-heading');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, []);
  return (
    <div className="wizard">
      <ErrorPage status={TOO_MANY_CLAIMS_STATUS} detail={MESSAGES.tooManyClaims} />
      <p className="too-many__back">
        <button type="button" className="button button--secondary" onClick={onBack}>
          登録中の請求書に戻る
        </button>
      </p>
    </div>
  );
}

/** /entry/entry_invoice */
export function InvoicePage() {
  const [tooMany, setTooMany] = useState(false);
  if (tooMany) return <TooManyClaims onBack={() => setTooMany(false)} />;
  return (
    <WizardFrame step="submitInvoices">
      {(context) => <InvoiceStep context={context} onTooManyClaims={() => setTooMany(true)} />}
    </WizardFrame>
  );
}

/** /entry (the financial statements step, spec §2). */
export function FinancialPage() {
  return <WizardFrame step="submitFinancialStatements">{(context) => <FinancialStep context={context} />}</WizardFrame>;
}

/** /entry/withdrawal_details (with the profile step and the submit). */
export function WithdrawalPage() {
  return <WizardFrame step="submitWithdrawalsDetail">{(context) => <WithdrawalStep context={context} />}</WizardFrame>;
}
