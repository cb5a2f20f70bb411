import * as z from 'zod/mini';
import { DEPOSIT_TYPES } from '../domain/constants';
import { DOCUMENT_GROUPS } from '../domain/document-review';
import { TAX_RETURN_METHODS } from '../domain/financial-statements';
import { MESSAGES } from '../domain/messages';
import { BANK_FILE_FORMATS, CORPORATE_DIVISIONS } from '../domain/statuses';
import { validateEntrySubmit, type SubmitKind } from '../domain/validation-entry';
import { DateInputSchema, FeeRatioSchema, PurchaseRatioSchema, YenInputSchema, YenStringSchema, addFieldErrors } from './amounts';
import {
  ClaimStatusSchema,
  ConfirmationStatusSchema,
  ContentFileSchema,
  DateSchema,
  DateTimeSchema,
  EntryStatusSchema,
  IdSchema,
  MetadataSchema,
} from './common';
import { ENTRY_LINE, ENTRY_PURPOSE, nullishHumanText } from './human-text';

/** A line of text of an entry form (human-text.ts): bounded, no control or bidi characters, one line. */
export const EntryLineSchema = nullishHumanText(ENTRY_LINE);

/**
 * Entries, claims and draft entries (spec §3 "Entry", "Claim", "Draft entry"; §7 `/api/entries/`).
 * Amounts are decimal strings; face amounts, fees and charges are whole yen (money.ts).
 */

// ---------------------------------------------------------------------------------------------
// Responses: GET /api/entries/, GET /api/entries/{id}/
// ---------------------------------------------------------------------------------------------

export const DepositTypeSchema = z.enum(DEPOSIT_TYPES, { error: MESSAGES.depositType });

/** A payer account of the obliger: the name its transfers arrive under. */
export const ObligerAccountSchema = z.object({ holder_name: z.string() });

/** The account the obliger pays the claim into, and the obliger's payer accounts. */
export const ReceivePaymentAccountSchema = z.object({
  bank_name: z.string(),
  deposit_type: DepositTypeSchema,
  bank_account_number: z.string(),
  obliger_accounts: z.array(ObligerAccountSchema),
});
export type ReceivePaymentAccount = z.infer<typeof ReceivePaymentAccountSchema>;

/** A claim (請求書). The purchase figures are null until the claim has a purchase amount (spec §4). */
export const ClaimSchema = z.object({
  id: IdSchema,
  code: z.string(),
  status: ClaimStatusSchema,
  invoice_confirmation_status: ConfirmationStatusSchema,
  additional_doc_confirmation_status: ConfirmationStatusSchema,
  obliger_company_name: z.string(),
  houjinbangou: z.nullable(z.string()),
  houjinbangou_address: z.nullable(z.string()),
  /** Face amount including tax (請求書額面（税込）). */
  amount: YenStringSchema,
  scheduled_deposit_amount_from_obliger: YenStringSchema,
  purchase_principal_amount: z.nullable(YenStringSchema),
  purchase_amount: z.nullable(YenStringSchema),
  purchase_ratio: z.nullable(PurchaseRatioSchema),
  purchase_fee: z.nullable(YenStringSchema),
  purchase_fee_ratio: z.nullable(FeeRatioSchema),
  bank_charge: z.nullable(YenStringSchema),
  obliger_payment_date: DateSchema,
  is_fixed_debt: z.boolean(),
  is_bank_transfer_from_obliger: z.boolean(),
  return_date: z.nullable(DateSchema),
  returned_at: z.nullable(DateTimeSchema),
  cancelled_at: z.nullable(DateTimeSchema),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
  contentfiles: z.array(ContentFileSchema),
  metadata: MetadataSchema,
  receive_payment_account: z.nullable(ReceivePaymentAccountSchema),
});
export type Claim = z.infer<typeof ClaimSchema>;

