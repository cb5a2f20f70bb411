import type { TelemetryBatch } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { AppDrizzle } from '../../db/database';
import { createTelemetryIngest } from './ingest';

/** A database whose upserts wait until `release()` (or fail with `fail()`), counting the statements. */
function slowDatabase() {
  let open: () => void = () => {};
  let refuse: (error: Error) => void = () => {};
  let gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    refuse = reject;
  });
  const statements: unknown[][] = [];
  const db = {
    insert: () => ({
      values: (rows: unknown[]) => ({
        onConflictDoUpdate: () => {
          statements.push(rows);
          return gate;
        },
      }),
    }),
  } as unknown as AppDrizzle;
  return {
    db,
    statements,
    release: () => open(),
    fail: (error: Error) => refuse(error),
    reset: () => {
      gate = new Promise<void>((resolve, reject) => {
        open = resolve;
        refuse = reject;
      });
    },
  };
}

const batch: TelemetryBatch = {
  tags: { route: 'home', remote: 'marketing', version: '1.0.0', revision: 1, canary: false, preview: false },
  signals: [{ type: 'pageview', first: true }],
};
const now = () => new Date('2026-04-01T00:00:30Z');

describe('the ingest when the database is behind', () => {
  it('holds at most a few writes: past them new batches are dropped and counted, memory stays bounded', async () => {
    const database = slowDatabase();
    const ingest = createTelemetryIngest({ db: database.db, now, flushMs: 60_000 });
    const flushes: Promise<unknown>[] = [];
    for (let i = 0; i < 4; i++) {
      ingest.add(batch);
      flushes.push(ingest.flush());
    }
    ingest.add(batch);
    ingest.add(batch);
    expect(ingest.totals).toMatchObject({ batches: 4, dropped: 2 });
    expect(ingest.pendingKeys).toBe(0);
    database.release();
    await Promise.all(flushes);
    expect(ingest.totals).toMatchObject({ flushes: 4, failedFlushes: 0 });
    // Caught up: batches are taken again.
    ingest.add(batch);
    expect(ingest.totals).toMatchObject({ batches: 5, dropped: 2 });
    expect(ingest.pendingKeys).toBe(1);
    await ingest.close();
    expect(database.statements).toHaveLength(5);
  });

  it('a failed write is logged and its counts dropped; the next one is written', async () => {
    const database = slowDatabase();
    const lines: string[] = [];
    const ingest = createTelemetryIngest({ db: database.db, now, log: (line) => lines.push(line) });
    ingest.add(batch);
    const failed = ingest.flush();
    database.fail(new Error('connection lost'));
    expect(await failed).toEqual({ pages: 0, errors: 0, vitals: 0, samples: 0 });
    expect(ingest.totals).toMatchObject({ flushes: 0, failedFlushes: 1 });
    expect(lines).toEqual(['writing field telemetry failed (its counts are dropped): Error: connection lost']);

    database.reset();
    database.release();
    ingest.add(batch);
    expect(await ingest.flush()).toEqual({ pages: 1, errors: 0, vitals: 0, samples: 0 });
  });

  it('the timer writes what waits after flushMs; a full accumulator is written at once', async () => {
    const database = slowDatabase();
    database.release();
    const ingest = createTelemetryIngest({ db: database.db, now, flushMs: 100, maxPendingKeys: 2 });
    ingest.add(batch);
    expect(database.statements).toHaveLength(0);
    await expect.poll(() => database.statements.length).toBe(1);
    ingest.add(batch);
    ingest.add({ ...batch, tags: { ...batch.tags, route: 'terms' } });
    // Two keys: written without waiting for the timer.
    expect(ingest.pendingKeys).toBe(0);
    await ingest.close();
    expect(database.statements).toHaveLength(2);
  });
});
