import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { applicantId } from './accounts';

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
    userId: applicantId(),
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
