import { useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { isScheduledDepositOverFace, MESSAGES, normalizeAccountHolderName } from '@app/contracts/domain';
import {
  AccountNumberField,
  AmountField,
  DepositTypeField,
  DraftCheckbox,
  DraftDateField,
  FieldSlot,
  NormalizedField,
} from '../components/fields';
import { ObligerField, PaymentBankFields } from '../components/pickers';
import { ConfirmRemove } from '../components/confirm-remove';
import { FilesField } from '../components/files-field';
import type { WizardClaim, WizardDocument } from '../model/document';
import { claimFilesPath } from '../model/checks';

export interface ClaimSectionProps {
  /** False for the only claim (removing it would leave nothing to fill in). */
  readonly removable: boolean;
  readonly form: UseFormReturn<WizardDocument>;
  readonly index: number;
  readonly claimKey: string;
  readonly today: string;
  /** Removes the claim (after the applicant confirmed it). */
  readonly onRemove: () => void;
}

/** One claim (請求書): the obliger, the amounts, the payment date, the two confirmations, the account it is paid into and its files. */
export function ClaimSection({ form, index, claimKey, today, removable, onRemove }: ClaimSectionProps) {
  const { control } = form;
  const claim = useWatch({ control, name: `claims.${index}` }) as WizardClaim | undefined;
  const payers = useFieldArray({ control, name: `claims.${index}.receive_payment_account.obliger_accounts` });
  const [confirming, setConfirming] = useState(false);
  const number = index + 1;
  const headingId = `claim-${claimKey}-heading`;
  const at = <F extends string>(field: F) => `claims.${index}.${field}` as const;

  return (
    <section className="card claim" aria-labelledby={headingId} data-claim-key={claimKey}>
      <div className="claim__header">
        <h2 id={headingId} className="section-heading" tabIndex={-1}>
          請求書 {number}
        </h2>
        {removable && !confirming && (
          <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(true)}>
            請求書 {number} を削除
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmRemove
          label={`請求書 ${number} の削除の確認`}
          question={`請求書 ${number} を削除しますか？ 入力した内容とアップロードしたファイルも削除されます。`}
          onConfirm={onRemove}
          onCancel={() => setConfirming(false)}
        />
      )}

      <div className="wizard-stack">
        <ObligerField control={control} index={index} />
        <div className="wizard-grid">
          <AmountField
            control={control}
            name={at('amount')}
            label="請求書の額面（税込）"
            description="請求書に記載の請求金額です。1,000,000 や 100万 のように入力できます。"
          />
          <AmountField
            control={control}
            name={at('scheduled_deposit_amount_from_obliger')}
            label="売掛先からの銀行振込金額"
            description="振込手数料などを差し引いて、実際に振り込まれる予定の金額です。"
            warning={claim !== undefined && isScheduledDepositOverFace(claim) ? MESSAGES.scheduledDepositOverFace : undefined}
          />
        </div>
        <DraftDateField
          control={control}
          name={at('obliger_payment_date')}
          label="入金予定日（お支払い期日）"
          description="売掛先から入金される予定の日です。"
          min={today}
        />

        <fieldset className="wizard-fieldset">
          <legend className="wizard-legend">請求書の内容の確認</legend>
          <DraftCheckbox
            control={control}
            name={at('is_fixed_debt')}
            label="商品の納品やサービスの提供が終わり、請求金額が確定しています（確定債権）"
          />
          <DraftCheckbox control={control} name={at('is_bank_transfer_from_obliger')} label="売掛先からは銀行振込で支払われます" />
        </fieldset>

        <fieldset className="wizard-fieldset">
          <legend className="wizard-legend">売掛先からの入金口座</legend>
          <p className="muted small">売掛先がこの請求書の代金を振り込む、お客さまの口座です。</p>
          <PaymentBankFields control={control} index={index} />
          <DepositTypeField control={control} name={at('receive_payment_account.deposit_type')} />
          <AccountNumberField control={control} name={at('receive_payment_account.bank_account_number')} />
          <fieldset className="wizard-fieldset wizard-fieldset--inner">
            <legend className="wizard-legend wizard-legend--small">売掛先の振込名義（カナ）</legend>
            <p className="muted small">
              通帳に表示される、売掛先からの振込の名義です。ひらがなや半角カナで入力しても、銀行の表記（全角カタカナ）に直します。
            </p>
            <FieldSlot path={at('receive_payment_account.obliger_accounts')} exact>
              {payers.fields.map((payer, payerIndex) => (
                <div key={payer.id} className="payer-row">
                  <NormalizedField
                    control={control}
                    name={at(`receive_payment_account.obliger_accounts.${payerIndex}.holder_name`)}
                    label={payers.fields.length > 1 ? `振込名義 ${payerIndex + 1}` : '振込名義'}
                    placeholder="例: カ）サンプルシヨウジ"
                    autoComplete="off"
                    maxLength={30}
                    normalize={normalizeAccountHolderName}
                  />
                  {payers.fields.length > 1 && (
                    <button
                      type="button"
                      className="button button--link payer-row__remove"
                      onClick={() => payers.remove(payerIndex)}
                      aria-label={`振込名義 ${payerIndex + 1} を削除`}
                    >
                      削除
                    </button>
                  )}
                </div>
              ))}
            </FieldSlot>
            <button
              type="button"
              className="button button--secondary button--small add-button"
              onClick={() => payers.append({ holder_name: '' })}
            >
              ＋ 振込名義を追加（名義が複数ある場合）
            </button>
          </fieldset>
        </fieldset>

        <fieldset className="wizard-fieldset">
          <legend className="wizard-legend">書類</legend>
          <FilesField
            form={form}
            relations={`claims.${index}.contentfile_relations`}
            errorPath={claimFilesPath(index)}
            uploadKey={`invoice-${claimKey}`}
            label="請求書"
            description="PDF・JPEG・PNG・HEIC、1ファイル20MBまで。複数のファイルに分かれていても構いません。"
            required
          />
          <FilesField
            form={form}
            relations={`claims.${index}.contentfile_relations`}
            errorPath={`claims.${index}.additional_doc`}
            uploadKey={`additional_doc-${claimKey}`}
            label="追加書類（任意）"
            description="発注書・契約書・納品書など、取引の内容がわかる書類があれば審査がスムーズです。"
          />
        </fieldset>
      </div>
    </section>
  );
}
