import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test/support';
import { startDatabase, type Database } from './database';
import { findFreePort } from './embedded';
import { MIGRATIONS_DIR } from '../paths';
import { migrate } from './migrate';
import { auditLog } from './schema';

let dataDir: string;
let db: Database;
const logged: string[] = [];
const log = (line: string) => logged.push(line);

beforeAll(async () => {
  dataDir = makeTempDir('api-db');
  db = await startDatabase({ dataDir, log });
  await migrate(db);
});

afterAll(async () => {
  await db?.stop();
  removeDir(dataDir);
});

/** Migrations in api/drizzle/ (its journal): all of them are applied. */
const MIGRATIONS = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
  .entries.length;

async function migrationCount(database: Database): Promise<number> {
  const result = await database.pool.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
  return Number(result.rows[0]?.n);
}

describe('embedded PostgreSQL', () => {
  it('runs a real server in DATA_DIR/postgres and reports its version', async () => {
    expect(db.embedded).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    expect(await db.serverVersion()).toMatch(/^\d+\.\d+/);
    const { rows } = await db.pool.query<{ db: string; enc: string; addr: string }>(
      "select current_database() as db, current_setting('server_encoding') as enc, " + "current_setting('listen_addresses') as addr",
    );
    expect(rows[0]).toEqual({ db: 'app', enc: 'UTF8', addr: '127.0.0.1' });
  });

  it('keeps the superuser password out of the repo defaults', () => {
    const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(fs.statSync(path.join(dataDir, 'postgres-password')).mode & 0o077).toBe(0);
  });
});

describe('migrations', () => {
  it('created audit_log with the expected columns', async () => {
    const { rows } = await db.pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
      'select column_name, data_type, is_nullable from information_schema.columns ' +
        "where table_schema = 'public' and table_name = 'audit_log' order by ordinal_position",
    );
    expect(rows).toEqual([
      { column_name: 'id', data_type: 'bigint', is_nullable: 'NO' },
      { column_name: 'occurred_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
      { column_name: 'actor', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'event', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'subject_type', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'subject_id', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'data', data_type: 'jsonb', is_nullable: 'NO' },
    ]);
    expect(await migrationCount(db)).toBe(MIGRATIONS);
  });

  it('created the account tables; e-mail addresses are unique whatever their letter case', async () => {
    const { rows } = await db.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'audit_log',
      'claims',
      'entries',
      'entry_drafts',
      'entry_files',
      'idempotency_keys',
      'login_attempts',
      'mail_log',
      'one_time_tokens',
      'rate_limit_hits',
      'sessions',
      'staff_login_attempts',
      'staff_members',
      'staff_notes',
      'staff_sessions',
      'system_settings',
      'telemetry_error_minutes',
      'telemetry_error_samples',
      'telemetry_page_minutes',
      'telemetry_vital_minutes',
      'uploads',
      'users',
    ]);
    await db.pool.query("insert into users (email) values ('Taro@Example.jp')");
    await expect(db.pool.query("insert into users (email) values ('taro@example.JP')")).rejects.toThrow(/users_email_lower_key/);
    await expect(db.pool.query("insert into users (email, corporate_division) values ('x@example.jp', 'club')")).rejects.toThrow(
      /users_corporate_division_check/,
    );
    await db.pool.query('delete from users');
  });

  it('is idempotent: applying again changes nothing', async () => {
    await migrate(db);
    expect(await migrationCount(db)).toBe(MIGRATIONS);
  });

  it('lets rows be inserted with defaults (and Japanese text)', async () => {
    const [row] = await db.drizzle
      .insert(auditLog)
      .values({ event: 'application.submitted', actor: '山田太郎', subjectType: 'application', subjectId: '12' })
      .returning();
    expect(row?.id).toBeGreaterThan(0);
    expect(row?.occurredAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.occurredAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row?.data).toEqual({});
    expect(row?.actor).toBe('山田太郎');
  });

  it.each([
    ['UPDATE', "update audit_log set event = 'tampered'"],
    ['DELETE', 'delete from audit_log'],
    ['TRUNCATE', 'truncate audit_log'],
  ])('makes audit_log append-only: %s raises', async (operation, statement) => {
    await expect(db.pool.query(statement)).rejects.toThrow(`audit_log is append-only: ${operation} is not allowed`);
    const { rows } = await db.pool.query<{ event: string }>('select event from audit_log');
    expect(rows).toEqual([{ event: 'application.submitted' }]);
  });

  it('also rejects UPDATE and DELETE through drizzle (the API runs as a role without the right: least-privilege.test.ts)', async () => {
    // drizzle wraps the driver error ("Failed query: ...") and keeps pg's error as the cause.
    const rejected = (_operation: string) => ({
      cause: { code: '42501', message: 'permission denied for table audit_log' },
    });
    await expect(db.drizzle.update(auditLog).set({ actor: 'x' })).rejects.toMatchObject(rejected('UPDATE'));
    await expect(db.drizzle.delete(auditLog).where(sql`true`)).rejects.toMatchObject(rejected('DELETE'));
  });
});

describe('DATABASE_URL', () => {
  it('connects to the given server instead of starting one', async () => {
    const { rows } = await db.pool.query<{ port: number }>('select inet_server_port() as port');
    const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    const url = `postgres://postgres:${password}@127.0.0.1:${rows[0]?.port}/app`;
    const otherDir = makeTempDir('api-db-url');
    try {
      const external = await startDatabase({ dataDir: otherDir, databaseUrl: url, log });
      try {
        expect(external.embedded).toBe(false);
        expect(external.description).toBe(`127.0.0.1:${rows[0]?.port}/app`);
        expect(external.description).not.toContain(password);
        expect(await external.serverVersion()).toBe(await db.serverVersion());
        const entries = await external.drizzle.select().from(auditLog);
        expect(entries).toHaveLength(1);
      } finally {
        await external.stop();
      }
      expect(fs.readdirSync(otherDir)).toEqual([]); // nothing embedded was set up
      expect(await db.serverVersion()).toMatch(/^\d/); // stopping it left the server alone
    } finally {
      removeDir(otherDir);
    }
  });

  it('fails with a clear message when the server cannot be reached', async () => {
    const port = await findFreePort(); // nothing listens there
    await expect(startDatabase({ dataDir, databaseUrl: `postgres://u:hunter2@127.0.0.1:${port}/app`, log })).rejects.toThrow(
      new RegExp(`^Could not connect to DATABASE_URL \\(127\\.0\\.0\\.1:${port}/app\\): `),
    );
  });
});

describe('restart on the same DATA_DIR', () => {
  it('stops cleanly and keeps the data', async () => {
    const pgDir = path.join(dataDir, 'postgres');
    await db.stop();
    expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    await expect(db.serverVersion()).rejects.toThrow();
    await db.stop(); // twice is fine

    db = await startDatabase({ dataDir, log });
    await migrate(db);
    expect(await migrationCount(db)).toBe(MIGRATIONS);
    const rows = await db.drizzle.select().from(auditLog);
    expect(rows.map((row) => [row.event, row.actor])).toEqual([['application.submitted', '山田太郎']]);
    expect(logged.filter((line) => /FATAL|PANIC|unexpectedly/.test(line))).toEqual([]);
  });
});
