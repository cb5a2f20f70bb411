import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
