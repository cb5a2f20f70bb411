/** The entry wizard's suggestion fields and the account inputs (see the comment at the top of each file for props). */
export { BankPicker, BANK_PICKER_MESSAGES, EMPTY_BANK_PICKER_VALUE, type BankPickerProps, type BankPickerValue } from './bank-picker';
export {
  CorporationSuggest,
  CORPORATION_SUGGEST_MESSAGES,
  EMPTY_CORPORATION_VALUE,
  type CorporationSuggestProps,
  type CorporationValue,
} from './corporation-suggest';
export { SuggestField, SUGGEST_DEBOUNCE_MS, SUGGEST_MESSAGES, type SuggestFieldProps } from './suggest-field';
export { ACCOUNT_NUMBER_INPUT, DEPOSIT_TYPE_OPTIONS, HOLDER_NAME_INPUT } from './account-fields';
