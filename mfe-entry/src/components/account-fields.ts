import { DEPOSIT_TYPE_LABELS, DEPOSIT_TYPES } from '@app/contracts/domain';

/**
 * The parts of a bank account every account form of mfe-entry asks the same way (the wizard's
 * claims and payout account, the statements' banks, the payout change of an entry's page): 預金種別's
 * choices and the inputs of 口座番号 and 口座名義 (each form applies the domain's normaliser on blur).
 */
export const DEPOSIT_TYPE_OPTIONS = DEPOSIT_TYPES.map((type) => ({ value: type, label: DEPOSIT_TYPE_LABELS[type] }));

export const ACCOUNT_NUMBER_INPUT = {
  label: '口座番号（7桁）',
  inputMode: 'numeric',
  autoComplete: 'off',
  maxLength: 7,
  placeholder: '例: 1234567',
} as const;

export const HOLDER_NAME_INPUT = {
  label: '口座名義（カナ）',
  autoComplete: 'off',
  maxLength: 30,
  placeholder: '例: カ）ツムギシヨウジ',
  description: '通帳に記載のとおり、カタカナで入力してください。',
} as const;
