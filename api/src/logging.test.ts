import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { maskUrlPassword } from './logging';
import { Agent, PASSWORD, createUser, startTestApi, type TestApi } from './test/api';

/** A pino destination that keeps every line. */
function capture(): { stream: Writable; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

describe('what reaches the log', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('never holds a password, a hash, a session, a CSRF token or the query of an activation, reset or mail-change link', async () => {
    const user = await createUser(api);
    const log = capture();
    const app = buildApp({
      env: { SITE_DIR: path.join(api.dataDir, 'no-site'), LOG_LEVEL: 'trace' },
      db: api.database,
      context: api.context,
      logStream: log.stream,
    });
    await app.ready();
    try {
      const agent = await new Agent(app).start();
      const login = await agent.post('/api/auth/', { email: user.email, password: user.password, persistLoginState: false });
      expect(login.statusCode).toBe(200);
      await agent.get('/register/activation?uid=MQ&token=activation-secret-123');
      await agent.get('/profile/password/reset/reset/confirm?uid=MQ&token=reset-secret-456');
      await agent.get('/profile/mail/change/done?token=mailchange-secret-789');
      await agent.post('/api/password/change/', { old_password: 'Wrong-old-pass-1', new_password: 'Nagai-Aikotoba-2026' });
    } finally {
      await app.close();
    }
    const text = log.text();
    // The lines are there (the test would pass on an empty log otherwise).
    expect(text).toContain('/register/activation');
    expect(text).toContain('/profile/password/reset/reset/confirm');
    for (const secret of [
      PASSWORD,
      'activation-secret-123',
      'reset-secret-456',
      'mailchange-secret-789',
      'Nagai-Aikotoba-2026',
      '$argon2',
    ]) {
      expect(text).not.toContain(secret);
    }
    const { rows } = await api.database.pool.query<{ id: string }>('select id from sessions');
    for (const row of rows) expect(text).not.toContain(row.id);
  });
});

describe('maskUrlPassword', () => {
  it.each([
    ['postgres://app:s3cret@db.example.jp:5432/app', 'postgres://app:***@db.example.jp:5432/app'],
    ['smtps://mailer:p%40ss@smtp.example.jp:465', 'smtps://mailer:***@smtp.example.jp:465'],
    ['postgres://app@db/app', 'postgres://app@db/app'],
    ['postgres://app:s3cret@', 'postgres://app:***@'],
    ['not a url :pw@ at all', 'not a url :pw@ at all'],
  ])('%s → %s', (url, masked) => {
    expect(maskUrlPassword(url)).toBe(masked);
  });
});

describe('an invalid connection URL in the environment', () => {
  it('is printed with its password masked', async () => {
    const { loadEnv } = await import('./env');
    const attempt = () =>
      loadEnv({ DATABASE_URL: 'mysql://app:db-secret-1@db.example.jp/app', SMTP_URL: 'http://mailer:smtp-secret-2@smtp.example.jp' });
    expect(attempt).toThrow(/DATABASE_URL="mysql:\/\/app:\*\*\*@db\.example\.jp\/app"/);
    expect(attempt).toThrow(/SMTP_URL="http:\/\/mailer:\*\*\*@smtp\.example\.jp"/);
  });
});
