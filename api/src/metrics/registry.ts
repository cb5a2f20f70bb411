import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { argon2Queue, observeArgon2 } from '../accounts/passwords';
import type { DatabasePool } from '../db/database';
import type { MailResult } from '../mail/mailer';
import { observeAcquireWait } from './pg-pool';

/**
 * The API's metrics, served as Prometheus text by `GET /metrics` (metrics/route.ts): one Registry
 * per app (never prom-client's global one), so tests and several apps in one process do not mix
 * their numbers. Built by server.ts (and the tests' startTestApi) and handed to the modules in the
 * AppContext (`ctx.metrics`); buildApp makes its own when the context has none.
 *
 * For other modules (the telemetry ingest, issue 26) the typed way in:
 *
 * ```ts
 * ctx.metrics?.telemetryIngested.inc({ type: 'error' }, events.length);
 * ctx.metrics?.registerGauge({
 *   name: 'telemetry_field_error_rate', help: 'Errors per 1,000 page views over the last 15 minutes',
 *   labelNames: ['remote', 'version'],
 *   collect: async () => rows.map((row) => ({ labels: { remote: row.remote, version: row.version }, value: row.rate })),
 * });
 * ```
 */
export interface ApiMetrics {
  readonly registry: Registry;
  /** `http_requests_total{route, method, status_code}`: counted when the answer has gone (onResponse). */
  readonly httpRequests: Counter<HttpLabel>;
  /** `http_request_duration_seconds{route, method, status_code}`: from the request's arrival to its answer sent. */
  readonly httpDuration: Histogram<HttpLabel>;
  /** `upload_bytes_total`: bytes of uploaded files written to the storage (modules/uploads). */
  readonly uploadBytes: Counter;
  /** `mails_total{result="sent"|"failed"}`: mails that left, and sends that failed (mail/mailer.ts `onResult`). */
  readonly mails: Counter<'result'>;
  /** `telemetry_ingested_total{type}`: field events accepted by `POST /api/telemetry/`, by their `type` (pageview, error, vital). */
  readonly telemetryIngested: Counter<'type'>;
  /** For createMailer's `onResult` (a function property: passed on as it is). */
  readonly mailResult: (result: MailResult) => void;
  /** The pool gauges and the connection wait of these pools (database.pools). */
  watchPools(pools: readonly DatabasePool[]): void;
  /**
   * A gauge whose values are read at each scrape: `collect` returns every series with its labels
   * (a series it no longer returns disappears from the next scrape). A name taken already throws.
   */
  registerGauge<L extends string>(options: CollectedGauge<L>): void;
  /** A counter of this registry the caller increments (`inc(labels, n)`). A name taken already throws. */
  registerCounter<L extends string>(options: { name: string; help: string; labelNames?: readonly L[] }): Counter<L>;
  /** Stops observing what is process-wide (argon2, the pools); the registry can still be read. */
  close(): void;
}

export type HttpLabel = 'route' | 'method' | 'status_code';

export interface CollectedSample<L extends string> {
  readonly labels: Readonly<Record<L, string>>;
  readonly value: number;
}

export interface CollectedGauge<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
  /** The values now; may be async (a query). A failure fails the scrape (500), and is logged. */
  readonly collect: () => Iterable<CollectedSample<L>> | Promise<Iterable<CollectedSample<L>>>;
}

export interface MetricsOptions {
  /**
   * prom-client's default process metrics (CPU, memory, heap, event-loop lag, GC, handles):
   * server.ts turns them on. Off by default: the event-loop-lag monitor, once started, runs for the
   * life of the process, which tests building many apps do not want.
   */
  readonly processMetrics?: boolean;
}

/** Request latency buckets (seconds): 5 ms to 10 s, finer where the API's answers are (issue 12: p99 under 100 ms). */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Waiting for a database connection: 0.1 ms (a free one) to the 10 s connection timeout. */
const POOL_WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10];
/** One argon2 computation (≈ 20–60 ms at the default cost on one thread). */
const ARGON2_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics(options: MetricsOptions = {}): ApiMetrics {
  const registry = new Registry();
  if (options.processMetrics === true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const unsubscribe: (() => void)[] = [];
  const pools: DatabasePool[] = [];

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route id (the route as declared, /api/entries/:id/; unmatched: "(unmatched)"), method and status',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer sent, by route id, method and status',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers,
  });
  const uploadBytes = new Counter({ name: 'upload_bytes_total', help: 'Bytes of uploaded files written to the storage', registers });
  const mails = new Counter({
    name: 'mails_total',
    help: 'Mails sent (written to the outbox or accepted by the SMTP server) and sends that failed',
    labelNames: ['result'] as const,
    registers,
  });
  const telemetryIngested = new Counter({
    name: 'telemetry_ingested_total',
    help: 'Field telemetry events accepted from browsers, by type',
    labelNames: ['type'] as const,
    registers,
  });

  // The database pools, read at each scrape; the wait for a connection as it happens.
  const gaugeOfPools = (name: string, help: string, read: (pool: DatabasePool['pool']) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const { name: pool, pool: instance } of pools) this.set({ pool }, read(instance));
      },
    });
  gaugeOfPools('db_pool_connections', 'Connections the database pool holds (in use or idle)', (pool) => pool.totalCount);
  gaugeOfPools('db_pool_idle_connections', 'Connections of the database pool idle', (pool) => pool.idleCount);
  gaugeOfPools('db_pool_waiting_requests', 'Callers waiting for a connection of the database pool', (pool) => pool.waitingCount);
  const poolWait = new Histogram({
    name: 'db_pool_acquire_seconds',
    help: 'Time waited for a connection of the database pool',
    labelNames: ['pool'] as const,
    buckets: POOL_WAIT_BUCKETS,
    registers,
  });

  // argon2 (accounts/passwords.ts): its queue is one per process, as is this observer's view of it.
  new Gauge({
    name: 'argon2_queue_waiting',
    help: 'Password hash computations waiting for their turn',
    registers,
    collect() {
      this.set(argon2Queue.waiting());
    },
  });
  new Gauge({
    name: 'argon2_running',
    help: 'Password hash computations running',
    registers,
    collect() {
      this.set(argon2Queue.running());
    },
  });
  const argon2Duration = new Histogram({
    name: 'argon2_duration_seconds',
    help: 'Time of one password hash computation (hash or verify), its wait in the queue excluded',
    labelNames: ['operation'] as const,
    buckets: ARGON2_BUCKETS,
    registers,
  });
  unsubscribe.push(observeArgon2((operation, seconds) => argon2Duration.observe({ operation }, seconds)));

  return {
    registry,
    httpRequests,
    httpDuration,
    uploadBytes,
    mails,
    telemetryIngested,
    mailResult: (result) => mails.inc({ result }),
    watchPools(added) {
      for (const each of added) {
        if (pools.some((known) => known.pool === each.pool)) continue;
        pools.push(each);
        unsubscribe.push(observeAcquireWait(each.pool, (seconds) => poolWait.observe({ pool: each.name }, seconds)));
      }
    },
    registerGauge<L extends string>({ name, help, labelNames, collect }: CollectedGauge<L>) {
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          const samples = await collect();
          this.reset();
          for (const { labels, value } of samples) this.set(labels as Partial<Record<L, string>>, value);
        },
      });
    },
    registerCounter<L extends string>({ name, help, labelNames }: { name: string; help: string; labelNames?: readonly L[] }) {
      return new Counter<L>({ name, help, labelNames: labelNames ?? [], registers });
    },
    close() {
      for (const stop of unsubscribe.splice(0)) stop();
    },
  };
}
