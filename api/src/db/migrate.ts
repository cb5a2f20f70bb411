import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './database';

// Any constant: serialises migrations of API processes sharing one DATABASE_URL.
const MIGRATION_LOCK_KEY = 7_231_004;

/**
 * The API's role (Database.appRole) may read and write the app's tables and append to the audit
 * log — nothing more: it owns nothing, so it cannot drop or disable the audit log's append-only
 * triggers (only the owner can), and it may not update, delete or truncate audit rows. Granted
 * after every migration run, so new tables are covered.
 */
export async function grantAppRole(client: pg.PoolClient, role: string): Promise<void> {
  const name = client.escapeIdentifier(role);
  await client.query(`GRANT USAGE ON SCHEMA public TO ${name}`);
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${name}`);
  await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${name}`);
  await client.query(`REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_log FROM ${name}`);
}

/** Applies the SQL migrations in api/drizzle/ that the database has not seen yet. */
export async function migrate(database: Database, migrationsFolder: string = MIGRATIONS_DIR): Promise<void> {
  const client = await database.pool.connect();
  let failure: unknown;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await drizzleMigrate(drizzle({ client }), { migrationsFolder });
      if (database.appRole !== undefined) await grantAppRole(client, database.appRole);
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
