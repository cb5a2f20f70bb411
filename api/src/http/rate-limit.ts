import { ACCOUNT_MESSAGES } from '@app/contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext, Db } from '../context';
import type { AppDrizzle } from '../db/database';
import { rateLimitHits } from '../db/schema';
import { clientKey } from './client-ip';
import { ApiError } from './errors';

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

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The limits of the account endpoints (login has its own throttle: modules/auth/throttle.ts).
 * Per client means per IPv4 address or IPv6 /64 (http/client-ip.ts); clients listed in
 * RATE_LIMIT_EXEMPT are not counted per client (the per-address limits still apply).
 */
export const ACCOUNT_RATE_LIMITS = {
  registerPerClient: { bucket: 'register_client', max: 10, windowMs: HOUR },
  registerPerAddress: { bucket: 'register_email', max: 5, windowMs: HOUR },
  passwordResetPerClient: { bucket: 'password_reset_client', max: 20, windowMs: HOUR },
  passwordResetPerAddress: { bucket: 'password_reset_email', max: 5, windowMs: HOUR },
  activationPerClient: { bucket: 'activation_client', max: 30, windowMs: HOUR },
  activationPerAccount: { bucket: 'activation_uid', max: 10, windowMs: HOUR },
  resetConfirmPerClient: { bucket: 'reset_confirm_client', max: 30, windowMs: HOUR },
  resetConfirmPerAccount: { bucket: 'reset_confirm_uid', max: 10, windowMs: HOUR },
  /** Wrong current passwords on /api/password/change/ (a right one is not counted). */
  passwordChangePerUser: { bucket: 'password_change_user', max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/** Hits older than this can no longer count (the longest window of any limit). */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;

export interface Hit {
  readonly limit: RateLimit;
  readonly key: string;
}

/** A hit of a per-client limit (the client's IPv4 address or IPv6 /64), none for an exempt client. */
export const perClient = (ctx: AppContext, limit: RateLimit, ip: string): Hit[] =>
  ctx.isRateLimitExempt?.(ip) === true ? [] : [{ limit, key: clientKey(ip) }];

/** A hit of a per-address (lower-cased by the caller) or per-account limit: counted whoever asks. */
export const perKey = (limit: RateLimit, key: string | number): Hit[] => [{ limit, key: String(key) }];

/**
 * Counts the request against the limits, or refuses it with 429 {detail: お手続きの回数が多すぎます…}
 * and Retry-After (nothing counted then). The reservation can be released when the request turns
 * out not to count.
 */
export async function enforceRateLimits(ctx: AppContext, hits: readonly Hit[]): Promise<Reservation> {
  const reservation = await takeRateLimits(ctx.db, hits, ctx.now());
  if (reservation.ids === undefined) {
    throw new ApiError(429, { detail: ACCOUNT_MESSAGES.tooManyRequests }, { 'Retry-After': String(reservation.retryAfter) });
  }
  return reservation;
}

/**
 * A per-client limit counted in this process's memory, for an endpoint that must not touch the
 * database on its way in (the telemetry beacons, issue 26: their writes are batched, so counting
 * each beacon in `rate_limit_hits` would cost more than the beacon). A fixed window of
 * `limit.windowMs` per client (IPv4 address or IPv6 /64); clients of RATE_LIMIT_EXEMPT are not
 * counted. Each API process counts its own clients: behind several processes a client may send up
 * to `max` per process, which is fine for a limit meant to stop a flood, not to count exactly.
 * Returns 0 when the request may pass (and counts it), else the seconds until the window ends.
 */
export function localRateLimiter(
  limit: RateLimit,
  isExempt?: (ip: string) => boolean,
  /** Told of each sweep of the remembered clients (for the tests). */
  onSweep?: () => void,
): (ip: string, now: Date) => number {
  const windows = new Map<string, { start: number; count: number }>();
  // A flood from many addresses must not make each request scan them all: the clients whose window
  // is over are forgotten at most once per tenth of a window, once many are remembered.
  const sweepEveryMs = Math.max(1, Math.floor(limit.windowMs / 10));
  let lastSweep = -Infinity;
  return (ip, now) => {
    if (isExempt?.(ip) === true) return 0;
    const at = now.getTime();
    const key = clientKey(ip);
    let window = windows.get(key);
    if (window === undefined || at - window.start >= limit.windowMs) {
      if (window === undefined && windows.size >= 10_000 && at - lastSweep >= sweepEveryMs) {
        lastSweep = at;
        onSweep?.();
        for (const [other, { start }] of windows) if (at - start >= limit.windowMs) windows.delete(other);
      }
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    if (window.count >= limit.max) return Math.max(1, Math.ceil((window.start + limit.windowMs - at) / 1000));
    window.count++;
    return 0;
  };
}
