import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Append-only record of what happened (who did what to which subject). The migration
 * 0001_audit_log_append_only adds triggers that reject UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  actor: text('actor'),
  event: text('event').notNull(),
  subjectType: text('subject_type'),
  subjectId: text('subject_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
});

export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;

// --- Accounts (issue #4) -------------------------------------------------------------------

const tz = { withTimezone: true } as const;

/** Corporate division (spec §1): `none` is "not chosen yet". */
export type CorporateDivisionCode = 'none' | 'corporate' | 'individual';

/**
 * A person with an account: login data, the spec §3 profile, and the review state of spec §3/§4.
 * Text the applicant may leave empty is stored as '' (Django's CharField habit), never null.
 * `email` is unique case-insensitively (index on lower(email)); `version` is the optimistic lock of
 * the profile: every profile PATCH must name the version it read and bumps it.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** argon2id PHC string; null = no usable password (e.g. an account made by external sign-up). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    corporateDivision: text('corporate_division').$type<CorporateDivisionCode>().notNull().default('none'),
    isActive: boolean('is_active').notNull().default(false),
    activatedAt: timestamp('activated_at', tz),
    lastLogin: timestamp('last_login', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** Analytics id the client sent at registration ('' when none). */
    ceresXuid: text('ceres_xuid').notNull().default(''),

    // Profile (spec §3)
    officePhone: text('office_phone').notNull().default(''),
    officeZipcode: text('office_zipcode').notNull().default(''),
    officePrefecture: text('office_prefecture').notNull().default(''),
    officeCity: text('office_city').notNull().default(''),
    officeBuildingNumber: text('office_building_number').notNull().default(''),
    ownerPhone: text('owner_phone').notNull().default(''),
    ownerZipcode: text('owner_zipcode').notNull().default(''),
    ownerPrefecture: text('owner_prefecture').notNull().default(''),
    ownerCity: text('owner_city').notNull().default(''),
    ownerBuildingNumber: text('owner_building_number').notNull().default(''),
    /** The bank account string of spec §3 ('' when none). */
    bankAccount: text('bank_account').notNull().default(''),
    canEditBankAccount: boolean('can_edit_bank_account').notNull().default(true),
    sector: text('sector').notNull().default('unknown'),
    businessSummary: text('business_summary').notNull().default(''),
    hasEntryPermissionWhenDelayed: boolean('has_entry_permission_when_delayed').notNull().default(true),

    // Review state (spec §3, §4): 1 confirming, 2 inadequate, 3 confirmed, 4 nothing, 5 expired.
    identityConfirmation: smallint('identity_confirmation').notNull().default(4),
    identityValidDate: date('identity_valid_date', { mode: 'string' }),
    financialStatementsValidDate: date('financial_statements_valid_date', { mode: 'string' }),
    lastWithdrawalsDetailDate: date('last_withdrawals_detail_date', { mode: 'string' }),
    withdrawalsDetailStatus: smallint('withdrawals_detail_status').notNull().default(4),
    financialStatementsStatus: smallint('financial_statements_status').notNull().default(4),
    hasPreEntryDeclined: boolean('has_pre_entry_declined').notNull().default(false),
    /** The pre-entry screening as answered (issue #9): answers, verdict and reasons; null until answered. */
    preEntry: jsonb('pre_entry').$type<PreEntryRecord>(),
    preEntryAnsweredAt: timestamp('pre_entry_answered_at', tz),
    /** The type of the identity document last submitted (drivingLicence, passport, individualNumber, other). */
    identityDocumentType: text('identity_document_type'),
    allowRedirectToProfile: boolean('allow_redirect_to_profile').notNull().default(true),
    visitedAtEntryPageAfterMailVerification: timestamp('visited_at_entry_page_after_mail_verification', tz),
    userSegment: text('user_segment'),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    check('users_corporate_division_check', sql`${table.corporateDivision} in ('none', 'corporate', 'individual')`),
    check(
      'users_review_status_check',
      sql`${table.identityConfirmation} between 1 and 5 and ${table.withdrawalsDetailStatus} between 1 and 5 and ${table.financialStatementsStatus} between 1 and 5`,
    ),
    check('users_version_check', sql`${table.version} >= 1`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Logged-in sessions, in the database so that any API process can serve any request. The cookie
 * holds a random 32-byte token; the row's id is its SHA-256 (a copy of this table cannot be
 * replayed as cookies). Logging out deletes the row.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Login with persistLoginState: the cookie outlives the browser. */
    persistent: boolean('persistent').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), index('sessions_expires_at_idx').on(table.expiresAt)],
);

