import * as z from 'zod/mini';

/**
 * `GET /api/system_settings/supress_entries/` (spec §3 "System setting for suppressing entries", §7;
 * the path keeps the API's spelling). `method` says what is suppressed (`stop_new_entry`,
 * `maintenance`: `SUPPRESS_ENTRIES_METHOD` of the domain; any other value, or null, suppresses
 * nothing — so the schema accepts any text and the domain decides), `segment` which users, and
 * `message` what they are told. Each is null when not set.
 */
export const SuppressEntriesSchema = z.object({
  method: z.nullable(z.string()),
  segment: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
export type SuppressEntries = z.infer<typeof SuppressEntriesSchema>;
