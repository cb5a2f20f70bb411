import { eq } from 'drizzle-orm';
import type { SuppressEntries } from '@app/contracts';
import { writeAudit } from '../../audit';
import type { Db } from '../../context';
import { systemSettings } from '../../db/schema';

/** The row of system_settings that holds the entry suppression (spec §3). */
export const SUPPRESS_ENTRIES_KEY = 'suppress_entries';

export const NO_SUPPRESSION: SuppressEntries = { method: null, segment: null, message: null };

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The current setting; all null when the operator never set one. */
export async function getSuppressEntries(db: Db): Promise<SuppressEntries> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, SUPPRESS_ENTRIES_KEY));
  if (row === undefined) return NO_SUPPRESSION;
  return { method: textOrNull(row.value.method), segment: textOrNull(row.value.segment), message: textOrNull(row.value.message) };
}

/** Replaces the setting (an operator's command) and records who changed it from what to what. */
export async function setSuppressEntries(db: Db, value: SuppressEntries, meta: { actor: string; now: Date }): Promise<SuppressEntries> {
  return db.transaction(async (tx) => {
    const before = await getSuppressEntries(tx);
    await tx
      .insert(systemSettings)
      .values({ key: SUPPRESS_ENTRIES_KEY, value: { ...value }, updatedAt: meta.now })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: { ...value }, updatedAt: meta.now } });
    await writeAudit(tx, {
      event: 'system_settings.changed',
      at: meta.now,
      actor: meta.actor,
      subjectType: 'system_setting',
      subjectId: SUPPRESS_ENTRIES_KEY,
      data: { before, after: value },
    });
    return value;
  });
}
