import { MAX_CLAIMS_PER_ENTRY } from './constants';
import { isSuccessfullyUploaded, type UploadedFileLike } from './financial-statements';
import { MESSAGES } from './messages';
import { parseYen, sumYen } from './money';
import { apiUploadKind } from './statuses';
import {
  fieldErrors,
  isBlank,
  isValid,
  validateAccountHolderName,
  validateBankAccountNumber,
  validateDepositType,
  validateRequired,
  type FieldErrors,
  type InputValue,
} from './validation';

/**
 * The entry (申し込み) rules of spec §5: what a submit needs, the scheduled-deposit warning and when
 * the invoice step is complete. Inputs are loose (every field optional) because they come from a
 * half-filled form as well as from a request body; the contracts (`contracts/entry.ts`) fit them.
 */

/** A payer account of the obliger (売掛先の振込元口座). */
export interface ObligerAccountInput {
  readonly holder_name?: InputValue;
}

/** The account the obliger pays into, with the obliger's payer accounts. */
export interface ReceivePaymentAccountInput {
  readonly bank_name?: InputValue;
  readonly deposit_type?: InputValue;
  readonly bank_account_number?: InputValue;
  readonly obliger_accounts?: readonly ObligerAccountInput[] | null;
}

export interface ClaimInput {
  readonly obliger_company_name?: InputValue;
  /** Face amount including tax (請求書額面（税込）), whole yen as a decimal string. */
  readonly amount?: InputValue;
  /** 売掛先からの銀行振込金額, whole yen as a decimal string. */
  readonly scheduled_deposit_amount_from_obliger?: InputValue;
  readonly obliger_payment_date?: InputValue;
  readonly is_fixed_debt?: boolean | null;
  readonly is_bank_transfer_from_obliger?: boolean | null;
  readonly receive_payment_account?: ReceivePaymentAccountInput | null;
}

export interface EntryInput {
  readonly purchase_amount_desired?: InputValue;
  readonly purpose?: InputValue;
  readonly claims?: readonly ClaimInput[] | null;
}

/** The claim fields every submit requires (§5), in form order. */
export const REQUIRED_CLAIM_FIELDS = [
  'obliger_company_name',
  'amount',
  'scheduled_deposit_amount_from_obliger',
  'obliger_payment_date',
] as const;

/** Whether the submit is the first one (`submit`) or follows an inadequate review (`resubmit`). */
export type SubmitKind = 'submit' | 'resubmit';

/** The claim count rule: `請求書がありません。` with none, `申し込みに登録できる請求書は5個までです。` above 5. */
export function validateClaimCount(claims: readonly ClaimInput[] | null | undefined): string | undefined {
  const count = claims?.length ?? 0;
  if (count === 0) return MESSAGES.noClaims;
  return count > MAX_CLAIMS_PER_ENTRY ? MESSAGES.tooManyClaims : undefined;
}

/**
 * The receive-payment account rules of a first submit: bank name required, the 7-digit number, the
 * deposit type and every payer account holder name (paths relative to the claim).
 */
export function validateReceivePaymentAccount(account: ReceivePaymentAccountInput | null | undefined): FieldErrors {
  const prefix = 'receive_payment_account';
  const holders: Record<string, string | undefined> = {};
  (account?.obliger_accounts ?? []).forEach((payer, index) => {
    holders[`${prefix}.obliger_accounts.${index}.holder_name`] = validateAccountHolderName(payer.holder_name);
  });
  return fieldErrors({
    [`${prefix}.bank_name`]: validateRequired(account?.bank_name),
    [`${prefix}.deposit_type`]: validateDepositType(account?.deposit_type),
    [`${prefix}.bank_account_number`]: validateBankAccountNumber(account?.bank_account_number),
    ...holders,
  });
}

/** One claim of a submit: the four required fields, and on a first submit its receive-payment account. */
export function validateClaimSubmit(claim: ClaimInput, kind: SubmitKind): FieldErrors {
  const required = fieldErrors(Object.fromEntries(REQUIRED_CLAIM_FIELDS.map((field) => [field, validateRequired(claim[field])])));
  return kind === 'submit' ? { ...required, ...validateReceivePaymentAccount(claim.receive_payment_account) } : required;
}

/**
 * §5 entry submit (POST /api/entries/{id}/review/): purchase_amount_desired and purpose required,
 * 1 to 5 claims, each claim's required fields, and on a first submit (not a resubmit) each claim's
 * receive-payment account. With more than 5 claims only the count is reported: the claims are not
 * looked at one by one (the page shows the 599 page of §8), which also keeps `claims` a single
 * message and never a list.
 */
export function validateEntrySubmit(entry: EntryInput, kind: SubmitKind): FieldErrors {
  const errors: Record<string, string> = { ...entryFieldErrors(entry) };
  const claims = entry.claims ?? [];
  const count = validateClaimCount(claims);
  if (count !== undefined) return { ...errors, claims: count };
  claims.forEach((claim, index) => {
    for (const [field, message] of Object.entries(validateClaimSubmit(claim, kind))) errors[`claims.${index}.${field}`] = message;
  });
  return errors;
}

function entryFieldErrors(entry: EntryInput): FieldErrors {
  return fieldErrors({
    purchase_amount_desired: validateRequired(entry.purchase_amount_desired),
    purpose: validateRequired(entry.purpose),
  });
}

