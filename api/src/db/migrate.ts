import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './database';

// Any constant: serialises migrations of API processes sharing one DATABASE_URL.
const MIGRATION_LOCK_KEY = 7_231_004;

/** Applies the SQL migrations in api/drizzle/ that the database has not seen yet. */
export async function migrate(database: Database, migrationsFolder: string = MIGRATIONS_DIR): Promise<void> {
  const client = await database.pool.connect();
  let failure: unknown;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await drizzleMigrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    failure = error;
    throw new Error(
      `Applying the database migrations in ${migrationsFolder} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    // A client that failed mid-way is discarded rather than returned to the pool.
    client.release(failure instanceof Error ? failure : undefined);
  }
}
