import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';

// --- Accounts (issue #4) -------------------------------------------------------------------

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

/** The applicant a row belongs to (`user_id`): deleted with the account. */
export const applicantId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Logged-in sessions, in the database so that any API process can serve any request. The cookie
 * holds a random 32-byte token; the row's id is its SHA-256 (a copy of this table cannot be
 * replayed as cookies). Logging out deletes the row.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: applicantId(),
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
    userId: applicantId(),
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

/**
 * A table of login attempts, for throttling failures per address and per client (any API process
 * sees them): `login_attempts` for applicants here, `staff_login_attempts` for staff (staff.ts).
 */
export function loginAttemptsTable(name: string) {
  return pgTable(
    name,
    {
      id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      attemptedAt: timestamp('attempted_at', tz).notNull(),
      /** The address as typed, lower-cased (it may belong to no account). */
      email: text('email').notNull(),
      ip: text('ip').notNull(),
      succeeded: boolean('succeeded').notNull(),
    },
    (table) => [index(`${name}_email_idx`).on(table.email, table.attemptedAt), index(`${name}_ip_idx`).on(table.ip, table.attemptedAt)],
  );
}

/** Applicants' login attempts (modules/auth/throttle.ts). */
export const loginAttempts = loginAttemptsTable('login_attempts');

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
