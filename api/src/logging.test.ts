import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { LazyRequestLogger, maskUrlPassword, requestLogger, withLogBindings } from './logging';
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

describe("a request's logger", () => {
  /** Fastify's own pino logger at `level`, writing into a capture. */
  function pinoAt(level: string) {
    const log = capture();
    const app = Fastify({ logger: { level, stream: log.stream } });
    return { logger: app.log, text: log.text };
  }

  it('makes no pino child for a request that writes no line at its level', () => {
    const { logger, text } = pinoAt('warn');
    const child = vi.spyOn(logger, 'child');
    const requestLog = requestLogger(logger, { reqId: 'req-1' }, {});
    expect(requestLog).toBeInstanceOf(LazyRequestLogger);
    requestLog.info({ url: '/api/me/' }, 'incoming request');
    requestLog.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(text()).toBe('');
  });

  it("writes the lines at its level with the request id, as pino's child would", () => {
    const { logger, text } = pinoAt('warn');
    const requestLog = requestLogger(logger, { reqId: 'req-2' }, {});
    requestLog.warn({ url: '/api/me/' }, 'slow');
    requestLog.error('failed');
    requestLog.info('not at this level');
    const lines = text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ msg, reqId, level }) => ({ msg, reqId, level }))).toEqual([
      { msg: 'slow', reqId: 'req-2', level: 40 },
      { msg: 'failed', reqId: 'req-2', level: 50 },
    ]);
    expect((requestLog as unknown as LazyRequestLogger).bindings()).toEqual({ reqId: 'req-2' });
  });

  it("follows a level set on it, and a route's own level or serializers make a pino child at once", () => {
    const { logger, text } = pinoAt('warn');
    const requestLog = requestLogger(logger, { reqId: 'req-3' }, {});
    requestLog.level = 'debug';
    expect((requestLog as unknown as LazyRequestLogger).isLevelEnabled('debug')).toBe(true);
    requestLog.debug('now on');
    expect(text()).toContain('"msg":"now on"');
    expect(logger.level).toBe('warn');
    expect(requestLogger(logger, { reqId: 'req-4' }, { level: 'info' })).not.toBeInstanceOf(LazyRequestLogger);
  });

  it('takes more bindings (the trace id) and stays lazy; once a line was written, a child of the child', () => {
    const { logger, text } = pinoAt('warn');
    const child = vi.spyOn(logger, 'child');
    const traced = withLogBindings(requestLogger(logger, { reqId: 'req-5' }, {}), { trace_id: 'abc' });
    expect(traced).toBeInstanceOf(LazyRequestLogger);
    expect(child).not.toHaveBeenCalled();
    traced.error('failed');
    const early = requestLogger(logger, { reqId: 'req-6' }, {});
    early.warn('before the span');
    withLogBindings(early, { trace_id: 'def' }).warn('after');
    const lines = text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ msg, reqId, trace_id }) => ({ msg, reqId, trace_id }))).toEqual([
      { msg: 'failed', reqId: 'req-5', trace_id: 'abc' },
      { msg: 'before the span', reqId: 'req-6', trace_id: undefined },
      { msg: 'after', reqId: 'req-6', trace_id: 'def' },
    ]);
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
