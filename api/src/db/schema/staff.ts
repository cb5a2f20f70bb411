import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { applicantId, loginAttemptsTable } from './accounts';

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
export const staffLoginAttempts = loginAttemptsTable('staff_login_attempts');

// --- The operations desk (issue 25) ------------------------------------------------------------

/**
 * Staff notes: an internal memo per applicant, written in the back office. Never part of any
 * applicant answer; each note added is also written to the audit log (`applicant.note_added`).
 */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: applicantId(),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (table) => [index('staff_notes_user_idx').on(table.userId, table.createdAt)],
);

export type StaffNoteRow = typeof staffNotes.$inferSelect;
