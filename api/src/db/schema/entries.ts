import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ratio, tz, yen } from './columns';
import { applicantId, type CorporateDivisionCode } from './accounts';
import { uploads } from './uploads';
import { staffMembers } from './staff';

// --- Entries (issue #10) -------------------------------------------------------------------

/**
 * The entry wizard's draft (spec §3 "Draft entry"): one per applicant, the whole document as JSON,
 * saved under an optimistic `version` lock (a save names the version it read; 0 = none yet). The
 * file relations in `data` were checked to be the applicant's own uploads when saved.
 */
export const entryDrafts = pgTable(
  'entry_drafts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: applicantId(),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (table) => [uniqueIndex('entry_drafts_user_key').on(table.userId), check('entry_drafts_version_check', sql`${table.version} >= 1`)],
);

export type EntryDraft = typeof entryDrafts.$inferSelect;

/**
 * An entry (申し込み, spec §3 "Entry"): created under review by `POST /api/entries/` (the first
 * submit). Amounts are numeric (decimal strings in and out). `code` is `E-` and the id on 6 digits.
 * `metadata` keeps what the applicant declared that has no column of its own (the financial
 * statement type and answers, the banks of the withdrawals details and their files).
 */
export const entries = pgTable(
  'entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    userId: applicantId(),
    status: smallint('status').notNull().default(1),
    accountActivityStatementConfirmationStatus: smallint('account_activity_statement_confirmation_status').notNull().default(4),
    financialStatementConfirmationStatus: smallint('financial_statement_confirmation_status').notNull().default(4),
    channelType: text('channel_type'),
    purchaseAmountDesired: yen('purchase_amount_desired').notNull(),
    purpose: text('purpose').notNull(),
    descriptionOfInadequateDocument: text('description_of_inadequate_document'),
    contractedAt: timestamp('contracted_at', tz),
    transferredAt: timestamp('transferred_at', tz),
    cancelledAt: timestamp('cancelled_at', tz),
    reviewedAt: timestamp('reviewed_at', tz),
    rejectedAt: timestamp('rejected_at', tz),
    transactionCompletedAt: timestamp('transaction_completed_at', tz),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** The draft the entry was made from (the draft row itself is deleted by the submit). */
    draftEntryId: integer('draft_entry_id'),
    autoRejectionStartedAt: timestamp('auto_rejection_started_at', tz),
    /** The last day the offer can be signed (null until reviewed). */
    contractPeriod: date('contract_period', { mode: 'string' }),
    /** The applicant's account for the purchase price (bank account string, bank-account.ts). */
    bankAccount: text('bank_account'),
    /**
     * The document groups the reviewer found inadequate, with the reasons the applicant reads
     * (`InadequateDocument` of the contracts); emptied group by group as they are confirmed or resubmitted.
     */
    inadequateDocuments: jsonb('inadequate_documents').$type<InadequateDocumentRecord[]>().notNull().default([]),
    /** Who approved the terms (the second person: never whoever priced a claim) and when. */
    approvedByStaffId: integer('approved_by_staff_id').references(() => staffMembers.id),
    approvedAt: timestamp('approved_at', tz),
    /** Storage key of the signed contract PDF (null before the contract). */
    contractDocumentKey: text('contract_document_key'),
    /**
     * The payout is on hold since then: the applicant changed the payout account after the offer
     * (reviewed or contracted), and no staff member has confirmed the new one yet. Null: no hold.
     */
    payoutHoldAt: timestamp('payout_hold_at', tz),
    /** The account before that change (what staff compare the new one with); null with no hold. */
    payoutHoldPreviousBankAccount: text('payout_hold_previous_bank_account'),
    /**
     * The contracting party as approved (issue 23): who was checked is who signs. Written by the
     * approval; the contract page, the signing and the PDF read it, never the live user row. Null
     * before the approval (and on offers approved before issue 23).
     */
    contractParty: jsonb('contract_party').$type<ContractPartyRecord>(),
    /**
     * When the applicant last resubmitted the documents sent back (null: never). The queue shows how
     * long an entry has waited since it came (back) to the reviewers: this, else created_at.
     */
    resubmittedAt: timestamp('resubmitted_at', tz),
    /** The staff member who took the entry (担当) and since when; null: nobody has it. */
    assigneeStaffId: integer('assignee_staff_id').references(() => staffMembers.id),
    assignedAt: timestamp('assigned_at', tz),
  },
  (table) => [
    uniqueIndex('entries_code_key').on(table.code),
    index('entries_user_idx').on(table.userId, table.createdAt),
    // The review queue: one status, oldest (or newest) first, a page at a time (issue 25's bench:staff).
    index('entries_status_created_idx').on(table.status, table.createdAt, table.id),
    check('entries_status_check', sql`${table.status} between 1 and 6`),
    check(
      'entries_confirmation_status_check',
      sql`${table.accountActivityStatementConfirmationStatus} between 1 and 5 and ${table.financialStatementConfirmationStatus} between 1 and 5`,
    ),
    check('entries_purchase_amount_desired_check', sql`${table.purchaseAmountDesired} >= 0`),
  ],
);

export type EntryRow = typeof entries.$inferSelect;

/** One address of the profile (office or owner), as it stood at the approval. */
export interface ContractPartyAddressRecord {
  readonly zipcode: string;
  readonly prefecture: string;
  readonly city: string;
  readonly building_number: string;
}

