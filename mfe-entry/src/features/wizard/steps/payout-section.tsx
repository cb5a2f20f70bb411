import { useEffect, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { api } from '@app/shared';
import { normalizeAccountHolderName } from '@app/contracts/domain';
import { HOLDER_NAME_INPUT } from '../../../components';
import { AccountNumberField, DepositTypeField, FieldSlot, NormalizedField } from '../components/fields';
import { PayoutBankFields } from '../components/pickers';
import type { WizardDocument } from '../model/document';
import { isPayoutEmpty, payoutAccountString, payoutOf } from '../model/payout';

export const PAYOUT_SECTION_ID = 'payout-account';

export const PAYOUT_SECTION_MESSAGES = {
  lead: '買取代金をお振込みする口座です。通帳やキャッシュカードに記載のとおりご入力ください。',
  prefilled: 'ご登録の振込先口座を入力しました。別の口座にお振込みを希望される場合は、書き換えてください。',
  holder: HOLDER_NAME_INPUT.description,
} as const;

/** The profile's account string, read once (the profile group of the catalogue is loaded only here). */
async function profileAccount(): Promise<string | null> {
  const { profile } = await import('@app/contracts/endpoints');
  return (await api(profile.get)).bank_account;
}

/**
 * 振込先口座 on the withdrawals detail page (the last page, where the submit is; `bank_account` is a
 * field of that step): the account the purchase price is paid into, with the same 全銀 bank/branch
 * picker as the statements' banks and the holder-name normalisation of the profile. Prefilled from
 * the profile's account when the draft has none. The fields are saved as typed (`payout_account`);
 * `bank_account`, the string the entry takes, follows them (null until every rule holds).
 */
export function PayoutSection({ form }: { readonly form: UseFormReturn<WizardDocument> }) {
  const { control, getValues, setValue } = form;
  const payout = useWatch({ control, name: 'payout_account' });
  const [prefilled, setPrefilled] = useState(false);

  // Prefill once: the draft's own account string (saved without its fields), else the profile's.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!isPayoutEmpty(getValues('payout_account'))) return;
    const own = payoutOf(getValues('bank_account'));
    if (own !== null) {
      setValue('payout_account', own);
      return;
    }
    let live = true;
    profileAccount()
      .then((text) => {
        const fromProfile = payoutOf(text);
        if (!live || fromProfile === null || !isPayoutEmpty(getValues('payout_account'))) return;
        setValue('payout_account', fromProfile);
        setPrefilled(true);
      })
      .catch(() => undefined); // no prefill: the applicant types the account
    return () => {
      live = false;
    };
  }, [getValues, setValue]);

  // The string the entry takes follows the fields.
  useEffect(() => {
    const formed = payoutAccountString(payout);
    if (formed !== (getValues('bank_account') ?? null)) setValue('bank_account', formed);
  }, [payout, getValues, setValue]);

  return (
    <section className="card payout" id={PAYOUT_SECTION_ID} aria-labelledby={`${PAYOUT_SECTION_ID}-heading`}>
      <h2 id={`${PAYOUT_SECTION_ID}-heading`} className="section-heading" tabIndex={-1}>
        振込先口座
      </h2>
      <FieldSlot path="bank_account" exact>
        <div className="wizard-stack">
          <p className="small">{PAYOUT_SECTION_MESSAGES.lead}</p>
          {prefilled && (
            <p className="notice small" role="status">
              {PAYOUT_SECTION_MESSAGES.prefilled}
            </p>
          )}
          <PayoutBankFields control={control} />
          <DepositTypeField control={control} name="payout_account.deposit_type" />
          <AccountNumberField control={control} name="payout_account.bank_account_number" />
          <NormalizedField
            control={control}
            name="payout_account.account_holder_name"
            {...HOLDER_NAME_INPUT}
            normalize={normalizeAccountHolderName}
          />
        </div>
      </FieldSlot>
    </section>
  );
}
