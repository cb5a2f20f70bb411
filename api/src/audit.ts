import type { Db } from './context';
import { auditLog } from './db/schema';

/** Account events written to the append-only audit_log (the subject is the user). */
export type AccountEvent =
  | 'account.registered'
  /** The activation mail could not be sent: the new (never activated) account was removed again. */
  | 'account.registration_withdrawn'
  /** A registration of an address whose never-activated account's link had expired replaced that account (data: its id). */
  | 'account.registration_replaced'
  /** The hourly job removed a never-activated account whose link had expired (data: the address). */
  | 'account.registration_purged'
  | 'account.activated'
  | 'account.logged_in'
  | 'account.login_failed'
  | 'account.logged_out'
  /** The applicant ended another of their sessions (/profile); data: the session's public id, the device. */
  | 'account.session_revoked'
  /** The applicant logged out everywhere (/profile); data: how many sessions ended. */
  | 'account.logged_out_everywhere'
  | 'account.password_changed'
  | 'account.password_reset_requested'
  | 'account.password_reset'
  | 'account.profile_updated'
  | 'system_settings.changed'
  | 'upload.created'
  | 'upload.deleted'
  | 'upload.delinquency_activated'
  | 'identity.submitted'
  | 'identity.reviewed'
  | 'account.mail_change_requested'
  | 'account.mail_changed'
  | 'pre_entry.answered'
  /** An entry and its claims created under review (POST /api/entries/); subject: the entry. */
  | 'entry.created'
  /** The applicant's moves of an entry (POST /api/entries/{id}/review|cancel|contract/); subject: the entry. */
  | 'entry.resubmitted'
  | 'entry.cancelled'
  | 'entry.contracted'
  /** The applicant changed an offered or signed entry's payout account (payout-account/); the payout is held. */
  | 'entry.bank_account_changed'
  /** Staff (the back office); subject: the staff member (`staff_member`, id). */
  | 'staff.created'
  | 'staff.disabled'
  | 'staff.totp_reset'
  | 'staff.logged_in'
  | 'staff.login_failed'
  | 'staff.logged_out'
  /** A staff member opened an applicant's file (GET /api/staff/uploads/{id}/content/); subject: the upload. */
  | 'upload.viewed_by_staff'
  /** The back office's decisions (staff-decisions/); subject: the entry, actor `staff:<id>`, with before/after. */
  | 'entry.document_reviewed'
  | 'claim.decided'
  | 'entry.marked_inadequate'
  | 'entry.rejected'
  | 'entry.transferred'
  | 'entry.archived'
  | 'entry.approved'
  | 'claim.delayed'
  | 'claim.returned'
  /** A staff member confirmed the changed payout account: the hold ends (payout-account/). */
  | 'entry.bank_account_confirmed'
  /** A staff member downloaded the signed contract (GET /api/staff/entries/{id}/contract/document/); subject: the entry. */
  | 'entry.contract_viewed_by_staff'
  /** A staff note about an applicant (POST /api/staff/applicants/{id}/notes/); subject: the user; data: note id and length. */
  | 'applicant.note_added';

export interface AuditEntry {
  readonly event: AccountEvent;
  readonly at: Date;
  /** Who did it: `user:<id>`, `staff:<id>`, `operator:<name>`, or null for a visitor. */
  readonly actor?: string | null;
  /** The user the event is about, when there is one. */
  readonly userId?: number | null;
  readonly subjectType?: string;
  readonly subjectId?: string;
  readonly data?: Record<string, unknown>;
}

export const userActor = (userId: number): string => `user:${userId}`;
/** A staff member as the actor of a back-office action. */
export const staffActor = (staffMemberId: number): string => `staff:${staffMemberId}`;

/** Appends one row to audit_log (inside the caller's transaction when given one). */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  const userId = entry.userId ?? null;
  await db.insert(auditLog).values({
    occurredAt: entry.at,
    actor: entry.actor === undefined ? (userId === null ? null : userActor(userId)) : entry.actor,
    event: entry.event,
    subjectType: entry.subjectType ?? (userId === null ? null : 'user'),
    subjectId: entry.subjectId ?? (userId === null ? null : String(userId)),
    data: entry.data ?? {},
  });
}
