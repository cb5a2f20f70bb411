import type { AuditEventName } from '@app/contracts';
import type { Db } from './context';
import { auditLog } from './db/schema';

/**
 * The events written to the append-only audit_log, named once in the shared contracts
 * (`AUDIT_EVENT_NAMES`, with what each records): the back office's history has words for each.
 */
export type AccountEvent = AuditEventName;

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
