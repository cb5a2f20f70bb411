import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tz } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Idempotency keys (issue 27, the IETF httpapi Idempotency-Key draft; http/idempotency.ts): one row
 * per user (`owner`: `applicant:<id>` or `staff:<id>`) and key. Claimed before the request runs
 * (`status` null: still in progress), then holding the first answer — status, the headers that
 * matter and the body's bytes — replayed for the same key and the same request (`fingerprint`:
 * sha256 of method, path and body). Kept 24 h (`expires_at`), swept by the hourly job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: bytea('body'),
    createdAt: timestamp('created_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [table.owner, table.key] }),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
  ],
);