/**
 * A document group the reviewer found inadequate, and why (issue 11): the entry's withdrawals details
 * or financial statements (`claim_id` null), or one claim's invoice or additional documents.
 */
export const InadequateDocumentSchema = z.object({
  group: z.enum(DOCUMENT_GROUPS),
  claim_id: z.nullable(IdSchema),
  reason: z.string(),
});
export type InadequateDocument = z.infer<typeof InadequateDocumentSchema>;

/** An address of the contracting party, as it stood at the approval. */
export const ContractPartyAddressSchema = z.object({
  zipcode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  building_number: z.string(),
});
export type ContractPartyAddress = z.infer<typeof ContractPartyAddressSchema>;

/**
 * Not in the spec (issue 23): the contracting party fixed at the approval — who the contract and its
 * PDF name, never the live profile. `company_name` is the corporation's name (for an individual, the
 * trade name the profile held, which the contract does not print); `address` is the one the contract
 * prints: the office's for a corporation, the owner's otherwise.
 */
export const ContractPartySchema = z.object({
  corporate_division: z.enum(CORPORATE_DIVISIONS),
  company_name: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  address: ContractPartyAddressSchema,
});
export type ContractParty = z.infer<typeof ContractPartySchema>;

/**
 * An entry (申し込み). Interpretations: `user` is the applicant's id; `contract_period` is the last
 * day the offer can be signed (null until reviewed); `bank_account` is the bank account string of
 * bank-account.ts.
 */
export const EntrySchema = z.object({
  id: IdSchema,
  code: z.string(),
  status: EntryStatusSchema,
  account_activity_statement_confirmation_status: ConfirmationStatusSchema,
  financial_statement_confirmation_status: ConfirmationStatusSchema,
  channel_type: z.nullable(z.string()),
  purchase_amount_desired: YenStringSchema,
  purpose: z.string(),
  description_of_inadequate_document: z.nullable(z.string()),
  contracted_at: z.nullable(DateTimeSchema),
  transferred_at: z.nullable(DateTimeSchema),
  cancelled_at: z.nullable(DateTimeSchema),
  reviewed_at: z.nullable(DateTimeSchema),
  rejected_at: z.nullable(DateTimeSchema),
  transaction_completed_at: z.nullable(DateTimeSchema),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
  user: IdSchema,
  claims: z.array(ClaimSchema),
  addfiles: z.array(ContentFileSchema),
  metadata: MetadataSchema,
  draft_entry_id: z.nullable(IdSchema),
  auto_rejection_started_at: z.nullable(DateTimeSchema),
  contract_period: z.nullable(DateSchema),
  bank_account: z.nullable(z.string()),
  /**
   * Not in the spec (issue 11): each inadequate document group with the reviewer's reason, so the
   * detail and resubmit pages ask again for exactly those; `description_of_inadequate_document`
   * is the same reasons as one text.
   */
  inadequate_documents: z._default(z.array(InadequateDocumentSchema), []),
  /** Not in the spec: whether the signed contract PDF exists (`GET /api/entries/{id}/contract/document/`). */
  has_contract_document: z._default(z.boolean(), false),
  /**
   * Not in the spec (issue 22): since when the payout is on hold — the applicant changed the payout
   * account after the offer and no staff member has confirmed the new one yet (null: no hold);
   * `payout_hold_previous_bank_account` is the account before that change.
   */
  payout_hold_at: z._default(z.nullable(DateTimeSchema), null),
  payout_hold_previous_bank_account: z._default(z.nullable(z.string()), null),
  /**
   * Not in the spec (issue 23): the contracting party as approved, on an offer (reviewed) and a
   * contract (contracted, transferred, or archived after the contract); null before the approval,
   * on an offer that ended unsigned, and on offers approved before issue 23.
   */
  contract_party: z._default(z.nullable(ContractPartySchema), null),
});
export type Entry = z.infer<typeof EntrySchema>;

/** `GET /api/entries/`. */
export const EntryListSchema = z.array(EntrySchema);

