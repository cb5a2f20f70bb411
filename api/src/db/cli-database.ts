import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Env } from '../env';
import { acquireDataDirLock, isProcessAlive, LOCK_FILE_NAME } from '../lock';
import { EMBEDDED_DATABASE_NAME, startDatabase, type AppDrizzle } from './database';
import { migrate } from './migrate';
import * as schema from './schema';

export interface CliDatabase {
  readonly db: AppDrizzle;
  /** How it connected, for the command's output. */
  readonly description: string;
  close(): Promise<void>;
}

/** The pid in DATA_DIR/api.lock when that process is alive: an API server owns the embedded database. */
function runningServerPid(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 && isProcessAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The database for an operator's command (`pnpm --filter @app/api run settings:suppress …`):
 *
 * - DATABASE_URL: that server;
 * - the embedded database while an API server runs on DATA_DIR: connect to it (its port is in
 *   postmaster.pid, the password in DATA_DIR/postgres-password);
 * - otherwise start the embedded database just for the command (taking DATA_DIR's lock).
 *
 * When it starts or connects on its own, it applies the migrations first (a running server has).
 */
export async function openCliDatabase(env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>, log: (line: string) => void): Promise<CliDatabase> {
  const serverPid = env.DATABASE_URL ? undefined : runningServerPid(env.DATA_DIR);
  if (serverPid !== undefined) {
    const pgDir = path.join(env.DATA_DIR, 'postgres');
    const port = Number.parseInt(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3] ?? '', 10);
    const password = fs.readFileSync(path.join(env.DATA_DIR, 'postgres-password'), 'utf8').trim();
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', password, database: EMBEDDED_DATABASE_NAME, max: 2 });
    return {
      db: drizzle({ client: pool, schema }),
      description: `the running API server's database (pid ${serverPid}, port ${port})`,
      close: () => pool.end(),
    };
  }
  const lock = env.DATABASE_URL ? undefined : acquireDataDirLock(env.DATA_DIR);
  try {
    const database = await startDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, log });
    await migrate(database);
    return {
      db: database.drizzle,
      description: database.embedded ? `the embedded database in ${env.DATA_DIR}` : `DATABASE_URL (${database.description})`,
      async close() {
        await database.stop();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
