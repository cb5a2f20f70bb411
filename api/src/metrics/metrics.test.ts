import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer';
import { createUser, loggedIn, newAgent, startTestApi, type TestApi } from '../test/api';
import { makeTempDir, removeDir } from '../test/support';
import { bearerMatches, isLoopbackAddress } from './access';
import { createMetrics } from './registry';
import { METRICS_PATH, UNMATCHED_ROUTE } from './route';

// GET /metrics (metrics/): who may read it, and that what it says moves with what happens.

const TOKEN = 'metrics-token-0123456789abcdef';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let api: TestApi;
let proxied: TestApi;
let tokened: TestApi;

beforeAll(async () => {
  [api, proxied, tokened] = await Promise.all([startTestApi(), startTestApi({ trustProxy: 1 }), startTestApi({ metricsToken: TOKEN })]);
});
afterAll(async () => {
  await Promise.all([api?.close(), proxied?.close(), tokened?.close()]);
});

const scrape = (app: FastifyInstance, options: Omit<InjectOptions, 'method' | 'url'> = {}) =>
  app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '127.0.0.1', ...options });

/** The exposition text of a scrape that must be allowed. */
async function metricsText(app: FastifyInstance): Promise<string> {
  const response = await scrape(app);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** Every sample of the exposition text: name, labels, value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (match === null) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample with this name and these labels (others may be there too); undefined: none. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(text).filter(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe('who may read /metrics (no METRICS_TOKEN)', () => {
  it('a loopback client, IPv4, IPv6 or IPv4-mapped: Prometheus text, never cached', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      const response = await scrape(api.app, { remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('# TYPE http_requests_total counter');
    }
  });

  it('anyone else: 404, as for a path that does not exist (no metric in the answer)', async () => {
    for (const remoteAddress of ['10.0.0.5', '192.0.2.1', '2001:db8::1', '::ffff:10.0.0.5', '128.0.0.1']) {
      const response = await scrape(api.app, { remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(404);
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('a loopback peer that is a proxy (X-Forwarded-For, Forwarded or X-Real-IP): 404, so a reverse proxy on the same host never exposes it', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.7;proto=https' },
      { 'x-real-ip': '203.0.113.7' },
    ]) {
      const response = await scrape(api.app, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it('with TRUST_PROXY: a client the proxy says is on loopback is still refused (the peer is the proxy)', async () => {
    const claimed = await scrape(proxied.app, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(claimed.statusCode).toBe(404);
    // The proxy's own scrape from its host, without forwarding headers: a local client.
    expect((await scrape(proxied.app)).statusCode).toBe(200);
  });

  it('the answer is not part of the API: not in the API document, and the site’s 404 is not the JSON one', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/api/schema/' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((url) => url.includes('metrics'))).toEqual([]);
    const refused = await scrape(api.app, { remoteAddress: '10.0.0.5' });
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('who may read /metrics (METRICS_TOKEN set)', () => {
  it('the right Bearer token, from any address: 200', async () => {
    for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
      for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
        const response = await scrape(tokened.app, { remoteAddress, headers: { authorization } });
        expect(response.statusCode, `${remoteAddress} ${authorization}`).toBe(200);
        expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
      }
    }
  });

  it('no token or a wrong one: 401 with WWW-Authenticate: Bearer, from loopback too', async () => {
    for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', TOKEN, `Basic ${TOKEN}`]) {
        const response = await scrape(tokened.app, { remoteAddress, headers: authorization === undefined ? {} : { authorization } });
        expect(response.statusCode, `${remoteAddress} ${authorization}`).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.body).not.toContain('http_requests_total');
      }
    }
  });

  it('the checks themselves', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
    expect(isLoopbackAddress('0:0:0:0:0:0:0:1')).toBe(true);
    expect(isLoopbackAddress('::2')).toBe(false);
    expect(isLoopbackAddress('127.0.0.1.example.jp')).toBe(false);
  });
});

describe('what /metrics counts', () => {
  it('a request counts once in its route’s histogram and counter, labelled with the route id, method and status', async () => {
    const labels = { route: '/api/health/', method: 'GET', status_code: '200' };
    const before = await metricsText(api.app);
    expect((await api.app.inject({ method: 'GET', url: '/api/health/', remoteAddress: '10.1.1.1' })).statusCode).toBe(200);
    const after = await metricsText(api.app);
    const count = (text: string, name: string) => valueOf(text, name, labels) ?? 0;
    expect(count(after, 'http_request_duration_seconds_count') - count(before, 'http_request_duration_seconds_count')).toBe(1);
    expect(count(after, 'http_requests_total') - count(before, 'http_requests_total')).toBe(1);
    // Its duration went into the buckets (le="10": every answer under 10 s).
    expect(
      (valueOf(after, 'http_request_duration_seconds_bucket', { ...labels, le: '10' }) ?? 0) -
        (valueOf(before, 'http_request_duration_seconds_bucket', { ...labels, le: '10' }) ?? 0),
    ).toBe(1);
  });

  it('the route id, never the URL: ids and queries do not make series; an unmatched path is one fixed label', async () => {
    const entry = await api.app.inject({ method: 'GET', url: '/api/entries/987654/?secret=1', remoteAddress: '10.1.1.2' });
    const unmatched = await api.app.inject({ method: 'DELETE', url: '/no-such-page/13579', remoteAddress: '10.1.1.2' });
    const text = await metricsText(api.app);
    expect(valueOf(text, 'http_requests_total', { route: '/api/entries/:id/', method: 'GET', status_code: String(entry.statusCode) })).toBe(
      1,
    );
    expect(
      valueOf(text, 'http_requests_total', { route: UNMATCHED_ROUTE, method: 'DELETE', status_code: String(unmatched.statusCode) }),
    ).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('13579');
    expect(text).not.toContain('secret');
  });

  it('the database pools (app and owner): connections, idle, waiting, and the wait for a connection', async () => {
    // A login attempt reads the users table (the app's pool); the health check asks the owner's.
    const agent = await newAgent(api);
    const login = await agent.post('/api/auth/', { email: 'nobody@example.jp', password: 'not-a-password-1', persistLoginState: false });
    expect(login.statusCode).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: '/api/health/', remoteAddress: '10.1.1.3' })).statusCode).toBe(200);
    const text = await metricsText(api.app);
    for (const pool of ['app', 'owner']) {
      for (const name of ['db_pool_connections', 'db_pool_idle_connections', 'db_pool_waiting_requests']) {
        expect(valueOf(text, name, { pool }), `${name} ${pool}`).toBeGreaterThanOrEqual(0);
      }
    }
    expect(valueOf(text, 'db_pool_connections', { pool: 'app' })).toBeGreaterThan(0);
    expect(valueOf(text, 'db_pool_connections', { pool: 'owner' })).toBeGreaterThan(0);
    expect(valueOf(text, 'db_pool_acquire_seconds_count', { pool: 'app' })).toBeGreaterThan(0);
    expect(valueOf(text, 'db_pool_acquire_seconds_count', { pool: 'owner' })).toBeGreaterThan(0);
  });

  it('a registration and an upload: the mail sent, argon2’s hashes and the upload’s bytes', async () => {
    const before = await metricsText(api.app);
    const user = await createUser(api); // registration (a hash) and its activation mail
    const agent = await loggedIn(api, user); // a verification
    const upload = await agent.upload('/api/uploads/', { kind: 'pl' }, { name: 'pl.png', content: PNG });
    expect(upload.statusCode, upload.body).toBe(201);
    await api.mailer.idle();
    const after = await metricsText(api.app);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(moved('upload_bytes_total')).toBe(PNG.length);
    expect(moved('mails_total', { result: 'sent' })).toBe(1);
    expect(moved('mails_total', { result: 'failed' })).toBe(0);
    expect(moved('argon2_duration_seconds_count', { operation: 'hash' })).toBeGreaterThanOrEqual(1);
    expect(moved('argon2_duration_seconds_count', { operation: 'verify' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'argon2_queue_waiting')).toBe(0);
    expect(valueOf(after, 'argon2_running')).toBe(0);
  });

  it('each app its own registry: the requests of one are not in another’s', async () => {
    const before = valueOf(await metricsText(tokenedOpen()), 'http_requests_total', {
      route: '/api/health/',
      method: 'GET',
      status_code: '200',
    });
    await api.app.inject({ method: 'GET', url: '/api/health/', remoteAddress: '10.1.1.4' });
    const after = valueOf(await metricsText(tokenedOpen()), 'http_requests_total', {
      route: '/api/health/',
      method: 'GET',
      status_code: '200',
    });
    expect(after).toBe(before);
  });
});

/** The token app, scraped with its token (metricsText sends none). */
function tokenedOpen(): FastifyInstance {
  return {
    inject: (options: InjectOptions) => tokened.app.inject({ ...options, headers: { authorization: `Bearer ${TOKEN}` } }),
  } as unknown as FastifyInstance;
}

describe('the metrics module alone', () => {
  it('a failed send counts as failed, in the background too', async () => {
    const dir = makeTempDir('metrics-mail');
    try {
      const metrics = createMetrics();
      const notADir = path.join(dir, 'file');
      fs.writeFileSync(notADir, '');
      const mailer = createMailer({
        from: 'a@example.jp',
        outboxDir: path.join(notADir, 'outbox'),
        log: () => {},
        onResult: metrics.mailResult,
      });
      const message = { to: 'b@example.jp', subject: '件名', text: '本文', html: '<p>本文</p>' };
      await expect(mailer.send(message)).rejects.toThrow();
      mailer.sendInBackground(message);
      await mailer.idle();
      const text = await metrics.registry.metrics();
      expect(valueOf(text, 'mails_total', { result: 'failed' })).toBe(2);
      expect(valueOf(text, 'mails_total', { result: 'sent' })).toBeUndefined();
      metrics.close();
    } finally {
      removeDir(dir);
    }
  });

  it('registerGauge: read at each scrape, a series no longer returned is gone; registerCounter and telemetry_ingested_total count', async () => {
    const metrics = createMetrics();
    let rows = [
      { labels: { remote: 'mfe-entry', version: '1.4.0' }, value: 3 },
      { labels: { remote: 'mfe-entry', version: '1.5.0-canary' }, value: 7 },
    ];
    metrics.registerGauge({ name: 'telemetry_field_errors', help: 'test', labelNames: ['remote', 'version'], collect: async () => rows });
    const counter = metrics.registerCounter({ name: 'telemetry_rejected_total', help: 'test', labelNames: ['reason'] });
    counter.inc({ reason: 'size' });
    metrics.telemetryIngested.inc({ type: 'error' }, 4);
    let text = await metrics.registry.metrics();
    expect(valueOf(text, 'telemetry_field_errors', { remote: 'mfe-entry', version: '1.5.0-canary' })).toBe(7);
    expect(valueOf(text, 'telemetry_rejected_total', { reason: 'size' })).toBe(1);
    expect(valueOf(text, 'telemetry_ingested_total', { type: 'error' })).toBe(4);
    rows = [{ labels: { remote: 'mfe-entry', version: '1.4.0' }, value: 5 }];
    text = await metrics.registry.metrics();
    expect(valueOf(text, 'telemetry_field_errors', { remote: 'mfe-entry', version: '1.4.0' })).toBe(5);
    expect(valueOf(text, 'telemetry_field_errors', { remote: 'mfe-entry', version: '1.5.0-canary' })).toBeUndefined();
    expect(() => metrics.registerCounter({ name: 'telemetry_rejected_total', help: 'again' })).toThrow();
    metrics.close();
  });

  it('the process metrics when asked for (server.ts), none otherwise', async () => {
    const withProcess = createMetrics({ processMetrics: true });
    expect(await withProcess.registry.metrics()).toContain('process_cpu_user_seconds_total');
    expect(await createMetrics().registry.metrics()).not.toContain('process_cpu_user_seconds_total');
  });
});
