import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test/support';
import { startDatabase, type Database } from './database';
import { migrate } from './migrate';

/**
 * The API's queries run as a role that is not a superuser and does not own audit_log: it can
 * read and append audit rows, never change, remove or truncate them, nor drop or disable the
 * append-only triggers. Migrations run as the owner.
 */
describe('the role the API runs as', () => {
  let dataDir: string;
  let database: Database;
  beforeAll(async () => {
    dataDir = makeTempDir('least-privilege');
    database = await startDatabase({ dataDir });
    await migrate(database);
  }, 120_000);
  afterAll(async () => {
    await database?.stop();
    removeDir(dataDir);
  });

  const app = (statement: string) => database.drizzle.execute(sql.raw(statement));
  /** The PostgreSQL error (code and message) of a statement the app role runs. */
  const refusal = async (statement: string) => {
    try {
      await app(statement);
      return 'allowed';
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? (error as { code?: string; message?: string });
      return `${cause.code}: ${cause.message}`;
    }
  };

  it('is not a superuser, and not the owner of audit_log', async () => {
    const { rows } = await app('select current_user as name, (select rolsuper from pg_roles where rolname = current_user) as superuser');
    expect(rows[0]).toEqual({ name: 'app', superuser: false });
    const owner = await app("select tableowner from pg_tables where tablename = 'audit_log'");
    expect(owner.rows[0]).not.toEqual({ tableowner: 'app' });
  });

  it('appends and reads audit rows, and works with the app tables', async () => {
    await app(`insert into audit_log (event, actor, data) values ('test.event', null, '{}')`);
    expect((await app("select count(*)::int as n from audit_log where event = 'test.event'")).rows[0]).toEqual({ n: 1 });
    await app(`insert into system_settings (key, value, updated_at) values ('least-privilege', '{}', now())`);
    await app(`update system_settings set value = '{"a":1}' where key = 'least-privilege'`);
    await app(`delete from system_settings where key = 'least-privilege'`);
  });

  it.each([
    ['update audit rows', `update audit_log set event = 'forged'`],
    ['delete audit rows', 'delete from audit_log'],
    ['truncate the audit log', 'truncate audit_log'],
    ['drop the append-only trigger', 'drop trigger audit_log_no_update_or_delete on audit_log'],
    ['disable the triggers', 'alter table audit_log disable trigger all'],
    ['drop the audit log', 'drop table audit_log'],
    ['create a table', 'create table intruder (id int)'],
  ])('cannot %s', async (_what, statement) => {
    expect(await refusal(statement)).toMatch(/^42501: (permission denied|must be owner)/);
  });

  it('the owner (migrations) still can', async () => {
    const { rows } = await database.pool.query<{ name: string }>('select current_user as name');
    expect(rows[0]?.name).toBe('postgres');
  });
});
