import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedCluster } from './embedded';
import * as schema from './schema';

export type AppDrizzle = NodePgDatabase<typeof schema>;

/**
 * The database the app talks to: embedded (DATA_DIR/postgres) or DATABASE_URL.
 *
 * Two roles (least privilege): `pool` is the owner's (the superuser of the embedded cluster, or
 * MIGRATION_DATABASE_URL): migrations, the health check, operator work. `drizzle` — every query of
 * the API — runs as `appRole`, granted only SELECT/INSERT/UPDATE/DELETE on the app's tables and
 * SELECT/INSERT on audit_log (db/migrate.ts grants it after each migration run): it cannot change
 * or remove audit rows, nor drop or disable the append-only triggers, nor create tables.
 */
export interface Database {
  readonly pool: pg.Pool;
  /**
   * Every pool of this database, named: `app` (the API's queries, `drizzle`) and, with a separate
   * owner's role, `owner` (`pool`). The pool gauges of `/metrics` read them (metrics/pg-pool.ts).
   */
  readonly pools: readonly DatabasePool[];
  readonly drizzle: AppDrizzle;
  /** The role the API's queries run as, granted its rights by migrate(); undefined: the owner's (no separate role). */
  readonly appRole?: string | undefined;
  readonly embedded: boolean;
  /** For the startup line, without secrets: "data in DIR" or "host:port/db". */
  readonly description: string;
  /** Runs `select version()` and returns the server version ("17.6"); throws if it fails. */
  serverVersion(): Promise<string>;
  /** Closes the pool and, if embedded, stops PostgreSQL. Safe to call more than once. */
  stop(): Promise<void>;
}

export interface DatabasePool {
  readonly name: 'app' | 'owner';
  readonly pool: pg.Pool;
}

export interface StartDatabaseOptions {
  /** DATA_DIR: the embedded cluster lives in DATA_DIR/postgres. */
  dataDir: string;
  /** When set, connect to it and start nothing. */
  databaseUrl?: string | undefined;
  /**
   * With databaseUrl: the owner's connection (MIGRATION_DATABASE_URL), for migrations; the API
   * then runs as databaseUrl's user, granted its rights by migrate(). Unset: one role for both.
   */
  migrationDatabaseUrl?: string | undefined;
  /** Notices worth a line on the console. */
  log?: (line: string) => void;
  /** A statement's limit (default STATEMENT_TIMEOUT_MS); the fault tests shorten it. */
  statementTimeoutMs?: number;
}

/**
 * No request waits on PostgreSQL for ever: the server cancels a statement after this long
 * (statement_timeout, a clean error on a connection that stays usable), and the driver gives up
 * QUERY_TIMEOUT_GRACE_MS later when no answer came at all (the network swallows packets, a
 * half-open connection); TCP keep-alive finds dead connections the pool holds. A new connection
 * waits at most 10 s.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;
const QUERY_TIMEOUT_GRACE_MS = 5_000;
const timeouts = (options: StartDatabaseOptions) => {
  const statement = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  return {
    connectionTimeoutMillis: 10_000,
    statement_timeout: statement,
    query_timeout: statement + QUERY_TIMEOUT_GRACE_MS,
    keepAlive: true,
  };
};

/** The database the embedded cluster holds for the app. */
export const EMBEDDED_DATABASE_NAME = 'app';
/** The embedded cluster's role for the API's queries (its password: DATA_DIR/postgres-app-password). */
export const EMBEDDED_APP_ROLE = 'app';

const HEALTH_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'unparsable URL';
  }
}

