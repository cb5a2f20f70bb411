import type pg from 'pg';

/** Told how long (seconds) a caller waited for a connection of the pool (free one, new one or queued). */
export type AcquireObserver = (seconds: number) => void;

const observersOf = new WeakMap<pg.Pool, Set<AcquireObserver>>();

type Connect = (callback?: (error: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void) => unknown;

/**
 * Calls `observer` with the wait of every connection taken from `pool` (a query of drizzle or
 * `pool.query`, a transaction's `pool.connect()`): pg-pool's `query` takes its connection through
 * `this.connect`, so wrapping the instance's `connect` sees every one. The wrapper is put on once
 * per pool, whatever the number of observers (several apps in one test process); each costs one
 * `performance.now()` per connection taken. A failed connect (timeout, refused) is not observed:
 * the query fails, and the 5xx of the request counts it. Returns the unsubscribe.
 */
export function observeAcquireWait(pool: pg.Pool, observer: AcquireObserver): () => void {
  let observers = observersOf.get(pool);
  if (observers === undefined) {
    const set = new Set<AcquireObserver>();
    observers = set;
    observersOf.set(pool, set);
    const original = (pool.connect as Connect).bind(pool);
    const tell = (started: number) => {
      const seconds = (performance.now() - started) / 1000;
      for (const each of set) each(seconds);
    };
    const connect: Connect = (callback) => {
      const started = performance.now();
      if (typeof callback === 'function') {
        return original((error, client, release) => {
          if (error === undefined || error === null) tell(started);
          callback(error, client, release);
        });
      }
      return (original() as Promise<pg.PoolClient>).then((client) => {
        tell(started);
        return client;
      });
    };
    (pool as unknown as { connect: Connect }).connect = connect;
  }
  observers.add(observer);
  return () => observers.delete(observer);
}
