import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDrizzle } from '../db/database';
import type { Db } from '../context';
import { rateLimitHits } from '../db/schema';

/**
 * Serialises, until the transaction ends, every transaction that locks one of `keys` (PostgreSQL
 * advisory locks, so every API process on the database takes part). The keys are locked in one
 * order, so two transactions sharing keys never deadlock.
 */
export async function lockKeys(tx: Db, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/** At most `max` requests per `windowMs` for one key of this bucket. */
export interface RateLimit {
  readonly bucket: string;
  readonly max: number;
  readonly windowMs: number;
}

export type Reservation = { readonly retryAfter: number; readonly ids?: undefined } | { readonly retryAfter: 0; readonly ids: number[] };

/**
 * Counts one request against each limit (`rate_limit_hits`, in PostgreSQL: shared by every API
 * process), all or none: when any limit is reached nothing is counted and `retryAfter` says in how
 * many seconds the oldest hit leaves its window. Check and count happen under the keys' advisory
 * locks, so parallel requests cannot all pass one window.
 */
export async function takeRateLimits(
  db: AppDrizzle,
  hits: readonly { readonly limit: RateLimit; readonly key: string }[],
  now: Date,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await lockKeys(
      tx,
      hits.map(({ limit, key }) => `rate:${limit.bucket}:${key}`),
    );
    let retryAfter = 0;
    for (const { limit, key } of hits) {
      const recent = await tx
        .select({ at: rateLimitHits.at })
        .from(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.bucket, limit.bucket),
            eq(rateLimitHits.key, key),
            gt(rateLimitHits.at, new Date(now.getTime() - limit.windowMs)),
          ),
        )
        .orderBy(desc(rateLimitHits.at))
        .limit(limit.max);
      const freedBy = recent[limit.max - 1];
      if (freedBy !== undefined) {
        retryAfter = Math.max(retryAfter, Math.ceil((freedBy.at.getTime() + limit.windowMs - now.getTime()) / 1000), 1);
      }
    }
    if (retryAfter > 0) return { retryAfter };
    if (hits.length === 0) return { retryAfter: 0, ids: [] };
    const rows = await tx
      .insert(rateLimitHits)
      .values(hits.map(({ limit, key }) => ({ bucket: limit.bucket, key, at: now })))
      .returning({ id: rateLimitHits.id });
    return { retryAfter: 0, ids: rows.map((row) => row.id) };
  });
}

/** Takes back the hits of a reservation (a request that turned out not to count, e.g. a right password). */
export async function releaseRateLimits(db: Db, reservation: Reservation): Promise<void> {
  if (reservation.ids === undefined || reservation.ids.length === 0) return;
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, reservation.ids));
}

/** Hits older than this can no longer count (the longest window of any limit). */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;