/** The contracting party of an entry, fixed at the approval (`entries.contract_party`). */
export interface ContractPartyRecord {
  readonly corporate_division: CorporateDivisionCode;
  readonly company_name: string;
  readonly last_name: string;
  readonly first_name: string;
  readonly email: string;
  readonly office: ContractPartyAddressRecord;
  readonly owner: ContractPartyAddressRecord;
  /** The identity document and its review when the offer was approved. */
  readonly identity: {
    readonly document_type: string | null;
    readonly confirmation: number;
    readonly valid_date: string | null;
    /** ISO time of the last `identity.reviewed`; null when none is logged. */
    readonly reviewed_at: string | null;
  };
  /** The payout account approved with the offer (the entry's own copy, `entries.bank_account`, may change later under a payout hold). */
  readonly bank_account: string | null;
}

/** One inadequate document group of an entry (`entries.inadequate_documents`). */
export interface InadequateDocumentRecord {
  readonly group: 'withdrawals_detail' | 'financial_statements' | 'invoice' | 'additional_doc';
  readonly claim_id: number | null;
  readonly reason: string;
}

/** The account the obliger pays a claim into, with the obliger's payer accounts (holder names normalised). */
export interface ReceivePaymentAccountRecord {
  readonly bank_name: string;
  readonly deposit_type: 'ordinary' | 'checking';
  readonly bank_account_number: string;
  readonly obliger_accounts: readonly { readonly holder_name: string }[];
}

/**
 * A claim (請求書, spec §3 "Claim") of an entry, in the entry's order (`position`). `draftKey` is the
 * claim's key in the draft, which names its upload keys (`invoice-{key}`, `additional_doc-{key}`).
 * The purchase figures stay null until the review sets them.
 */
export const claims = pgTable(
  'claims',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: smallint('position').notNull(),
    draftKey: text('draft_key').notNull(),
    status: smallint('status').notNull().default(1),
    invoiceConfirmationStatus: smallint('invoice_confirmation_status').notNull().default(4),
    additionalDocConfirmationStatus: smallint('additional_doc_confirmation_status').notNull().default(4),
    obligerCompanyName: text('obliger_company_name').notNull(),
    houjinbangou: text('houjinbangou'),
    houjinbangouAddress: text('houjinbangou_address'),
    amount: yen('amount').notNull(),
    scheduledDepositAmountFromObliger: yen('scheduled_deposit_amount_from_obliger').notNull(),
    purchasePrincipalAmount: yen('purchase_principal_amount'),
    purchaseAmount: yen('purchase_amount'),
    purchaseRatio: ratio('purchase_ratio'),
    purchaseFee: yen('purchase_fee'),
    purchaseFeeRatio: ratio('purchase_fee_ratio'),
    bankCharge: yen('bank_charge'),
    obligerPaymentDate: date('obliger_payment_date', { mode: 'string' }).notNull(),
    isFixedDebt: boolean('is_fixed_debt').notNull(),
    isBankTransferFromObliger: boolean('is_bank_transfer_from_obliger').notNull(),
    returnDate: date('return_date', { mode: 'string' }),
    returnedAt: timestamp('returned_at', tz),
    cancelledAt: timestamp('cancelled_at', tz),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    receivePaymentAccount: jsonb('receive_payment_account').$type<ReceivePaymentAccountRecord>(),
    /** Who set the purchase terms (can_buy) and when: the approver must be someone else. */
    pricedByStaffId: integer('priced_by_staff_id').references(() => staffMembers.id),
    pricedAt: timestamp('priced_at', tz),
  },
  (table) => [
    uniqueIndex('claims_code_key').on(table.code),
    uniqueIndex('claims_entry_position_key').on(table.entryId, table.position),
    check('claims_status_check', sql`${table.status} between 1 and 9`),
    check(
      'claims_confirmation_status_check',
      sql`${table.invoiceConfirmationStatus} between 1 and 5 and ${table.additionalDocConfirmationStatus} between 1 and 5`,
    ),
    check('claims_amounts_check', sql`${table.amount} >= 0 and ${table.scheduledDepositAmountFromObliger} >= 0`),
  ],
);

export type ClaimRow = typeof claims.$inferSelect;

/**
 * The files submitted with an entry: financial statements and withdrawals details (`claimId` null;
 * `bankKey` names the bank of a withdrawals-detail file) and each claim's invoice and additional
 * documents. An upload is submitted at most once (the primary key) and, once here, can no longer be
 * deleted by the applicant (uploads/service.ts `removeUpload`). `kind` is the upload key as the
 * entry lists it (`pl`, `invoice-3`, `withdrawals_detail-1`).
 */
export const entryFiles = pgTable(
  'entry_files',
  {
    uploadId: integer('upload_id')
      .primaryKey()
      .references(() => uploads.id),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    claimId: integer('claim_id').references(() => claims.id, { onDelete: 'cascade' }),
    bankKey: text('bank_key'),
    kind: text('kind').notNull(),
    position: smallint('position').notNull(),
    attachedAt: timestamp('attached_at', tz).notNull(),
  },
  (table) => [index('entry_files_entry_idx').on(table.entryId)],
);

export type EntryFileRow = typeof entryFiles.$inferSelect;
