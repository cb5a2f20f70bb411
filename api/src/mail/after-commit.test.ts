import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgent, registration, startTestApi, mailsTo, type TestApi } from '../test/api';
import type { MailMessage, Mailer } from './mailer';

/**
 * Mail goes out after the transaction commits: a slow or failing mail server never holds a
 * pooled connection (or a transaction, with its row locks) open, and work that is rolled back
 * sends nothing.
 */
describe('mail and transactions', () => {
  let api: TestApi;
  /** What the next send does: wait for the test to release it, then fail or deliver. */
  let gate: { entered: () => void; release: Promise<'deliver' | 'fail'> } | null = null;
  beforeAll(async () => {
    api = await startTestApi({
      mailer: (outbox): Mailer => ({
        ...outbox,
        async send(message: MailMessage) {
          const current = gate;
          if (current !== null) {
            current.entered();
            if ((await current.release) === 'fail') throw new Error('SMTP: connection refused');
          }
          await outbox.send(message);
        },
      }),
    });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const openTransactions = async () => {
    const { rows } = await api.database.pool.query<{ n: string }>(
      "select count(*)::text as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
    );
    return Number(rows[0]!.n);
  };

  it('a registration waiting for a slow mail server holds no transaction open, and the mail still goes out', async () => {
    let entered!: () => void;
    const inSend = new Promise<void>((resolve) => (entered = resolve));
    let release!: (what: 'deliver' | 'fail') => void;
    gate = { entered, release: new Promise((resolve) => (release = resolve)) };
    const agent = await newAgent(api);
    const body = registration();
    const pending = agent.post('/api/register/', body);
    await inSend;
    expect(await openTransactions()).toBe(0);
    // The account is committed while the mail is on its way.
    const { rows } = await api.database.pool.query('select id from users where email = $1', [body.email]);
    expect(rows).toHaveLength(1);
    release('deliver');
    expect((await pending).statusCode).toBe(201);
    gate = null;
    expect(await mailsTo(api, String(body.email))).toHaveLength(1);
  });

  it('when the mail cannot be sent: 500, no account is left, and the address can register again', async () => {
    let entered!: () => void;
    const inSend = new Promise<void>((resolve) => (entered = resolve));
    gate = { entered, release: Promise.resolve('fail') };
    const agent = await newAgent(api);
    const body = registration();
    const failed = await agent.post('/api/register/', body);
    await inSend;
    expect(failed.statusCode).toBe(500);
    const { rows } = await api.database.pool.query('select id from users where email = $1', [body.email]);
    expect(rows).toEqual([]);
    gate = null;
    expect((await agent.post('/api/register/', body)).statusCode).toBe(201);
  });

  it('a registration whose transaction rolls back sends no mail', async () => {
    const body = registration();
    // The audit insert fails inside the transaction: everything before it is rolled back.
    await api.database.pool.query(
      `create function pg_temp_fail_audit() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`.replace(
        'pg_temp_fail_audit',
        'test_fail_audit',
      ),
    );
    await api.database.pool.query(
      'create trigger test_fail_audit before insert on audit_log for each row execute function test_fail_audit()',
    );
    try {
      const agent = await newAgent(api);
      expect((await agent.post('/api/register/', body)).statusCode).toBe(500);
    } finally {
      await api.database.pool.query('drop trigger test_fail_audit on audit_log');
      await api.database.pool.query('drop function test_fail_audit()');
    }
    expect(await mailsTo(api, String(body.email))).toEqual([]);
    const { rows } = await api.database.pool.query('select id from users where email = $1', [body.email]);
    expect(rows).toEqual([]);
  });
});