export type Session = typeof sessions.$inferSelect;

export type OneTimeTokenPurpose = 'activation' | 'password_reset' | 'mail_change';

/** What `users.pre_entry` holds. */
export interface PreEntryRecord {
  readonly answers: Readonly<Record<string, string | null>>;
  readonly outcome: 'accepted' | 'declined';
  readonly reasons: readonly { readonly question_id: string; readonly reason: string; readonly alternative: string }[];
}

/**
 * Single-use tokens of the links mailed to a person (activation, password reset). Only the
 * token's SHA-256 is stored; `used_at` is set when it is spent.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    usedAt: timestamp('used_at', tz),
    /** What the link carries besides the user, e.g. the new address of a mail change. */
    data: jsonb('data').$type<Record<string, string>>(),
  },
  (table) => [
    uniqueIndex('one_time_tokens_token_hash_key').on(table.tokenHash),
    index('one_time_tokens_user_purpose_idx').on(table.userId, table.purpose),
    check('one_time_tokens_purpose_check', sql`${table.purpose} in ('activation', 'password_reset', 'mail_change')`),
  ],
);

export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

/** Login attempts, for throttling failures per address and per client (any API process sees them). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    attemptedAt: timestamp('attempted_at', tz).notNull(),
    /** The address as typed, lower-cased (it may belong to no account). */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.attemptedAt),
    index('login_attempts_ip_idx').on(table.ip, table.attemptedAt),
  ],
);

/**
 * Requests counted by the rate limits of http/rate-limit.ts (registration, password reset,
 * activation, password change): one row per request and limit, in PostgreSQL so that every API
 * process counts the same. Rows older than a day are deleted (maintenance.ts).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which limit (`register_ip`, `password_reset_email`, …). */
    bucket: text('bucket').notNull(),
    /** What is counted: a client (IPv4 address or IPv6 /64), a lower-cased address, a user id. */
    key: text('key').notNull(),
    at: timestamp('at', tz).notNull(),
  },
  (table) => [index('rate_limit_hits_bucket_key_idx').on(table.bucket, table.key, table.at)],
);

/** Operator settings, one JSON value per key (e.g. `supress_entries`: {method, segment, message}). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', tz).notNull(),
});

// --- Uploads (issue #9) --------------------------------------------------------------------

/**
 * An uploaded file: the row is the metadata, the bytes live in the object storage under
 * `storageKey` (storage/). `name` is for display only (NFC, no path, no control characters);
 * `contentType` is what the file's own bytes say it is, never what the browser claimed.
 * `side` is the identity document's side (front/back), null for other kinds. A delinquency file
 * becomes `active` when the applicant activates it (`PATCH /api/uploads/active_delinquency/`).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    side: text('side').$type<'front' | 'back'>(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    active: boolean('active').notNull().default(false),
    /** When the file was attached to the profile (`addfiles` of a profile PATCH); null while unattached. */
    profileAttachedAt: timestamp('profile_attached_at', tz),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (table) => [
    index('uploads_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('uploads_storage_key_idx').on(table.storageKey),
    check('uploads_side_check', sql`${table.side} is null or ${table.side} in ('front', 'back')`),
    check('uploads_size_check', sql`${table.size} > 0`),
  ],
);

