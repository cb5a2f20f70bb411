import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { addressMatcher } from './http/client-ip';
import { createReadiness } from './http/readiness';
import { systemClock } from './clock';
import type { AppContext } from './context';
import { startDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { env, startupWarnings } from './env';
import { tuneGarbageCollector } from './gc-tuning';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { configureSessionLimits } from './accounts/sessions';
import { createFilesPrivately, makeDataDirPrivate } from './data-dir';
import { createMailer, type Mailer } from './mail/mailer';
import { runExclusiveJob } from './jobs';
import { IDEMPOTENCY_SWEEP_JOB, sweepIdempotencyKeys } from './http/idempotency';
import { mailRecorder } from './modules/staff-applicants/mail-record';
import { pruneExpired } from './maintenance';
import { PURGE_JOB, purgeNeverActivated } from './modules/register/purge';
import { siteIndividualsSupported } from './modules/system-settings/site-config';
import { createStorage } from './storage/create';
import { sweepStorage } from './storage/sweep';
import { notifyStaffSoon, staffDigestsIdle } from './modules/staff-notify/digest';
import { createMetrics } from './metrics/registry';
import { maskUrlPassword } from './logging';
import { startTracing, type Tracing } from './tracing/tracing';
import { createTelemetryIngest } from './modules/telemetry/ingest';
import { sweepTelemetry, TELEMETRY_SWEEP_JOB } from './modules/telemetry/retention';
import { RELEASE_WATCH_JOB, watchCanariesOnce } from './modules/telemetry/release-watch-job';

const log = (line: string) => console.error(`[api] ${line}`);

let lock: DataDirLock | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;
let mailer: Mailer | undefined;
let tracing: Tracing | undefined;
let pruning: NodeJS.Timeout | undefined;
let sweeping: NodeJS.Timeout | undefined;
let digesting: NodeJS.Timeout | undefined;
let watching: NodeJS.Timeout | undefined;
/** For the shutdown: the digests a request started finish before the mailer closes. */
let running: AppContext | undefined;
let shuttingDown = false;
const readiness = createReadiness();

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How often the staff digest looks for mails whose window has passed. */
const STAFF_DIGEST_INTERVAL_MS = 60 * 1000;

// Whatever happens, never leave our lock file behind (process.exit included).
process.on('exit', () => lock?.release());

/**
 * Stops taking connections and waits for the requests already started, up to SHUTDOWN_TIMEOUT_MS;
 * past it the connections still open are closed (and counted in the log). The live-status streams
 * are closed by their module's preClose hook (the browser reconnects after its `retry:` hint,
 * to another instance).
 */
async function closeServer(server: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), env.SHUTDOWN_TIMEOUT_MS);
  });
  const closing = server.close().then(() => 'closed' as const);
  const outcome = await Promise.race([closing, deadline]);
  clearTimeout(timer);
  if (outcome === 'deadline') {
    log(`requests still open after SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS} ms): closing their connections`);
    server.server.closeAllConnections();
    await closing;
  }
}

async function releaseAll(): Promise<void> {
  clearInterval(pruning);
  clearInterval(sweeping);
  clearInterval(digesting);
  clearInterval(watching);
  if (app !== undefined) await closeServer(app).catch((error: unknown) => log(`closing the server failed: ${String(error)}`));
  // The last spans go out before the process ends.
  await tracing?.shutdown().catch((error: unknown) => log(`stopping the tracing failed: ${String(error)}`));
  if (running !== undefined) await staffDigestsIdle(running);
  await mailer?.idle();
  mailer?.close();
  await database?.stop().catch((error: unknown) => log(`stopping the database failed: ${String(error)}`));
  lock?.release();
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) {
    log(`${signal} again: exiting now`);
    process.exit(1);
  }
  shuttingDown = true;
  // Not ready at once (GET /api/health/ready/ answers 503); still serving while the proxy notices.
  readiness.drain();
  log(
    `${signal}: shutting down${env.SHUTDOWN_DRAIN_MS > 0 && app !== undefined ? `, draining for ${env.SHUTDOWN_DRAIN_MS} ms first` : ''}`,
  );
  if (env.SHUTDOWN_DRAIN_MS > 0 && app !== undefined) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
  await releaseAll();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(signal));
}

