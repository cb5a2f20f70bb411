import { useEffect, useRef } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { todayInJapan } from '@app/shared';
import { formatYen, MAX_CLAIMS_PER_ENTRY, MESSAGES, sumYen, validateClaimCount } from '@app/contracts/domain';
import { AmountField, DraftTextArea } from '../components/fields';
import { ErrorSummary } from '../components/error-summary';
import type { StepContext } from '../components/wizard-frame';
import { newClaim, type WizardDocument } from '../model/document';
import { invoiceStepErrors } from '../model/checks';
import { STEP_PAGES } from '../model/steps';
import { useWizard, wizard } from '../model/wizard-store';
import { useDraftForm } from '../use-draft-form';
import { useStepNavigation } from './step-navigation';
import { ClaimSection } from './claim-section';
import { removeWithFiles } from './remove-with-files';

const PURPOSE_MAX_LENGTH = 1000;

/**
 * /entry/entry_invoice: up to 5 claims (a 6th shows the 599 page of spec §8), then the purchase
 * amount desired and the purpose. 「次へ」 checks the step with the domain's rules first.
 */
export function InvoiceStep({ onTooManyClaims }: { readonly context: StepContext; readonly onTooManyClaims: () => void }) {
  const form = useDraftForm();
  const { control } = form;
  const claims = useFieldArray({ control, name: 'claims', keyName: 'fieldKey' });
  const values = useWatch({ control }) as WizardDocument;
  const errors = useWizard((state) => state.errors);
  const formErrors = useWizard((state) => state.formErrors);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusClaim = useRef<string | null>(null);
  const today = todayInJapan();
  const { summaryRef, goNext } = useStepNavigation('submitInvoices');
  const navigate = useNavigate();

  // A first visit starts with one empty claim to fill in.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (form.getValues('claims').length === 0) claims.append(newClaim(wizard().takeKey()), { shouldFocus: false });
  }, [claims, form]);

  // A claim just added: its heading gets the focus (the applicant hears 「請求書 2」).
  useEffect(() => {
    if (focusClaim.current === null) return;
    document.getElementById(`claim-${focusClaim.current}-heading`)?.focus();
    focusClaim.current = null;
  });

  const addClaim = () => {
    const key = wizard().takeKey();
    const next = [...form.getValues('claims'), newClaim(key)];
    if (validateClaimCount(next) === MESSAGES.tooManyClaims) {
      onTooManyClaims();
      return;
    }
    focusClaim.current = key;
    claims.append(newClaim(key), { shouldFocus: false });
  };

  const removeClaim = (index: number) => {
    removeWithFiles('claims', form.getValues(`claims.${index}.contentfile_relations`), () => claims.remove(index));
    addRef.current?.focus();
  };

  const total = sumYen((values.claims ?? []).map((claim) => claim.amount));
  const count = claims.fields.length;

  return (
    <form className="wizard-form" noValidate onSubmit={(event) => event.preventDefault()} aria-label="請求書の登録">
      <p className="lead-text">
        買取を希望する請求書を登録してください（{MAX_CLAIMS_PER_ENTRY}
        件まで）。入力した内容とファイルは自動で保存され、あとから続きを入力できます。
      </p>
      <ErrorSummary ref={summaryRef} step="submitInvoices" errors={errors} formErrors={formErrors} />

      {claims.fields.map((field, index) => (
        <ClaimSection
          key={field.fieldKey}
          form={form}
          index={index}
          claimKey={field.key}
          today={today}
          removable={claims.fields.length > 1}
          onRemove={() => removeClaim(index)}
        />
      ))}

      <div className="add-claim">
        <button ref={addRef} type="button" className="button button--secondary add-button" onClick={addClaim}>
          ＋ 請求書を追加する
        </button>
        <p className="muted small" id="claim-count">
          登録中の請求書: {count}件（{MAX_CLAIMS_PER_ENTRY}件まで）
        </p>
      </div>

      <section className="card" aria-labelledby="entry-summary-heading">
        <h2 id="entry-summary-heading" className="section-heading">
          お申し込みの内容
        </h2>
        <div className="wizard-stack">
          <AmountField
            control={control}
            name="purchase_amount_desired"
            label="買取希望額"
            description={
              total !== undefined && total.gt(0)
                ? `請求書の額面の合計は ${formatYen(total)} です。この金額以下で、買取を希望する金額を入力してください。`
                : '請求書の額面の合計以下で、買取を希望する金額を入力してください。'
            }
          />
          <DraftTextArea
            control={control}
            name="purpose"
            label="資金の使い道"
            maxLength={PURPOSE_MAX_LENGTH}
            placeholder="例: 仕入れ代金の支払い、従業員の給与など"
          />
        </div>
      </section>

      <div className="wizard-actions">
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => goNext(() => invoiceStepErrors(form.getValues()), STEP_PAGES.submitFinancialStatements.path)}
        >
          次へ進む（{STEP_PAGES.submitFinancialStatements.label}）
        </button>
        <button type="button" className="button button--link" onClick={() => void navigate('/mypage')}>
          マイページに戻る（入力内容は保存されます）
        </button>
      </div>
    </form>
  );
}
