import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { todayInJapan, useAuth } from '@app/shared';
import {
  isWithdrawalsDetailDone,
  REVIEW_STATUS_LABELS,
  requiredAccountActivityFiles,
  reviewStatusOrDefault,
  toPlainDate,
  withdrawalsDetailStartDate,
  type UploadKind,
} from '@app/contracts/domain';
import { AccountNumberField, DraftRadioGroup } from '../components/fields';
import { BankFields } from '../components/pickers';
import { ConfirmRemove } from '../components/confirm-remove';
import { KindFilesFields } from '../components/files-field';
import type { StepContext } from '../components/wizard-frame';
import { newBank, type WizardBank, type WizardDocument } from '../model/document';
import { bankFilePath } from '../model/checks';
import { isBankComplete } from '../model/progress';
import { STEP_PAGES } from '../model/steps';
import { wizard } from '../model/wizard-store';
import { useDraftForm } from '../use-draft-form';
import { PayoutSection } from './payout-section';
import { removeWithFiles } from './remove-with-files';
import { ProfileSection } from './profile-section';
import { SubmitSection } from './submit-section';

/** 「2026年2月1日」 from 'YYYY-MM-DD'. */
export function japaneseDate(iso: string): string {
  const { year, month, day } = toPlainDate(iso);
  return `${year}年${month}月${day}日`;
}

type Format = 'passbook' | 'ib';

const FILE_DESCRIPTIONS = (period: string): Readonly<Partial<Record<UploadKind, string>>> => ({
  passbook_cover: '銀行名・支店名・口座番号・口座名義が写っているページ（表紙をめくった見開き）です。',
  passbook_details: `${period}の入出金が記帳されたページをすべてご用意ください。`,
  ib_info: '銀行名・口座番号・口座名義がわかる画面（スクリーンショットやPDF）です。',
  ib_details: `${period}の入出金明細です（CSV・PDF・画面の画像）。`,
});