function urlHost(host: string): string {
  if (['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

async function main(): Promise<void> {
  tuneGarbageCollector();
  // Before anything else, so that it is the first thing in the log (never a value).
  for (const warning of startupWarnings(env)) log(warning);
  try {
    configureSessionLimits({
      persistentIdleMs: env.PERSISTENT_SESSION_IDLE_DAYS === undefined ? undefined : env.PERSISTENT_SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
      browserIdleMs: env.BROWSER_SESSION_IDLE_HOURS === undefined ? undefined : env.BROWSER_SESSION_IDLE_HOURS * 60 * 60 * 1000,
    });
    // DATA_DIR and all the process writes are its user's alone (0700 / 0600).
    makeDataDirPrivate(env.DATA_DIR);
    // The lock guards the embedded cluster's files; an external database needs none.
    if (!env.DATABASE_URL) lock = acquireDataDirLock(env.DATA_DIR);
    database = await startDatabase({
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      migrationDatabaseUrl: env.MIGRATION_DATABASE_URL,
      // Once shutting down, dropped connections are expected (Ctrl+C also reaches postgres).
      log: (line) => {
        if (!shuttingDown) log(line);
      },
    });
    await migrate(database);
    createFilesPrivately();
    const version = await database.serverVersion();
    // GET /metrics (metrics/): the process's own figures too; the pools of this database.
    const metrics = createMetrics({ processMetrics: true });
    metrics.watchPools(database.pools);
    // Traces only with OTEL_EXPORTER_OTLP_ENDPOINT: otherwise nothing of OpenTelemetry is loaded.
    if (env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined) {
      tracing = await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME, log });
    }
    mailer = createMailer({
      from: env.MAIL_FROM,
      outboxDir: env.MAIL_OUTBOX_DIR,
      smtpUrl: env.SMTP_URL,
      smtpTimeoutMs: env.SMTP_TIMEOUT_MS,
      log,
      afterSend: mailRecorder(database.drizzle, systemClock),
      onResult: metrics.mailResult,
    });
    let port = env.PORT;
    const storage = createStorage(env);
    const context: AppContext = {
      db: database.drizzle,
      now: systemClock,
      mailer,
      storage,
      // Without PUBLIC_URL, links in mails point at this server (its real port, also with PORT=0).
      publicUrl: () => env.PUBLIC_URL ?? `http://localhost:${port}`,
      trustedOrigins: env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : [],
      isRateLimitExempt: addressMatcher(env.RATE_LIMIT_EXEMPT),
      ...(env.REVIEW_WAIT_LIMIT_HOURS === undefined ? {} : { reviewWaitLimitHours: env.REVIEW_WAIT_LIMIT_HOURS }),
      ...(env.STAFF_NOTIFY_EMAIL === undefined
        ? {}
        : { staffNotify: { to: env.STAFF_NOTIFY_EMAIL, digestMinutes: env.STAFF_NOTIFY_DIGEST_MINUTES } }),
      // The registration page and the API read the same file (SITE_DIR/config.json).
      individualsSupported: () => siteIndividualsSupported(env.SITE_DIR),
      metrics,
      // Field telemetry (issue 26): the beacons' counts, written in batches (flushed at close too).
      telemetry: createTelemetryIngest({
        db: database.drizzle,
        now: systemClock,
        flushMs: env.TELEMETRY_FLUSH_MS,
        samplesPerHour: env.TELEMETRY_SAMPLES_PER_HOUR,
        log,
      }),
      telemetryRatePerMinute: env.TELEMETRY_RATE_PER_MINUTE,
    };
    running = context;
    app = buildApp({ env, db: database, context, readiness, ...(tracing === undefined ? {} : { tracing }) });
    await app.listen({ port: env.PORT, host: env.HOST });

    const address = app.server.address();
    port = address !== null && typeof address === 'object' ? address.port : env.PORT;
    const db = database.drizzle;
    const prune = () => {
      void pruneExpired(db, systemClock()).catch((error: unknown) => log(`pruning expired rows failed: ${String(error)}`));
      // Never-activated accounts whose link expired (issue 23): one API process at a time (jobs.ts).
      void runExclusiveJob(db, PURGE_JOB, (tx) => purgeNeverActivated(tx, systemClock()))
        .then((run) => {
          if (run.ran && run.result.accounts > 0) log(`removed ${run.result.accounts} never-activated account(s) whose link had expired`);
        })
        .catch((error: unknown) => {
          if (!shuttingDown) log(`purging never-activated accounts failed: ${String(error)}`);
        });
      // Field telemetry past TELEMETRY_RETENTION_DAYS (issue 26): one API process at a time.
      void runExclusiveJob(db, TELEMETRY_SWEEP_JOB, (tx) => sweepTelemetry(tx, systemClock(), env.TELEMETRY_RETENTION_DAYS)).catch(
        (error: unknown) => {
          if (!shuttingDown) log(`sweeping old field telemetry failed: ${String(error)}`);
        },
      );
      // Idempotency-Keys past their 24 h (issue 27): one API process at a time.
      void runExclusiveJob(db, IDEMPOTENCY_SWEEP_JOB, (tx) => sweepIdempotencyKeys(tx, systemClock())).catch((error: unknown) => {
        if (!shuttingDown) log(`sweeping expired Idempotency-Keys failed: ${String(error)}`);
      });
    };
    prune();
    pruning = setInterval(prune, PRUNE_INTERVAL_MS).unref();
    // Objects no upload row refers to (storage/sweep.ts): at start, then hourly; one at a time.
    let sweepRunning = false;
    const sweep = () => {
      if (sweepRunning) return;
      sweepRunning = true;
      void sweepStorage(db, storage, systemClock())
        .then((report) => {
          if (report.removed.length > 0 || report.incomplete > 0) {
            log(`storage sweep: removed ${report.removed.length} orphaned object(s), ${report.incomplete} incomplete write(s)`);
          }
        })
        .catch((error: unknown) => {
          if (!shuttingDown) log(`sweeping the storage failed: ${String(error)}`);
        })
        .finally(() => (sweepRunning = false));
    };
    sweep();
    sweeping = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
    // The staff digest (STAFF_NOTIFY_EMAIL): what a request's own run left waiting for its window.
    if (context.staffNotify !== undefined) digesting = setInterval(() => notifyStaffSoon(context, log), STAFF_DIGEST_INTERVAL_MS).unref();
    // RELEASE_WATCH=1: every canary checked by the release CLI's watch, one process at a time (issue 26).
    if (env.RELEASE_WATCH === true) {
      // Loopback when the API listens there (or everywhere): /ops/canary-health is open to it.
      const loopback = ['0.0.0.0', '::', 'localhost', '127.0.0.1'].includes(env.HOST);
      const watchOptions = {
        siteDir: env.SITE_DIR,
        apiUrl: loopback ? `http://127.0.0.1:${port}` : `http://${urlHost(env.HOST)}:${port}`,
        options: (env.RELEASE_WATCH_OPTIONS ?? '').split(/\s+/).filter((part) => part !== ''),
      };
      let watchRunning = false;
      const watchCanaries = () => {
        if (watchRunning) return;
        watchRunning = true;
        void runExclusiveJob(db, RELEASE_WATCH_JOB, () => watchCanariesOnce(watchOptions))
          .then((run) => {
            for (const r of run.ran ? run.result : []) {
              const last = r.output.split('\n').at(-1) ?? '';
              if (r.code !== 0 || /aborted|promoted/.test(last)) log(`release watch, ${r.remote} (exit ${String(r.code)}): ${last}`);
            }
          })
          .catch((error: unknown) => {
            if (!shuttingDown) log(`the release watch failed: ${String(error)}`);
          })
          .finally(() => (watchRunning = false));
      };
      watching = setInterval(watchCanaries, env.RELEASE_WATCH_EVERY_SECONDS * 1000).unref();
    }
    const where = database.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL, PostgreSQL';
    const observed = `${env.RELEASE_WATCH === true ? `release watch: every ${env.RELEASE_WATCH_EVERY_SECONDS} s; ` : ''}metrics: /metrics ${env.METRICS_TOKEN === undefined ? '(loopback only)' : '(bearer token)'}; traces: ${env.OTEL_EXPORTER_OTLP_ENDPOINT === undefined ? 'off' : `OTLP ${maskUrlPassword(env.OTEL_EXPORTER_OTLP_ENDPOINT)} as ${env.OTEL_SERVICE_NAME}`}`;
    console.log(
      `[api] Listening on http://${urlHost(env.HOST)}:${port} (database: ${where} ${version}, ${database.description}; mail: ${mailer.description}; storage: ${storage.description}; ${observed})`,
    );
  } catch (error) {
    if (shuttingDown) return; // a signal arrived during startup: shutdown() is in charge
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[api] Could not start:\n${message}`);
    await releaseAll();
    process.exit(1);
  }
}

await main();
