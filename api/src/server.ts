import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { env } from './env';
import { acquireDataDirLock, type DataDirLock } from './lock';

const log = (line: string) => console.error(`[api] ${line}`);

let lock: DataDirLock | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;
let shuttingDown = false;

// Whatever happens, never leave our lock file behind (process.exit included).
process.on('exit', () => lock?.release());

async function releaseAll(): Promise<void> {
  await app?.close().catch((error: unknown) => log(`closing the server failed: ${String(error)}`));
  await database?.stop().catch((error: unknown) => log(`stopping the database failed: ${String(error)}`));
  lock?.release();
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) {
    log(`${signal} again: exiting now`);
    process.exit(1);
  }
  shuttingDown = true;
  log(`${signal}: shutting down`);
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
  try {
    // The lock guards the embedded cluster's files; an external database needs none.
    if (!env.DATABASE_URL) lock = acquireDataDirLock(env.DATA_DIR);
    database = await startDatabase({
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      // Once shutting down, dropped connections are expected (Ctrl+C also reaches postgres).
      log: (line) => {
        if (!shuttingDown) log(line);
      },
    });
    await migrate(database);
    const version = await database.serverVersion();
    app = buildApp({ env, db: database });
    await app.listen({ port: env.PORT, host: env.HOST });

    const address = app.server.address();
    const port = address !== null && typeof address === 'object' ? address.port : env.PORT;
    const where = database.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL, PostgreSQL';
    console.log(`[api] Listening on http://${urlHost(env.HOST)}:${port} (database: ${where} ${version}, ${database.description})`);
  } catch (error) {
    if (shuttingDown) return; // a signal arrived during startup: shutdown() is in charge
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[api] Could not start:\n${message}`);
    await releaseAll();
    process.exit(1);
  }
}

await main();
