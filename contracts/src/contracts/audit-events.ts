/**
 * Every event the API writes to the append-only audit log (`audit_log.event`), named once: the API
 * types `writeAudit` with this union (api/src/audit.ts), and the back office's history formatter
 * (mfe-backoffice/src/model/history-words.ts) is a `Record<AuditEventName, …>`, so an event the
 * API can write without words for it fails the typecheck.
 */
export const AUDIT_EVENT_NAMES = [
  // Account events; the subject is the user.
  'account.registered',
  /** The activation mail could not be sent: the new (never activated) account was removed again. */
  'account.registration_withdrawn',
  /** A registration of an address whose never-activated account's link had expired replaced that account (data: its id). */
  'account.registration_replaced',
  /** The hourly job removed a never-activated account whose link had expired (data: the address). */
  'account.registration_purged',
  'account.activated',
  'account.logged_in',
  'account.login_failed',
  'account.logged_out',
  /** The applicant ended another of their sessions (/profile); data: the session's public id, the device. */
  'account.session_revoked',
  /** The applicant logged out everywhere (/profile); data: how many sessions ended. */
  'account.logged_out_everywhere',
  'account.password_changed',
  'account.password_reset_requested',
  'account.password_reset',
  'account.profile_updated',
  /** An operator put the applicant in a user segment or took them out (`users:segment`); data: before/after `user_segment`. */
  'account.segment_changed',
  'system_settings.changed',
  'upload.created',
  'upload.deleted',
  'upload.delinquency_activated',
  /** data: before/after `identity_confirmation` (a code) and `identity_document_type`, the files. */
  'identity.submitted',
  /** data: before/after `identity_confirmation` (a name) and `identity_valid_date`, the reason, `identity_document_type`. */
  'identity.reviewed',
  'account.mail_change_requested',
  'account.mail_changed',
  'pre_entry.answered',
  /** An entry and its claims created under review (POST /api/entries/); subject: the entry. */
  'entry.created',
  /** The applicant's moves of an entry (POST /api/entries/{id}/review|cancel|contract/); subject: the entry. */
  'entry.resubmitted',
  'entry.cancelled',
  'entry.contracted',
  /** The applicant changed an offered or signed entry's payout account (payout-account/); the payout is held. */
  'entry.bank_account_changed',
  /** Staff (the back office); subject: the staff member (`staff_member`, id). */
  'staff.created',
  'staff.disabled',
  'staff.totp_reset',
  'staff.logged_in',
  'staff.login_failed',
  'staff.logged_out',
  /** An accounting export was downloaded (GET /api/staff/exports/…/); data: which, the period, the rows. */
  'staff.export_downloaded',
  /** A digest mail to STAFF_NOTIFY_EMAIL (staff-notify/); subject: its kind; data: kind, count, the last audit row it covered. */
  'staff.notified',
  /** A staff member opened an applicant's file (GET /api/staff/uploads/{id}/content/); subject: the upload. */
  'upload.viewed_by_staff',
  /** The back office's decisions (staff-decisions/); subject: the entry, actor `staff:<id>`, with before/after. */
  'entry.document_reviewed',
  'claim.decided',
  'entry.marked_inadequate',
  'entry.rejected',
  'entry.transferred',
  'entry.archived',
  'entry.approved',
  /** A staff member took an entry (担当) or let it go; data: before/after staff id and name. */
  'entry.assignee_changed',
  'claim.delayed',
  'claim.returned',
  /** A staff member confirmed the changed payout account: the hold ends (payout-account/). */
  'entry.bank_account_confirmed',
  /** A staff member downloaded the signed contract (GET /api/staff/entries/{id}/contract/document/); subject: the entry. */
  'entry.contract_viewed_by_staff',
  /** A staff note about an applicant (POST /api/staff/applicants/{id}/notes/); subject: the user; data: note id and length. */
  'applicant.note_added',
] as const;

export type AuditEventName = (typeof AUDIT_EVENT_NAMES)[number];

export const isAuditEventName = (value: unknown): value is AuditEventName =>
  typeof value === 'string' && (AUDIT_EVENT_NAMES as readonly string[]).includes(value);
