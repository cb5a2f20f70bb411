import type { TelemetryBatch } from '@app/contracts/api/telemetry';

// The field telemetry ingest's interface (ingest.ts makes one), apart so that the app context can
// name it without importing the module.

/** What one flush wrote: rows upserted per table, samples inserted. */
export interface TelemetryFlushReport {
  readonly pages: number;
  readonly errors: number;
  readonly vitals: number;
  readonly samples: number;
}

/** Running totals since the process started (for metrics). */
export interface TelemetryIngestTotals {
  readonly batches: number;
  readonly signals: number;
  /** Batches dropped because the database was behind (too many writes waiting). */
  readonly dropped: number;
  readonly flushes: number;
  readonly failedFlushes: number;
}

export interface TelemetryIngest {
  /** Adds a validated batch, received now: scrubbed, normalised and merged into the pending counts. Never waits. */
  add(batch: TelemetryBatch): void;
  /** Writes everything pending (and waits for writes already under way). Tests call it before reading. */
  flush(): Promise<TelemetryFlushReport>;
  /** Flushes and stops the timer; later batches are still accepted and written by the next flush. */
  close(): Promise<void>;
  /** Distinct keys waiting to be written. */
  readonly pendingKeys: number;
  readonly totals: TelemetryIngestTotals;
}