/**
 * §5 warning (never blocks a submit): the scheduled deposit from the obliger is larger than the face
 * amount. False while either amount is missing or not a whole-yen amount.
 */
export function isScheduledDepositOverFace(claim: ClaimInput): boolean {
  const face = parseYen(claim.amount);
  const scheduled = parseYen(claim.scheduled_deposit_amount_from_obliger);
  return face !== undefined && scheduled !== undefined && scheduled.gt(face);
}

/** The §5 warnings of an entry by field path (`claims.{i}.scheduled_deposit_amount_from_obliger`). */
export function entryWarnings(entry: EntryInput): FieldErrors {
  const warnings: Record<string, string> = {};
  (entry.claims ?? []).forEach((claim, index) => {
    if (isScheduledDepositOverFace(claim))
      warnings[`claims.${index}.scheduled_deposit_amount_from_obliger`] = MESSAGES.scheduledDepositOverFace;
  });
  return warnings;
}

/** The invoice step requirements of spec §5, each one a reason the step is not complete yet. */
export type InvoiceRequirement =
  | 'purchaseAmountDesired'
  | 'purpose'
  | 'claims'
  | 'fixedDebt'
  | 'bankTransfer'
  | 'claimFields'
  | 'amounts'
  | 'bankDetails'
  | 'holderNames'
  | 'invoiceFile';

export interface InvoiceRequirementsResult {
  readonly complete: boolean;
  /** Unmet requirements, each once, in the order above. */
  readonly missing: readonly InvoiceRequirement[];
}

const INVOICE_REQUIREMENT_ORDER: readonly InvoiceRequirement[] = [
  'purchaseAmountDesired',
  'purpose',
  'claims',
  'fixedDebt',
  'bankTransfer',
  'claimFields',
  'amounts',
  'bankDetails',
  'holderNames',
  'invoiceFile',
];

/** True when the file is a successfully uploaded invoice: kind `invoice` or `invoice-{id}`, uploaded (`isSuccessfullyUploaded`). */
export function isUploadedInvoiceFile(file: UploadedFileLike): boolean {
  return apiUploadKind(file.kind) === 'invoice' && isSuccessfullyUploaded(file);
}

function isPositiveYen(value: InputValue): boolean {
  return parseYen(value)?.gt(0) ?? false;
}

function addClaimRequirements(claim: ClaimInput, found: Set<InvoiceRequirement>): void {
  const account = claim.receive_payment_account ?? {};
  const payers = account.obliger_accounts;
  if (claim.is_fixed_debt !== true) found.add('fixedDebt');
  if (claim.is_bank_transfer_from_obliger !== true) found.add('bankTransfer');
  if (REQUIRED_CLAIM_FIELDS.some((field) => isBlank(claim[field]))) found.add('claimFields');
  if (!isPositiveYen(claim.amount) || !isPositiveYen(claim.scheduled_deposit_amount_from_obliger)) found.add('amounts');
  if (
    isBlank(account.bank_name) ||
    validateBankAccountNumber(account.bank_account_number) !== undefined ||
    validateDepositType(account.deposit_type) !== undefined
  ) {
    found.add('bankDetails');
  }
  if (!payers || payers.length === 0 || payers.some((payer) => validateAccountHolderName(payer.holder_name) !== undefined)) {
    found.add('holderNames');
  }
}

/**
 * §5 invoice requirements complete — the invoice step is done when:
 * - `purchaseAmountDesired`: the desired purchase amount is a whole-yen amount above 0 and not above
 *   the claims' total face amount ("amounts consistent": nobody can sell more than they invoice;
 *   compared only once there are claims and all their face amounts are valid);
 * - `purpose`: the purpose is filled;
 * - `claims`: there are 1 to 5 claims;
 * - per claim: flagged fixed debt (`fixedDebt`) and paid by bank transfer (`bankTransfer`); the four
 *   required fields filled (`claimFields`); both amounts — face and scheduled deposit — whole yen
 *   above 0 (`amounts`); bank name, 7-digit number and deposit type valid (`bankDetails`); at least
 *   one payer account and every holder name valid (`holderNames`);
 * - `invoiceFile`: at least one invoice file uploaded successfully.
 * The scheduled-deposit-over-face case stays a warning, as the spec words it, and does not block.
 */
export function invoiceRequirements(entry: EntryInput, uploads: readonly UploadedFileLike[]): InvoiceRequirementsResult {
  const claims = entry.claims ?? [];
  const found = new Set<InvoiceRequirement>();
  const desired = parseYen(entry.purchase_amount_desired);
  const total = sumYen(claims.map((claim) => claim.amount));
  if (desired === undefined || desired.lte(0) || (claims.length > 0 && total !== undefined && desired.gt(total)))
    found.add('purchaseAmountDesired');
  if (isBlank(entry.purpose)) found.add('purpose');
  if (validateClaimCount(claims) !== undefined) found.add('claims');
  for (const claim of claims) addClaimRequirements(claim, found);
  if (!uploads.some(isUploadedInvoiceFile)) found.add('invoiceFile');
  const missing = INVOICE_REQUIREMENT_ORDER.filter((requirement) => found.has(requirement));
  return { complete: missing.length === 0, missing };
}

/** Convenience for a page: the entry can be submitted (no submit error); warnings do not count. */
export function canSubmitEntry(entry: EntryInput, kind: SubmitKind): boolean {
  return isValid(validateEntrySubmit(entry, kind));
}
