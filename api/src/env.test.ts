import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, EnvError, loadEnv } from './env';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('loadEnv', () => {
  it('applies the defaults', () => {
    const env = loadEnv({});
    expect(env).toEqual({
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: path.join(repoRoot, '.data'),
      SITE_DIR: path.join(repoRoot, '.site'),
      DATABASE_URL: undefined,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: undefined,
      TRUST_PROXY: false,
      RATE_LIMIT_EXEMPT: [],
      MAIL_OUTBOX_DIR: path.join(repoRoot, '.data', 'mail'),
      SMTP_URL: undefined,
      MAIL_FROM: DEFAULT_MAIL_FROM,
      STAFF_NOTIFY_DIGEST_MINUTES: 15,
      OTEL_SERVICE_NAME: 'tsumugi-api',
      TELEMETRY_RETENTION_DAYS: 30,
      TELEMETRY_FLUSH_MS: 2000,
      TELEMETRY_SAMPLES_PER_HOUR: 5,
      TELEMETRY_RATE_PER_MINUTE: 120,
      RELEASE_WATCH_EVERY_SECONDS: 60,
      SHUTDOWN_DRAIN_MS: 0,
      SHUTDOWN_TIMEOUT_MS: 25_000,
    });
    expect(path.basename(repoRoot)).not.toBe('api');
  });

  it('reads the metrics token and the OTLP endpoint; refuses a short token (never echoing it) or an endpoint that is no URL', () => {
    const env = loadEnv({
      METRICS_TOKEN: 'a-token-of-24-characters',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318/',
      OTEL_SERVICE_NAME: 'tsumugi-api-staging',
    });
    expect(env.METRICS_TOKEN).toBe('a-token-of-24-characters');
    expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://localhost:4318');
    expect(env.OTEL_SERVICE_NAME).toBe('tsumugi-api-staging');
    expect(() => loadEnv({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN=\(hidden\): must be at least 16 characters/);
    expect(() => loadEnv({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
    expect(() => loadEnv({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(loadEnv({ METRICS_TOKEN: '', OTEL_EXPORTER_OTLP_ENDPOINT: '' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  });

  it('reads the scheduled canary watch: a flag, its options (only the watch options), its period', () => {
    const env = loadEnv({
      RELEASE_WATCH: '1',
      RELEASE_WATCH_OPTIONS: ' --min-sessions 20 --promote-after 1h --max-lcp-ratio 1.5 ',
      RELEASE_WATCH_EVERY_SECONDS: '30',
    });
    expect([env.RELEASE_WATCH, env.RELEASE_WATCH_OPTIONS, env.RELEASE_WATCH_EVERY_SECONDS]).toEqual([
      true,
      ' --min-sessions 20 --promote-after 1h --max-lcp-ratio 1.5 ',
      30,
    ]);
    expect(loadEnv({}).RELEASE_WATCH).toBeUndefined();
    expect(() => loadEnv({ RELEASE_WATCH: 'sometimes' })).toThrow(/RELEASE_WATCH/);
    expect(() => loadEnv({ RELEASE_WATCH_OPTIONS: '--api http://evil.example' })).toThrow(/RELEASE_WATCH_OPTIONS/);
    expect(() => loadEnv({ RELEASE_WATCH_EVERY_SECONDS: '1' })).toThrow(/RELEASE_WATCH_EVERY_SECONDS/);
  });

  it('reads the field telemetry settings; refuses a retention, flush interval, cap or rate out of bounds', () => {
    const env = loadEnv({
      TELEMETRY_RETENTION_DAYS: '7',
      TELEMETRY_FLUSH_MS: '500',
      TELEMETRY_SAMPLES_PER_HOUR: '0',
      TELEMETRY_RATE_PER_MINUTE: '600',
    });
    expect([env.TELEMETRY_RETENTION_DAYS, env.TELEMETRY_FLUSH_MS, env.TELEMETRY_SAMPLES_PER_HOUR, env.TELEMETRY_RATE_PER_MINUTE]).toEqual([
      7, 500, 0, 600,
    ]);
    expect(() => loadEnv({ TELEMETRY_RETENTION_DAYS: '0' })).toThrow(/TELEMETRY_RETENTION_DAYS/);
    expect(() => loadEnv({ TELEMETRY_FLUSH_MS: '10' })).toThrow(/TELEMETRY_FLUSH_MS/);
    expect(() => loadEnv({ TELEMETRY_SAMPLES_PER_HOUR: '-1' })).toThrow(/TELEMETRY_SAMPLES_PER_HOUR/);
    expect(() => loadEnv({ TELEMETRY_RATE_PER_MINUTE: 'many' })).toThrow(/TELEMETRY_RATE_PER_MINUTE/);
  });

  it('reads the staff digest address and window; refuses a bad address or window', () => {
    const env = loadEnv({ STAFF_NOTIFY_EMAIL: 'shinsa-team@example.jp', STAFF_NOTIFY_DIGEST_MINUTES: '30' });
    expect(env.STAFF_NOTIFY_EMAIL).toBe('shinsa-team@example.jp');
    expect(env.STAFF_NOTIFY_DIGEST_MINUTES).toBe(30);
    expect(() => loadEnv({ STAFF_NOTIFY_EMAIL: 'not a mail address' })).toThrow(/STAFF_NOTIFY_EMAIL/);
    expect(() => loadEnv({ STAFF_NOTIFY_DIGEST_MINUTES: '0' })).toThrow(/STAFF_NOTIFY_DIGEST_MINUTES/);
  });

  it('reads given values and resolves directories to absolute paths', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: 'relative/data',
      SITE_DIR: '/srv/site',
      DATABASE_URL: 'postgres://u:p@db.example:5432/app',
      LOG_LEVEL: 'info',
    });
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toBe(path.resolve('relative/data'));
    expect(env.SITE_DIR).toBe('/srv/site');
    expect(env.DATABASE_URL).toBe('postgres://u:p@db.example:5432/app');
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('treats empty variables as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '', DATA_DIR: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.join(repoRoot, '.data'));
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://localhost/app'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'example.com'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['TRUST_PROXY', 'sometimes'],
    ['SMTP_URL', 'http://mail.example'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`${name}="${value}"`));
  });

  it('reads the mail and proxy settings', () => {
    const env = loadEnv({
      DATA_DIR: '/srv/data',
      PUBLIC_URL: 'https://factoring.example.jp/',
      TRUST_PROXY: '1',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'ツムギ <no-reply@factoring.example.jp>',
    });
    expect(env.PUBLIC_URL).toBe('https://factoring.example.jp');
    expect(env.MAIL_OUTBOX_DIR).toBe('/srv/data/mail');
    expect(env.SMTP_URL).toBe('smtps://u:p@mail.example:465');
    expect(env.MAIL_FROM).toBe('ツムギ <no-reply@factoring.example.jp>');
    expect(loadEnv({ MAIL_OUTBOX_DIR: 'rel/outbox' }).MAIL_OUTBOX_DIR).toBe(path.resolve('rel/outbox'));
  });

  it.each<[string, boolean | number | string]>([
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
    ['fd00::/8,::1', 'fd00::/8,::1'],
  ])('TRUST_PROXY=%s → %s', (value, expected) => {
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(expected);
  });

  // `true` trusts every hop, so the left-most X-Forwarded-For (which the client writes) would be
  // taken as the client's address: per-client limits bypassed, audit addresses forged.
  it.each(['true', 'yes', 'on', '10.0.0.0/33', '300.1.2.3', 'proxy.internal', '-1'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(new RegExp(`TRUST_PROXY="${value}": .*hop count`));
  });

  it('refuses an https PUBLIC_URL without a proxy setting (everyone would share the proxy’s address)', () => {
    for (const trust of [undefined, '0', 'false']) {
      expect(() => loadEnv({ PUBLIC_URL: 'https://factoring.example.jp', TRUST_PROXY: trust })).toThrow(
        /TRUST_PROXY=.*PUBLIC_URL is https/,
      );
    }
    expect(loadEnv({ PUBLIC_URL: 'https://factoring.example.jp', TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    // Plain http (npm start, the tests, a LAN demo) needs no proxy.
    expect(loadEnv({ PUBLIC_URL: 'http://localhost:3000' }).TRUST_PROXY).toBe(false);
  });

  it('RATE_LIMIT_EXEMPT: addresses and CIDRs not counted per client', () => {
    expect(loadEnv({}).RATE_LIMIT_EXEMPT).toEqual([]);
    expect(loadEnv({ RATE_LIMIT_EXEMPT: '127.0.0.1, ::1,10.1.0.0/16' }).RATE_LIMIT_EXEMPT).toEqual(['127.0.0.1', '::1', '10.1.0.0/16']);
    expect(() => loadEnv({ RATE_LIMIT_EXEMPT: 'localhost' })).toThrow(/RATE_LIMIT_EXEMPT="localhost"/);
  });
});
