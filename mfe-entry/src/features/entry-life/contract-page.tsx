import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Checkbox, FormAlert, SubmitButton, href, useApiForm, type PageProps } from '@app/shared';
import { ENTRY_LIFE_MESSAGES, type Entry } from '@app/contracts';
import { canTransitionEntry, entryStatusLabel, maskedBankAccountText } from '@app/contracts/domain';
import { entryLifeApi } from './api/entry-life-api';
import { PurchaseBreakdown } from './components/breakdown';
import { ContractPartySection } from './components/contract-party';
import { EntryPage } from './components/entry-gate';
import { EntrySummary } from './components/entry-summary';
import { BackToDetail, NotNowSection, PageSection, PayoutAccountSection } from './components/page-section';
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
  return (
    <EntryPage params={params} title="ご契約手続き">
      {(entry) =>
        !canTransitionEntry(entry.status, 'contract') ? (
          <NotNowSection
            entry={entry}
            title="ご契約の手続きはできません"
            reason={`このお申し込みは現在「${entryStatusLabel(entry.status)}」のため、ご契約の手続きはできません。`}
          />
        ) : (
          <>
            <EntrySummary entry={entry} />
            <PageSection id="deadline" title="ご契約の期限" tone="todo">
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
            </PageSection>
            <PageSection id="breakdown" title="買取条件の内訳">
              <p>
                お振込み額は、請求書額面に掛目をかけた買取元本から、手数料と振込手数料を差し引いた金額です（買取元本と手数料は円未満切り捨て）。
              </p>
              <PurchaseBreakdown breakdown={purchaseBreakdown(entry.claims)} />
            </PageSection>
            <ContractPartySection
              party={entry.contract_party}
              lead="審査で確認した次の内容で契約します。債権譲渡契約書にもこの内容が記載されます。"
            />
            <PayoutAccountSection account={entry.bank_account} lead="ご契約後、買取代金は次の口座にお振込みします。" />
            <ContractForm entry={entry} />
            <BackToDetail entry={entry} />
          </>
        )
      }
    </EntryPage>
  );
}
