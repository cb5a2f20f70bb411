import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tz } from './columns';

// --- Field telemetry (issue 26): aggregates per minute, raw samples only for errors ----------------
//
// Written in batches by modules/telemetry/ingest.ts (`insert … on conflict do update set n = n +
// excluded.n`), read by modules/telemetry/health.ts, swept after TELEMETRY_RETENTION_DAYS by the
// hourly job (modules/telemetry/retention.ts). Tags are ids, never URLs: the route id of the route
// table, the remote (`shell` or a remote's name), its version; `canary` and `preview` as the
// browser said (a staff member's pinned preview is kept out of the canary's numbers).

/** Page views, sessions (page views flagged `first`) and errors per minute × remote × version × route × flags. */
export const telemetryPageMinutes = pgTable(
  'telemetry_page_minutes',
  {
    minute: timestamp('minute', tz).notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    route: text('route').notNull(),
    canary: boolean('canary').notNull(),
    preview: boolean('preview').notNull(),
    sessions: integer('sessions').notNull().default(0),
    pageViews: integer('page_views').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'telemetry_page_minutes_pkey',
      columns: [table.remote, table.version, table.minute, table.route, table.canary, table.preview],
    }),
    index('telemetry_page_minutes_minute_idx').on(table.minute),
  ],
);

/** Errors per fingerprint (errorFingerprint of the contracts) per minute × remote × version × route × flags. */
export const telemetryErrorMinutes = pgTable(
  'telemetry_error_minutes',
  {
    minute: timestamp('minute', tz).notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    route: text('route').notNull(),
    canary: boolean('canary').notNull(),
    preview: boolean('preview').notNull(),
    fingerprint: text('fingerprint').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'telemetry_error_minutes_pkey',
      columns: [table.remote, table.version, table.minute, table.route, table.canary, table.preview, table.fingerprint],
    }),
    index('telemetry_error_minutes_minute_idx').on(table.minute),
    index('telemetry_error_minutes_fingerprint_idx').on(table.remote, table.fingerprint, table.version),
  ],
);

/** Web Vitals histograms: counts per bucket (vitalBucket of the contracts) per minute × remote × version × route × flags × vital. */
export const telemetryVitalMinutes = pgTable(
  'telemetry_vital_minutes',
  {
    minute: timestamp('minute', tz).notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    route: text('route').notNull(),
    canary: boolean('canary').notNull(),
    preview: boolean('preview').notNull(),
    /** LCP, INP, CLS or TTFB. */
    vital: text('vital').notNull(),
    /** The index into VITAL_BUCKETS[vital] (its length: the open bucket). */
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'telemetry_vital_minutes_pkey',
      columns: [table.remote, table.version, table.minute, table.route, table.canary, table.preview, table.vital, table.bucket],
    }),
    index('telemetry_vital_minutes_minute_idx').on(table.minute),
  ],
);

/**
 * Raw errors, for reading what happened: at most TELEMETRY_SAMPLES_PER_HOUR per remote × fingerprint
 * × hour; the message scrubbed (scrubMessage) and the frame as served (servedFrame: no origin, no
 * query; file, line and column kept for the source maps) before they are written.
 */
export const telemetryErrorSamples = pgTable(
  'telemetry_error_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', tz).notNull(),
    /** The hour the cap counts in (`at` truncated to the hour). */
    hour: timestamp('hour', tz).notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    route: text('route').notNull(),
    canary: boolean('canary').notNull(),
    preview: boolean('preview').notNull(),
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    frame: text('frame'),
  },
  (table) => [
    index('telemetry_error_samples_fingerprint_idx').on(table.remote, table.fingerprint, table.hour),
    index('telemetry_error_samples_at_idx').on(table.at),
  ],
);
