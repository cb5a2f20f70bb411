import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  FINANCIAL_STATEMENT_REQUIRED_FILES,
  isFinancialStatementsDone,
  REVIEW_STATUS_LABELS,
  reviewStatusOrDefault,
  type FinancialStatementType,
  type UploadKind,
} from '@app/contracts/domain';
import { DraftCheckbox, DraftRadioGroup } from '../components/fields';
import { ErrorSummary } from '../components/error-summary';
import { KindFilesFields } from '../components/files-field';
import type { StepContext } from '../components/wizard-frame';
import { financialFilePath, financialStepErrors } from '../model/checks';
import { financialTypeOf } from '../model/progress';
import { STEP_PAGES } from '../model/steps';
import { useWizard } from '../model/wizard-store';
import { useDraftForm } from '../use-draft-form';
import { useStepNavigation } from './step-navigation';

type YesNo = 'yes' | 'no';

const TYPE_LEADS: Readonly<Record<FinancialStatementType, string>> = {
  financialStatements: '直近1期分の決算書（税務申告に使ったもの）をご提出ください。',
  trialBalance: '決算書の代わりに、直近の試算表をご提出ください。',
  declarationETax: '直近1年分の確定申告書（e-Taxの受信通知を含む）をご提出ください。',
  declarationDocument: '直近1年分の確定申告書（税務署の受付印があるもの）をご提出ください。',
  businessOpening: '確定申告書の代わりに、税務署に提出した開業届（個人事業の開業・廃業等届出書）の控えをご提出ください。',
};

const FILE_DESCRIPTIONS: Readonly<Partial<Record<UploadKind, string>>> = {
  breakdown_statement: '売掛金・買掛金などの内訳がわかる書類です。',
  sga_expenses: '損益計算書の「販売費及び一般管理費」の内訳です。',
  tax_returns: '第一表・第二表と、青色申告決算書（または収支内訳書）をご用意ください。',
};

const toChoice = (value: unknown): YesNo | '' => (value === true ? 'yes' : value === false ? 'no' : '');

/**
 * /entry: the financial statements (決算書) step — the type choice of spec §4 (can submit × corporate
 * or individual × how the tax return was filed) and exactly the files that type needs (§5), the
 * no-SG&A case included. Statements already with us (confirming, confirmed) make the step done.
 */
export function FinancialStep({ context }: { readonly context: StepContext }) {
  const form = useDraftForm();
  const { control } = form;
  const values = useWatch({ control });
  const errors = useWizard((state) => state.errors);
  const formErrors = useWizard((state) => state.formErrors);
  const { summaryRef, goNext } = useStepNavigation('submitFinancialStatements');
  const navigate = useNavigate();
  const { identity } = context;
  const individual = identity.isIndividual;
  const document = individual ? '確定申告書' : '決算書';
  const next = STEP_PAGES.submitWithdrawalsDetail;
  const onNext = () => goNext(() => financialStepErrors(form.getValues(), identity), next.path);

  const actions = (
    <div className="wizard-actions">
      <button type="button" className="button button--primary button--large" onClick={onNext}>
        次へ進む（{next.label}）
      </button>
      <button type="button" className="button button--link" onClick={() => void navigate(STEP_PAGES.submitInvoices.path)}>
        戻る（{STEP_PAGES.submitInvoices.label}）
      </button>
    </div>
  );

  if (isFinancialStatementsDone(identity.financial_statements_status)) {
    const status = REVIEW_STATUS_LABELS[reviewStatusOrDefault(identity.financial_statements_status)];
    return (
      <div className="wizard-form">
        <section className="card">
          <p className="status-line">
            <span className="status-badge status-badge--success">{status}</span>
          </p>
          <p>
            {document}はすでにお預かりしています（{status}）。このステップは完了しているため、あらためてご提出いただく必要はありません。
          </p>
        </section>
        {actions}
      </div>
    );
  }

  const type = financialTypeOf(form.getValues(), identity);
  const required = type === null ? [] : FINANCIAL_STATEMENT_REQUIRED_FILES[type];
  const shown = required.filter((kind) => !(kind === 'sga_expenses' && values.no_sga_expenses === true));

  return (
    <form className="wizard-form" noValidate onSubmit={(event) => event.preventDefault()} aria-label={`${document}の提出`}>
      <p className="lead-text">
        {individual
          ? '事業の状況を確認するため、確定申告書をご提出ください。まだ確定申告をしていない方は、開業届をご提出ください。'
          : '事業の状況を確認するため、決算書をご提出ください。まだ決算期を迎えていない方は、試算表をご提出ください。'}
      </p>
      <ErrorSummary ref={summaryRef} step="submitFinancialStatements" errors={errors} formErrors={formErrors} />
      <section className="card" aria-labelledby="fs-choice-heading">
        <h2 id="fs-choice-heading" className="section-heading">
          提出する書類
        </h2>
        <div className="wizard-stack">
          <DraftRadioGroup<YesNo>
            control={control}
            name="can_submit_financial_statements"
            legend={individual ? '確定申告書を提出できますか' : '決算書を提出できますか'}
            fromValue={toChoice}
            toValue={(choice) => choice === 'yes'}
            options={
              individual
                ? [
                    { value: 'yes', label: '提出できる', description: '確定申告をしたことがある方' },
                    {
                      value: 'no',
                      label: '提出できない',
                      description: '開業したばかりで、まだ確定申告をしていない方（開業届を提出します）',
                    },
                  ]
                : [
                    { value: 'yes', label: '提出できる', description: '決算期を迎えたことがある法人' },
                    {
                      value: 'no',
                      label: '提出できない',
                      description: '設立したばかりで、まだ決算期を迎えていない法人（試算表を提出します）',
                    },
                  ]
            }
          />
          {individual && values.can_submit_financial_statements === true && (
            <DraftRadioGroup<'eTax' | 'document'>
              control={control}
              name="tax_return_submissions"
              legend="確定申告の方法"
              options={[
                { value: 'eTax', label: 'e-Tax（電子申告）', description: '受信通知（メール詳細）も一緒にご提出ください' },
                { value: 'document', label: '書面（税務署に提出）', description: '税務署の受付印があるものをご提出ください' },
              ]}
            />
          )}
        </div>
      </section>

      {type !== null && (
        <section className="card" aria-labelledby="fs-files-heading">
          <h2 id="fs-files-heading" className="section-heading">
            ファイルのアップロード
          </h2>
          <p className="muted">{TYPE_LEADS[type]}</p>
          <div className="wizard-stack">
            {type === 'financialStatements' && (
              <DraftCheckbox
                control={control}
                name="no_sga_expenses"
                label="販売費及び一般管理費内訳書がない（損益計算書に内訳が記載されている場合など）"
              />
            )}
            <KindFilesFields
              form={form}
              relations="financial_statement_files"
              required={shown}
              errorPathOf={financialFilePath}
              descriptions={FILE_DESCRIPTIONS}
              leftoverNote="次のファイルは、いまの選択では必要ありません。不要であれば削除してください。"
            />
          </div>
        </section>
      )}
      {actions}
    </form>
  );
}
