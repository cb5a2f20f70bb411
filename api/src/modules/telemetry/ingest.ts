import { errorFingerprint, scrubMessage, servedFrame, vitalBucket } from '@app/contracts/domain/telemetry';
import type { TelemetryBatch } from '@app/contracts/api/telemetry';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../context';
import type { AppDrizzle } from '../../db/database';
import { telemetryErrorMinutes, telemetryErrorSamples, telemetryPageMinutes, telemetryVitalMinutes } from '../../db/schema';
import { lockKeys } from '../../http/rate-limit';
import type { TelemetryFlushReport, TelemetryIngest } from './types';

export type { TelemetryFlushReport, TelemetryIngest, TelemetryIngestTotals } from './types';

/**
 * Field telemetry's writes (issue 26), batched: `POST /api/telemetry/` only adds a batch's counts
 * to this in-process accumulator (counts merged by key, nothing awaited), and the accumulator is
 * written with one upsert per table (`insert … on conflict do update set n = n + excluded.n`) every
 * `flushMs`, at once when it holds `maxPendingKeys` keys, and when the app closes. So a flood of
 * beacons costs the database a few statements per flush, never one per beacon, and the API's other
 * routes do not wait behind it. What is pending when the process dies is lost (telemetry, not
 * records); a failed write is logged and dropped, never retried into unbounded memory.
 *
 * Before anything is kept, every error message is scrubbed again (scrubMessage: no mail address, no
 * run of more than 4 digits); the fingerprint is computed from it and the frame without what changes
 * between builds (errorFingerprint, normaliseFrame); a sample keeps the frame as served (servedFrame:
 * no origin, no query; the file, line and column, which the health report maps through the build's
 * source map: source-maps.ts). Raw samples are kept only for errors, at most `samplesPerHour` per remote ×
 * fingerprint × hour (checked under an advisory lock per key, so several API processes share the cap).
 */

export interface TelemetryIngestOptions {
  readonly db: AppDrizzle;
  readonly now: Clock;
  /** How long counts wait before they are written (ms). Default 2000 (TELEMETRY_FLUSH_MS). */
  readonly flushMs?: number;
  /** Raw error samples kept per remote × fingerprint × hour. Default 5 (TELEMETRY_SAMPLES_PER_HOUR). */
  readonly samplesPerHour?: number;
  /** Written at once when this many distinct keys wait. Default 5000. */
  readonly maxPendingKeys?: number;
  /** Where a failed write is reported. Default: stderr. */
  readonly log?: (line: string) => void;
}

export const TELEMETRY_FLUSH_MS_DEFAULT = 2000;
export const TELEMETRY_SAMPLES_PER_HOUR_DEFAULT = 5;
const MAX_PENDING_KEYS_DEFAULT = 5000;
/**
 * Flushes waiting for the database at most; past it new batches are dropped (counted in
 * `totals.dropped`) rather than held: memory stays bounded when the database is slow or down.
 */
const MAX_QUEUED_WRITES = 4;
/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters). */
const CHUNK = 1000;

const MINUTE_MS = 60_000;
// eslint-disable-next-line no-control-regex -- NUL is what is removed
const NUL = /\u0000/g;
const HOUR_MS = 60 * MINUTE_MS;

interface Tags {
  readonly minute: Date;
  readonly remote: string;
  readonly version: string;
  readonly route: string;
  readonly canary: boolean;
  readonly preview: boolean;
}
type PageRow = Tags & { sessions: number; pageViews: number; errors: number };
type ErrorRow = Tags & { fingerprint: string; count: number };
type VitalRow = Tags & { vital: string; bucket: number; count: number };
type Sample = Omit<typeof telemetryErrorSamples.$inferInsert, 'id'>;

interface Pending {
  readonly pages: Map<string, PageRow>;
  readonly errors: Map<string, ErrorRow>;
  readonly vitals: Map<string, VitalRow>;
  /** Per remote × fingerprint × hour, at most samplesPerHour each. */
  readonly samples: Map<string, Sample[]>;
}

