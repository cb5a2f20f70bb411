import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppLink, BankAccountRows, Checkbox, FormAlert, SubmitButton, href, useApiForm, type PageProps } from '@app/shared';
import { ENTRY_LIFE_MESSAGES, type Entry } from '@app/contracts';
import { canTransitionEntry, entryStatusLabel, maskedBankAccountText } from '@app/contracts/domain';
import { entryLifeApi } from './api/entry-life-api';
import { useEntry } from './api/use-entry';
import { PurchaseBreakdown } from './components/breakdown';
import { ContractPartyRows } from './components/contract-party';
import { EntryGate } from './components/entry-gate';
import { EntrySummary } from './components/entry-summary';
import { purchaseBreakdown } from './model/breakdown';
import { formatDay } from './model/format';

function ContractForm({ entry }: { readonly entry: Entry }) {
  const navigate = useNavigate();
  const form = useApiForm();
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>(undefined);
  const agreementHref = href('entryAgreement', { entryId: entry.id });
  const onSubmit = form.handleSubmit(async () => {
    if (!agreed) {
      setConsentError(ENTRY_LIFE_MESSAGES.agreementRequired);
      document.getElementById('consent')?.querySelector('input')?.focus();
      return;
    }
    const contracted = await entryLifeApi.contract(String(entry.id));
    void navigate(href('entryContractComplete'), {
      state: { code: contracted.code, entryId: contracted.id, account: maskedBankAccountText(contracted.bank_account) },
    });
  });
  return (
    <form className="el-section el-section--action" aria-labelledby="sign-heading" onSubmit={onSubmit} noValidate>
      <h2 id="sign-heading" className="el-section__heading">
        ご契約
      </h2>
      <p>
        ご契約の前に、
        <a href={agreementHref} target="_blank" rel="noopener noreferrer">
          債権譲渡契約書（新しいタブで開きます）
        </a>
        をお読みください。
      </p>
      <FormAlert messages={form.formErrors} />
      <div id="consent" className="el-consent">
        <Checkbox
          name="agreed"
          label="買取条件の内訳と債権譲渡契約書の内容を確認し、同意します"
          checked={agreed}
          error={consentError ?? form.fieldErrors.agreed}
          onCheckedChange={(checked) => {
            setAgreed(checked);
            if (checked) setConsentError(undefined);
            form.clearFieldError('agreed');
          }}
        />
      </div>
      <SubmitButton busy={form.busy} busyLabel="契約しています…">
        契約する
      </SubmitButton>
    </form>
  );
}

/**
 * /entry/contract/{entryId}: the full purchase breakdown per claim and in total, the deadline, the
 * agreement, consent and 契約する (`POST /api/entries/{id}/contract/`) → /entry/contract/complete.
 * Only a reviewed entry can be signed; any other shows its status and the way to its detail.
 */
export default function EntryContractPage({ params }: PageProps) {
  const entryId = params.entryId ?? '';
  const { resource, reload } = useEntry(entryId);
  return (
    <EntryGate title="ご契約手続き" resource={resource} onRetry={reload}>
      {(entry) => {
        const detail = href('entryDetail', { entryId: entry.id });
        if (!canTransitionEntry(entry.status, 'contract')) {
          return (
            <>
              <EntrySummary entry={entry} />
              <section className="el-section" aria-labelledby="state-heading">
                <h2 id="state-heading" className="el-section__heading">
                  ご契約の手続きはできません
                </h2>
                <p>このお申し込みは現在「{entryStatusLabel(entry.status)}」のため、ご契約の手続きはできません。</p>
                <div className="el-actions">
                  <AppLink className="button button--primary" to={detail}>
                    お申し込み内容を見る
                  </AppLink>
                </div>
              </section>
            </>
          );
        }
        return (
          <>
            <EntrySummary entry={entry} />
            <section className="el-section el-section--todo" aria-labelledby="deadline-heading">
              <h2 id="deadline-heading" className="el-section__heading">
                ご契約の期限
              </h2>
              <p>
                {entry.contract_period ? (
                  <>
                    <span className="el-deadline">{formatDay(entry.contract_period)}</span>までにご契約ください。
                  </>
                ) : (
                  'お早めにご契約ください。'
                )}
                期限を過ぎると、この買取条件ではご契約いただけません。
              </p>
            </section>
            <section className="el-section" aria-labelledby="breakdown-heading">
              <h2 id="breakdown-heading" className="el-section__heading">
                買取条件の内訳
              </h2>
              <p>
                お振込み額は、請求書額面に掛目をかけた買取元本から、手数料と振込手数料を差し引いた金額です（買取元本と手数料は円未満切り捨て）。
              </p>
              <PurchaseBreakdown breakdown={purchaseBreakdown(entry.claims)} />
            </section>
            {entry.contract_party && (
              <section className="el-section" aria-labelledby="party-heading">
                <h2 id="party-heading" className="el-section__heading">
                  ご契約者
                </h2>
                <p>審査で確認した次の内容で契約します。債権譲渡契約書にもこの内容が記載されます。</p>
                <dl className="el-facts el-facts--plain" data-testid="contract-party">
                  <ContractPartyRows party={entry.contract_party} />
                </dl>
              </section>
            )}
            <section className="el-section" aria-labelledby="payout-heading">
              <h2 id="payout-heading" className="el-section__heading">
                お振込み先
              </h2>
              <p>ご契約後、買取代金は次の口座にお振込みします。</p>
              <dl className="el-facts el-facts--plain" data-testid="payout-account">
                <BankAccountRows account={entry.bank_account} />
              </dl>
            </section>
            <ContractForm entry={entry} />
            <p>
              <AppLink to={detail}>お申し込み内容に戻る</AppLink>
            </p>
          </>
        );
      }}
    </EntryGate>
  );
}