function makeDatabase(
  pool: pg.Pool,
  embedded: EmbeddedCluster | undefined,
  description: string,
  log: (line: string) => void,
  app?: { pool: pg.Pool; role: string },
): Database {
  // An idle client whose server went away emits 'error' on the pool: without a listener
  // that would crash the process. The next query reports the problem instead.
  pool.on('error', (error) => log(`database connection lost: ${error.message}`));
  app?.pool.on('error', (error) => log(`database connection lost: ${error.message}`));
  let stopping: Promise<void> | undefined;
  return {
    pool,
    pools:
      app === undefined
        ? [{ name: 'app', pool }]
        : [
            { name: 'app', pool: app.pool },
            { name: 'owner', pool },
          ],
    drizzle: drizzle({ client: app?.pool ?? pool, schema }),
    appRole: app?.role,
    embedded: embedded !== undefined,
    description,
    async serverVersion() {
      const result = await withTimeout(
        pool.query<{ version: string; server_version: string }>(
          "select version() as version, current_setting('server_version') as server_version",
        ),
        HEALTH_TIMEOUT_MS,
        'select version()',
      );
      const row = result.rows[0];
      if (!row) throw new Error('select version() returned no row');
      return row.server_version;
    },
    stop() {
      stopping ??= (async () => {
        await app?.pool.end().catch((error: unknown) => log(`closing the pool failed: ${String(error)}`));
        await pool.end().catch((error: unknown) => log(`closing the pool failed: ${String(error)}`));
        await embedded?.stop();
      })();
      return stopping;
    },
  };
}

/**
 * Connects to DATABASE_URL if given; otherwise starts the embedded PostgreSQL with its data
 * in DATA_DIR/postgres (the caller should hold DATA_DIR's lock) and connects to its `app`
 * database. Either way the connection is checked before this resolves.
 */
export async function startDatabase(options: StartDatabaseOptions): Promise<Database> {
  const log = options.log ?? ((line: string) => console.error(`[api] ${line}`));

  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, ...timeouts(options) });
    let database: Database;
    if (options.migrationDatabaseUrl) {
      // Migrations as the owner; the API as DATABASE_URL's user (granted its rights by migrate()).
      const ownerPool = new pg.Pool({ connectionString: options.migrationDatabaseUrl, ...timeouts(options) });
      const role = decodeURIComponent(new URL(options.databaseUrl).username);
      database = makeDatabase(ownerPool, undefined, describeUrl(options.databaseUrl), log, { pool, role });
    } else {
      database = makeDatabase(pool, undefined, describeUrl(options.databaseUrl), log);
    }
    try {
      await database.serverVersion();
    } catch (error) {
      await database.stop();
      throw new Error(
        `Could not connect to DATABASE_URL (${database.description}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return database;
  }

  const pgDir = path.join(options.dataDir, 'postgres');
  const cluster = await startEmbeddedPostgres({
    pgDir,
    passwordFile: path.join(options.dataDir, 'postgres-password'),
    database: EMBEDDED_DATABASE_NAME,
    log,
  });
  const connection = { host: cluster.host, port: cluster.port, database: EMBEDDED_DATABASE_NAME, ...timeouts(options) };
  const pool = new pg.Pool({ ...connection, user: cluster.user, password: cluster.password });
  let appPassword: string;
  try {
    appPassword = await ensureAppRole(pool, EMBEDDED_APP_ROLE, path.join(options.dataDir, 'postgres-app-password'));
  } catch (error) {
    await pool.end().catch(() => undefined);
    await cluster.stop();
    throw error;
  }
  const appPool = new pg.Pool({ ...connection, user: EMBEDDED_APP_ROLE, password: appPassword });
  return makeDatabase(pool, cluster, `data in ${pgDir}`, log, { pool: appPool, role: EMBEDDED_APP_ROLE });
}

/**
 * The embedded cluster's login role for the API's queries: not a superuser, creates nothing, owns
 * nothing (migrate() grants it DML). Its password is drawn once (DATA_DIR/postgres-app-password,
 * 0600) and set at every start, so the file is the truth.
 */
async function ensureAppRole(pool: pg.Pool, role: string, passwordFile: string): Promise<string> {
  let password: string;
  try {
    password = fs.readFileSync(passwordFile, 'utf8').trim();
  } catch {
    password = randomBytes(24).toString('base64url');
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  const client = await pool.connect();
  try {
    const name = client.escapeIdentifier(role);
    const found = await client.query('select 1 from pg_roles where rolname = $1', [role]);
    const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
    await client.query(
      `${found.rowCount === 0 ? 'CREATE' : 'ALTER'} ROLE ${name} WITH ${attributes} PASSWORD ${client.escapeLiteral(password)}`,
    );
  } finally {
    client.release();
  }
  return password;
}