const emptyPending = (): Pending => ({ pages: new Map(), errors: new Map(), vitals: new Map(), samples: new Map() });

/** Keys sorted, so two processes upserting the same rows lock them in one order (no deadlock). */
const sortedValues = <T>(map: Map<string, T>): T[] => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export function createTelemetryIngest(options: TelemetryIngestOptions): TelemetryIngest {
  const flushMs = options.flushMs ?? TELEMETRY_FLUSH_MS_DEFAULT;
  const samplesPerHour = options.samplesPerHour ?? TELEMETRY_SAMPLES_PER_HOUR_DEFAULT;
  const maxPendingKeys = options.maxPendingKeys ?? MAX_PENDING_KEYS_DEFAULT;
  const log = options.log ?? ((line: string) => console.error(`[api] ${line}`));

  let pending = emptyPending();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** The writes run one after another; flush() waits for the last. */
  let writing: Promise<TelemetryFlushReport> = Promise.resolve({ pages: 0, errors: 0, vitals: 0, samples: 0 });
  /** Remote × fingerprint × hour keys whose samples are known to be full (forgotten when the hour passes). */
  const fullSamples = new Map<string, number>();
  const totals = { batches: 0, signals: 0, dropped: 0, flushes: 0, failedFlushes: 0 };
  /** Writes waiting behind the one under way: past MAX_QUEUED_WRITES the database is behind, and batches are dropped. */
  let queued = 0;

  const pendingKeys = () => pending.pages.size + pending.errors.size + pending.vitals.size + pending.samples.size;

  function schedule(): void {
    if (pendingKeys() >= maxPendingKeys) {
      void flush();
      return;
    }
    if (timer === undefined && !closed) {
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, flushMs);
      timer.unref();
    }
  }

  function add(batch: TelemetryBatch): void {
    if (queued >= MAX_QUEUED_WRITES) {
      totals.dropped++;
      return;
    }
    const now = options.now();
    const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const { remote, version, route, canary, preview } = batch.tags;
    const tags: Tags = { minute, remote, version, route, canary, preview };
    const tagKey = [minute.toISOString(), remote, version, route, canary, preview].join('\0');
    const page = () => {
      let row = pending.pages.get(tagKey);
      if (row === undefined) {
        row = { ...tags, sessions: 0, pageViews: 0, errors: 0 };
        pending.pages.set(tagKey, row);
      }
      return row;
    };
    totals.batches++;
    totals.signals += batch.signals.length;
    for (const signal of batch.signals) {
      switch (signal.type) {
        case 'pageview': {
          const row = page();
          row.pageViews++;
          if (signal.first) row.sessions++;
          break;
        }
        case 'error': {
          page().errors++;
          // PostgreSQL text cannot hold NUL: gone before anything else.
          const message = scrubMessage(signal.message.replace(NUL, ''));
          const frame = signal.frame === null ? null : servedFrame(signal.frame.replace(NUL, ''));
          const fingerprint = errorFingerprint(message, frame);
          const errorKey = `${tagKey}\0${fingerprint}`;
          const row = pending.errors.get(errorKey);
          if (row === undefined) pending.errors.set(errorKey, { ...tags, fingerprint, count: 1 });
          else row.count++;
          const sampleKey = [remote, fingerprint, hour.toISOString()].join('|');
          if (fullSamples.has(sampleKey)) break;
          const samples = pending.samples.get(sampleKey) ?? [];
          if (samples.length < samplesPerHour) {
            samples.push({ at: now, hour, remote, version, route, canary, preview, fingerprint, kind: signal.kind, message, frame });
            pending.samples.set(sampleKey, samples);
          }
          break;
        }
        case 'vital': {
          const bucket = vitalBucket(signal.name, signal.value);
          const vitalKey = `${tagKey}\0${signal.name}\0${bucket}`;
          const row = pending.vitals.get(vitalKey);
          if (row === undefined) pending.vitals.set(vitalKey, { ...tags, vital: signal.name, bucket, count: 1 });
          else row.count++;
          break;
        }
      }
    }
    schedule();
  }

  async function write(batch: Pending): Promise<TelemetryFlushReport> {
    const pages = sortedValues(batch.pages);
    const errors = sortedValues(batch.errors);
    const vitals = sortedValues(batch.vitals);
    const db = options.db;
    for (const rows of chunks(pages)) {
      const t = telemetryPageMinutes;
      await db
        .insert(t)
        .values(rows)
        .onConflictDoUpdate({
          target: [t.remote, t.version, t.minute, t.route, t.canary, t.preview],
          set: {
            sessions: sql`${t.sessions} + excluded.sessions`,
            pageViews: sql`${t.pageViews} + excluded.page_views`,
            errors: sql`${t.errors} + excluded.errors`,
          },
        });
    }
    for (const rows of chunks(errors)) {
      const t = telemetryErrorMinutes;
      await db
        .insert(t)
        .values(rows)
        .onConflictDoUpdate({
          target: [t.remote, t.version, t.minute, t.route, t.canary, t.preview, t.fingerprint],
          set: { count: sql`${t.count} + excluded.count` },
        });
    }
    for (const rows of chunks(vitals)) {
      const t = telemetryVitalMinutes;
      await db
        .insert(t)
        .values(rows)
        .onConflictDoUpdate({
          target: [t.remote, t.version, t.minute, t.route, t.canary, t.preview, t.vital, t.bucket],
          set: { count: sql`${t.count} + excluded.count` },
        });
    }
    const samples = batch.samples.size === 0 ? 0 : await writeSamples(db, batch.samples);
    return { pages: pages.length, errors: errors.length, vitals: vitals.length, samples };
  }

  /** Inserts the samples each key still has room for this hour (under the keys' advisory locks). */
  async function writeSamples(db: AppDrizzle, samples: Map<string, Sample[]>): Promise<number> {
    // Keys of past hours no longer need remembering.
    const currentHour = Math.floor(options.now().getTime() / HOUR_MS) * HOUR_MS;
    for (const [key, hour] of fullSamples) if (hour < currentHour) fullSamples.delete(key);
    return db.transaction(async (tx) => {
      await lockKeys(
        tx,
        [...samples.keys()].map((key) => `telemetry-samples:${key}`),
      );
      let inserted = 0;
      for (const [key, rows] of samples) {
        const first = rows[0] as Sample;
        const kept = await samplesKept(tx, first);
        const room = Math.max(0, samplesPerHour - kept);
        const taken = rows.slice(0, room);
        if (taken.length > 0) await tx.insert(telemetryErrorSamples).values(taken);
        inserted += taken.length;
        if (kept + taken.length >= samplesPerHour) fullSamples.set(key, first.hour.getTime());
      }
      return inserted;
    });
  }

  function flush(): Promise<TelemetryFlushReport> {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    const batch = pending;
    pending = emptyPending();
    const empty = batch.pages.size + batch.errors.size + batch.vitals.size + batch.samples.size === 0;
    queued++;
    writing = writing.then(async () => {
      try {
        if (empty) return { pages: 0, errors: 0, vitals: 0, samples: 0 };
        const report = await write(batch);
        totals.flushes++;
        return report;
      } catch (error) {
        totals.failedFlushes++;
        log(`writing field telemetry failed (its counts are dropped): ${String(error)}`);
        return { pages: 0, errors: 0, vitals: 0, samples: 0 };
      } finally {
        queued--;
      }
    });
    return writing;
  }

  return {
    add,
    flush,
    async close() {
      closed = true;
      await flush();
    },
    get pendingKeys() {
      return pendingKeys();
    },
    get totals() {
      return { ...totals };
    },
  };
}

/** How many samples a remote × fingerprint × hour already has. */
async function samplesKept(db: Db, sample: Sample): Promise<number> {
  const t = telemetryErrorSamples;
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.remote, sample.remote), eq(t.fingerprint, sample.fingerprint), eq(t.hour, sample.hour)));
  return row?.n ?? 0;
}
