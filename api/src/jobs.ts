import { sql } from 'drizzle-orm';
import type { AppDrizzle } from './db/database';
import type { Db } from './context';

/**
 * Scheduled work that several API processes on one database must not run at the same time
 * (architecture §7: "scheduled jobs take an advisory lock"). The job runs in one transaction that
 * first tries the job's advisory lock (`job:<name>`): when another process holds it, this run is
 * skipped rather than queued (the other one is doing the same work), and the lock goes with the
 * transaction, so a process that dies mid-run never leaves it held.
 */
export type JobRun<T> = { readonly ran: false } | { readonly ran: true; readonly result: T };

export async function runExclusiveJob<T>(db: AppDrizzle, name: string, work: (tx: Db) => Promise<T>): Promise<JobRun<T>> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${`job:${name}`}, 0)) as locked`)
      .then((result) => result.rows);
    if (lock?.locked !== true) return { ran: false } as const;
    return { ran: true, result: await work(tx) } as const;
  });
}
