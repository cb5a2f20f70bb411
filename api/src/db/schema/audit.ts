import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './accounts';

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
