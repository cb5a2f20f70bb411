import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, AppLink, api, refreshAuth, routeById, ValidationError } from '@app/shared';
import * as endpoints from '@app/contracts/endpoints';
import {
  ENTRY_STEPS,
  formatYen,
  isFinancialStatementsDone,
  isWithdrawalsDetailDone,
  maskedBankAccountText,
  MESSAGES,
  parseYen,
  sumYen,
  type EntryFormStep,
} from '@app/contracts/domain';
import { ErrorSummary } from '../components/error-summary';
import type { StepContext } from '../components/wizard-frame';
import { submitChecks } from '../model/checks';
import { isFileListPath } from '../model/document';
import { stepHref, stepLabel, SUBMIT_SECTION_ID } from '../model/steps';
import { useWizard, wizard } from '../model/wizard-store';
import { focusFirstError } from './step-navigation';

export const SUBMIT_MESSAGES = {
  conflict:
    'ほかのタブまたは端末で下書きが更新されたため、お申し込みできませんでした。最新の内容を表示しましたので、ご確認のうえ、もう一度お申し込みください。',
  notSaved: '入力内容を保存できなかったため、お申し込みできませんでした。通信環境をご確認のうえ、もう一度お試しください。',
  unsavedConflict: 'ほかのタブまたは端末で下書きが更新されています。画面上部のお知らせから、どちらの内容で続けるかを選んでください。',
} as const;

/** What the entry holds, in a few lines, for a last look before submitting. */
function Summary({ context }: { readonly context: StepContext }) {
  const data = useWizard((state) => state.data);
  const { identity, progress } = context;
  const total = sumYen(data.claims.map((claim) => claim.amount));
  const desired = parseYen(data.purchase_amount_desired);
  const documents = (withUs: boolean, done: boolean, count: string) => (withUs ? 'お預かり済み' : done ? `準備完了（${count}）` : '未完了');
  return (
    <dl className="summary-list">
      <div>
        <dt>請求書</dt>
        <dd>
          {data.claims.length}件{total !== undefined && total.gt(0) ? `（額面合計 ${formatYen(total)}）` : ''}
        </dd>
      </div>
      <div>
        <dt>買取希望額</dt>
        <dd>{desired === undefined ? '未入力' : formatYen(desired)}</dd>
      </div>
      <div>
        <dt>{stepLabel('submitFinancialStatements', identity.isIndividual)}</dt>
        <dd>
          {documents(
            isFinancialStatementsDone(identity.financial_statements_status),
            progress.done.submitFinancialStatements,
            `${data.financial_statement_files.length}ファイル`,
          )}
        </dd>
      </div>
      <div>
        <dt>入出金明細</dt>
        <dd>
          {documents(
            isWithdrawalsDetailDone(identity.withdrawals_detail_status),
            progress.done.submitWithdrawalsDetail,
            `口座${data.banks.length}件`,
          )}
        </dd>
      </div>
      <div>
        <dt>振込先口座</dt>
        <dd>{maskedBankAccountText(data.bank_account) ?? '未入力'}</dd>
      </div>
      <div>
        <dt>登録情報・本人確認</dt>
        <dd>{progress.done.submitProfile ? '完了' : '未完了'}</dd>
      </div>
    </dl>
  );
}

/**
 * The submit (spec §5): the draft is saved, the domain's checks run first (errors by field on their
 * step, linked from the list); then `POST /api/entries/` with the document and its draft version.
 * A 400 shows by field (dotted paths) with 「エラーのある項目をご確認ください」, its non_field_errors
 * (the reason a new entry is refused) at the top; success opens /entry/complete.
 */
export function SubmitSection({ context }: { readonly context: StepContext }) {
  const navigate = useNavigate();
  const errors = useWizard((state) => state.errors);
  const formErrors = useWizard((state) => state.formErrors);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { done } = context.progress;
  const steps = ENTRY_STEPS.filter((step): step is EntryFormStep => step !== 'complete');
  const remaining = steps.filter((step) => !done[step]);

  const fail = (fieldErrors: Readonly<Record<string, string>>, messages: readonly string[]) => {
    wizard().setErrors(fieldErrors, messages);
    setTimeout(() => summaryRef.current?.focus(), 0);
  };

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const w = wizard();
      const saved = await w.flush();
      const state = w.store.getState();
      if (state.save.kind === 'conflict') {
        fail({}, [SUBMIT_MESSAGES.unsavedConflict]);
        return;
      }
      const check = submitChecks(state.data, context.identity);
      if (Object.keys(check.fieldErrors).length > 0 || check.formErrors.length > 0) {
        fail(check.fieldErrors, check.formErrors);
        focusFirstError(check.fieldErrors, summaryRef.current);
        return;
      }
      if (!saved) {
        fail({}, [SUBMIT_MESSAGES.notSaved]);
        return;
      }
      const entry = await api(endpoints.entries.create, { body: { ...state.data, draft_version: state.version } });
      w.reset();
      void refreshAuth();
      void navigate(routeById('entryComplete').path, { state: { code: entry.code } });
    } catch (error) {
      if (error instanceof ValidationError) {
        fail(error.fieldErrors, error.nonFieldErrors);
        // A file deleted from another tab or device: out of the page and the draft (the message stays at its field).
        if (Object.keys(error.fieldErrors).some(isFileListPath)) void wizard().dropMissingFiles();
      } else if (error instanceof ApiError && error.status === 409) {
        await wizard().refresh();
        fail({}, [SUBMIT_MESSAGES.conflict]);
      } else {
        fail({}, [
          `${MESSAGES.entrySubmitFailed}。${error instanceof ApiError ? error.message : 'しばらくしてから、もう一度お試しください。'}`,
        ]);
        if (!(error instanceof ApiError)) console.error(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id={SUBMIT_SECTION_ID} className="card submit-card" aria-labelledby="submit-heading" tabIndex={-1}>
      <h2 id="submit-heading" className="section-heading">
        お申し込み内容の確認
      </h2>
      <Summary context={context} />
      {remaining.length > 0 && (
        <div className="notice">
          <p>まだ済んでいないステップがあります。</p>
          <ul>
            {remaining.map((step) => (
              <li key={step}>
                <AppLink to={stepHref(step)}>{stepLabel(step, context.identity.isIndividual)}</AppLink>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ErrorSummary ref={summaryRef} step="submitWithdrawalsDetail" errors={errors} formErrors={formErrors} />
      <p className="muted small">お申し込みのあと、審査の結果をメールでお知らせします。審査中はマイページで状況をご確認いただけます。</p>
      <button
        type="button"
        className="button button--primary button--large button--block"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void submit()}
      >
        {busy ? '送信しています…' : 'この内容で申し込む'}
      </button>
    </section>
  );
}