// ---------------------------------------------------------------------------------------------
// Requests: POST /api/entries/ (create = first submit), POST /api/entries/{id}/review/
// ---------------------------------------------------------------------------------------------

/**
 * What a form sends: every field may still be empty, so the domain (`validateEntrySubmit`) can say
 * what is missing with the spec's messages. Values that are present must be readable: whole-yen
 * amounts, `YYYY-MM-DD` dates, a deposit type of ordinary or checking.
 */
export const ObligerAccountInputSchema = z.object({ holder_name: EntryLineSchema });

export const ReceivePaymentAccountInputSchema = z.object({
  bank_name: EntryLineSchema,
  deposit_type: z.nullish(DepositTypeSchema),
  bank_account_number: EntryLineSchema,
  obliger_accounts: z.nullish(z.array(ObligerAccountInputSchema)),
});

export const ClaimInputSchema = z.object({
  obliger_company_name: EntryLineSchema,
  houjinbangou: EntryLineSchema,
  houjinbangou_address: EntryLineSchema,
  amount: YenInputSchema,
  scheduled_deposit_amount_from_obliger: YenInputSchema,
  obliger_payment_date: DateInputSchema,
  is_fixed_debt: z.nullish(z.boolean()),
  is_bank_transfer_from_obliger: z.nullish(z.boolean()),
  receive_payment_account: z.nullish(ReceivePaymentAccountInputSchema),
});
export type ClaimInput = z.infer<typeof ClaimInputSchema>;

export const EntryInputSchema = z.object({
  purchase_amount_desired: YenInputSchema,
  purpose: nullishHumanText(ENTRY_PURPOSE),
  claims: z.nullish(z.array(ClaimInputSchema)),
  draft_entry_id: z.nullish(IdSchema),
});
export type EntryInput = z.infer<typeof EntryInputSchema>;

/** The submit rules of spec §5 on top of the shape: `submit` (first) or `resubmit`. */
export function entrySubmitSchema(kind: SubmitKind) {
  return EntryInputSchema.check(z.superRefine((entry, ctx) => addFieldErrors(ctx, validateEntrySubmit(entry, kind))));
}

/** `POST /api/entries/`: creating an entry is its first submit. */
export const EntryCreateSchema = entrySubmitSchema('submit');
/** `POST /api/entries/{id}/review/` for an inadequate entry (the body is not shown in the spec; it is the entry again). */
export const EntryResubmitSchema = entrySubmitSchema('resubmit');

// ---------------------------------------------------------------------------------------------
// Draft entry (the wizard's saved progress)
// ---------------------------------------------------------------------------------------------

/** A bank of the withdrawals-detail step with its statement files. */
export const DraftBankSchema = z.object({
  bank_name: EntryLineSchema,
  bank_account_number: EntryLineSchema,
  file_format: z.nullish(z.enum(BANK_FILE_FORMATS)),
  contentfile_relations: z._default(z.array(ContentFileSchema), []),
});

export const DraftClaimSchema = z.extend(ClaimInputSchema, { contentfile_relations: z._default(z.array(ContentFileSchema), []) });

/**
 * A draft entry: what the steps saved so far, checked for format only (a draft may be incomplete).
 * Interpretation: `tax_return_submissions` is how an individual filed the tax return (e-Tax or on
 * paper, `TAX_RETURN_METHODS`), null until answered.
 */
export const DraftEntrySchema = z.object({
  id: z.optional(IdSchema),
  banks: z._default(z.array(DraftBankSchema), []),
  bank_account: z.nullish(z.string()),
  claims: z._default(z.array(DraftClaimSchema), []),
  can_submit_financial_statements: z.nullish(z.boolean()),
  tax_return_submissions: z.nullish(z.enum(TAX_RETURN_METHODS)),
});
export type DraftEntry = z.infer<typeof DraftEntrySchema>;
