import { lt } from 'drizzle-orm';
import type { Db } from '../../context';
import { telemetryErrorMinutes, telemetryErrorSamples, telemetryPageMinutes, telemetryVitalMinutes } from '../../db/schema';

/** The job's name (jobs.ts runExclusiveJob: one API process at a time). */
export const TELEMETRY_SWEEP_JOB = 'telemetry-retention';
export const TELEMETRY_RETENTION_DAYS_DEFAULT = 30;

export interface TelemetrySweepReport {
  readonly pages: number;
  readonly errors: number;
  readonly vitals: number;
  readonly samples: number;
}

/**
 * Removes the field telemetry older than `retentionDays` days before `now` (TELEMETRY_RETENTION_DAYS):
 * the minutes' aggregates and the error samples. Run hourly by server.ts through runExclusiveJob.
 */
export async function sweepTelemetry(
  db: Db,
  now: Date,
  retentionDays: number = TELEMETRY_RETENTION_DAYS_DEFAULT,
): Promise<TelemetrySweepReport> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const removed = async (table: typeof telemetryPageMinutes | typeof telemetryErrorMinutes | typeof telemetryVitalMinutes) =>
    (await db.delete(table).where(lt(table.minute, cutoff))).rowCount ?? 0;
  return {
    pages: await removed(telemetryPageMinutes),
    errors: await removed(telemetryErrorMinutes),
    vitals: await removed(telemetryVitalMinutes),
    samples: (await db.delete(telemetryErrorSamples).where(lt(telemetryErrorSamples.at, cutoff))).rowCount ?? 0,
  };
}