function BankSection({
  form,
  index,
  bankKey,
  period,
  onRemove,
}: {
  readonly form: UseFormReturn<WizardDocument>;
  readonly index: number;
  readonly bankKey: string;
  readonly period: string;
  readonly onRemove: () => void;
}) {
  const { control } = form;
  const bank = useWatch({ control, name: `banks.${index}` }) as WizardBank | undefined;
  const [confirming, setConfirming] = useState(false);
  const number = index + 1;
  const headingId = `bank-${bankKey}-heading`;
  const required = requiredAccountActivityFiles(bank?.file_format);
  const complete = bank !== undefined && isBankComplete(bank);
  return (
    <section className="card bank" aria-labelledby={headingId}>
      <div className="claim__header">
        <h2 id={headingId} className="section-heading" tabIndex={-1}>
          口座 {number}
        </h2>
        <span className={`status-badge ${complete ? 'status-badge--success' : 'status-badge--neutral'}`}>
          {complete ? '準備完了' : '未完了'}
        </span>
      </div>
      <div className="wizard-stack">
        <BankFields control={control} index={index} />
        <AccountNumberField control={control} name={`banks.${index}.bank_account_number`} />
        <DraftRadioGroup<Format>
          control={control}
          name={`banks.${index}.file_format`}
          legend="明細の形式"
          fromValue={(value) => (value === 'ib' ? 'ib' : 'passbook')}
          options={[
            { value: 'passbook', label: '通帳（紙）', description: '通帳の表紙と、明細のページを撮影またはスキャンしたもの' },
            { value: 'ib', label: 'インターネットバンキング', description: '口座情報の画面と、入出金明細のファイル' },
          ]}
        />
        <KindFilesFields
          form={form}
          relations={`banks.${index}.contentfile_relations`}
          required={required}
          errorPathOf={(kind) => bankFilePath(index, kind)}
          descriptions={FILE_DESCRIPTIONS(period)}
          leftoverNote="次のファイルは、いまの明細の形式では必要ありません。不要であれば削除してください。"
        />
        {confirming ? (
          <ConfirmRemove
            label={`口座 ${number} の削除の確認`}
            question={`口座 ${number} を削除しますか？ アップロードしたファイルも削除されます。`}
            onConfirm={onRemove}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <button type="button" className="button button--link remove-link" onClick={() => setConfirming(true)}>
            口座 {number} を削除
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * /entry/withdrawal_details: the bank accounts whose withdrawals details (入出金明細) are sent, each
 * with the file pair its format needs, for the period of spec §4; then the payout account
 * (振込先口座, asked even when the statements are already with us), the profile step and the
 * submit (the last two steps live on this page).
 */
export function WithdrawalStep({ context }: { readonly context: StepContext }) {
  const form = useDraftForm();
  const { control } = form;
  const banks = useFieldArray({ control, name: 'banks', keyName: 'fieldKey' });
  const { identity } = context;
  const navigate = useNavigate();
  const addRef = useRef<HTMLButtonElement>(null);
  const lastDate = useAuth((state) => state.me?.last_withdrawals_detail_date ?? null);
  const start = withdrawalsDetailStartDate(lastDate, todayInJapan());
  const period = `${japaneseDate(start)}から本日まで`;
  const done = isWithdrawalsDetailDone(identity.withdrawals_detail_status);

  // A first visit starts with one account to fill in (unless the statements are already with us).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!done && form.getValues('banks').length === 0) banks.append(newBank(wizard().takeKey()), { shouldFocus: false });
  }, [banks, done, form]);

  const addBank = () => {
    const key = wizard().takeKey();
    banks.append(newBank(key), { shouldFocus: false });
    setTimeout(() => document.getElementById(`bank-${key}-heading`)?.focus(), 0);
  };
  const removeBank = (index: number) => {
    removeWithFiles('banks', form.getValues(`banks.${index}.contentfile_relations`), () => banks.remove(index));
    addRef.current?.focus();
  };

  return (
    <div className="wizard-form">
      {done ? (
        <section className="card">
          <p className="status-line">
            <span className="status-badge status-badge--success">
              {REVIEW_STATUS_LABELS[reviewStatusOrDefault(identity.withdrawals_detail_status)]}
            </span>
          </p>
          <p>入出金明細はすでにお預かりしています。このステップは完了しているため、あらためてご提出いただく必要はありません。</p>
        </section>
      ) : (
        <form className="wizard-form" noValidate onSubmit={(event) => event.preventDefault()} aria-label="入出金明細の提出">
          <div className="notice period-notice">
            <p className="period-notice__label">ご用意いただく期間</p>
            <p className="period-notice__value" data-testid="withdrawal-period">
              {period}
            </p>
            <p className="small">売掛先からの入金がある口座を含め、事業でお使いの口座の入出金明細をご提出ください。</p>
          </div>
          {banks.fields.length === 0 && (
            <div className="card empty-state" data-field="banks">
              <p>まだ口座が登録されていません。「口座を追加する」から、入出金明細を提出する口座を登録してください。</p>
            </div>
          )}
          {banks.fields.map((field, index) => (
            <BankSection
              key={field.fieldKey}
              form={form}
              index={index}
              bankKey={field.key}
              period={period}
              onRemove={() => removeBank(index)}
            />
          ))}
          <div className="add-claim">
            <button ref={addRef} type="button" className="button button--secondary add-button" onClick={addBank}>
              ＋ 口座を追加する
            </button>
          </div>
        </form>
      )}
      <PayoutSection form={form} />
      <ProfileSection identity={identity} />
      <SubmitSection context={context} />
      <div className="wizard-actions wizard-actions--back">
        <button type="button" className="button button--link" onClick={() => void navigate(STEP_PAGES.submitFinancialStatements.path)}>
          戻る（{STEP_PAGES.submitFinancialStatements.label}）
        </button>
      </div>
    </div>
  );
}