export type Upload = typeof uploads.$inferSelect;

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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (table) => [uniqueIndex('entry_drafts_user_key').on(table.userId), check('entry_drafts_version_check', sql`${table.version} >= 1`)],
);

export type EntryDraft = typeof entryDrafts.$inferSelect;

/** Whole yen (purchase amounts, fees, charges): up to 10^13 - 1 yen, read back as a decimal string. */
const yen = (name: string) => numeric(name, { precision: 15, scale: 0 });
/** A ratio 0 ≤ r ≤ 1 with 4 places (掛目, 手数料率). */
const ratio = (name: string) => numeric(name, { precision: 5, scale: 4 });

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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

// --- Staff (issue 11: the back office) -----------------------------------------------------

/** A staff member's role (`STAFF_ROLES` of the contracts). */
export type StaffRoleCode = 'reviewer' | 'approver' | 'admin';

/**
 * The back office's people, apart from the applicants (`users`): created and disabled by an
 * operator command (`pnpm --filter @app/api run staff:create`). `email` is unique
 * case-insensitively. The TOTP secret of the second factor is stored encrypted (AES-256-GCM with a
 * key derived from STAFF_TOTP_KEY: modules/staff/totp-secret.ts), never in clear;
 * `totpLastCounter` is the 30-second step of the last code accepted, so no code works twice.
 * A disabled account (`disabledAt`) can no longer log in and its sessions stop working.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRoleCode>().notNull(),
    /** argon2id PHC string (accounts/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /** `v1.<iv>.<ciphertext>.<tag>` (base64url): the base32 secret, encrypted. */
    totpSecretEncrypted: text('totp_secret_encrypted').notNull(),
    totpLastCounter: bigint('totp_last_counter', { mode: 'number' }),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
    lastLoginAt: timestamp('last_login_at', tz),
    disabledAt: timestamp('disabled_at', tz),
  },
  (table) => [
    uniqueIndex('staff_members_email_lower_key').on(sql`lower(${table.email})`),
    check('staff_members_role_check', sql`${table.role} in ('reviewer', 'approver', 'admin')`),
    check('staff_members_name_check', sql`${table.name} <> ''`),
  ],
);

export type StaffMemberRow = typeof staffMembers.$inferSelect;

/**
 * Staff sessions, apart from the applicants' (`sessions`): the `staff_sessionid` cookie holds a
 * random token whose SHA-256 is the row's id. Shorter lived: 30 minutes without a request, 8 hours
 * after login at most (accounts/staff-sessions.ts).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('staff_sessions_staff_member_id_idx').on(table.staffMemberId),
    index('staff_sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export type StaffSessionRow = typeof staffSessions.$inferSelect;

/** Staff login attempts, for throttling failures per address and per client (apart from `login_attempts`). */
export const staffLoginAttempts = pgTable(
  'staff_login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    attemptedAt: timestamp('attempted_at', tz).notNull(),
    /** The address as typed, lower-cased (it may belong to no staff account). */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
  },
  (table) => [
    index('staff_login_attempts_email_idx').on(table.email, table.attemptedAt),
    index('staff_login_attempts_ip_idx').on(table.ip, table.attemptedAt),
  ],
);

// --- The operations desk (issue 25) ------------------------------------------------------------

/**
 * Staff notes: an internal memo per applicant, written in the back office. Never part of any
 * applicant answer; each note added is also written to the audit log (`applicant.note_added`).
 */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (table) => [index('staff_notes_user_idx').on(table.userId, table.createdAt)],
);

export type StaffNoteRow = typeof staffNotes.$inferSelect;

/**
 * The record of every mail the API sent (the outbox or SMTP alike): to whom, the subject and when,
 * never the body (mails hold activation and reset links). `user_id` is the account the address
 * belonged to when the mail left (null for an address no account has, e.g. a new address being confirmed).
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    sentAt: timestamp('sent_at', tz).notNull(),
  },
  (table) => [index('mail_log_user_idx').on(table.userId, table.sentAt)],
);
