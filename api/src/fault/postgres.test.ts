import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { startDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { DEFAULT_MAIL_FROM } from '../env';
import { createMailer } from '../mail/mailer';
import { LocalStorage } from '../storage/local';
import { Agent, PASSWORD, PUBLIC_URL, registration, TestClock, linkIn, lastMailTo, type TestApi } from '../test/api';
import { makeTempDir, removeDir } from '../test/support';

/**
 * Fault injection: PostgreSQL goes away under a running API. The API reaches PostgreSQL through a
 * TCP relay (as through a network), so the test can restart the real embedded server (it comes
 * back on another port; the relay hides that, as a fixed address would) or make the network
 * swallow everything (a half-open connection). Meanwhile /api/health/ answers 503, every request
 * is answered in bounded time (5xx, never a hang), and afterwards the same API process works
 * again without a restart: the pool reconnects by itself.
 */

class Relay {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  /** Where connections go; undefined: refused (the server is down). */
  upstream: number | undefined;
  /** Accept and hold connections but pass nothing on (a network that swallows packets). */
  blackhole = false;

  constructor() {
    this.server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      if (this.blackhole) return;
      if (this.upstream === undefined) {
        client.destroy();
        return;
      }
      const server = net.connect(this.upstream, '127.0.0.1');
      this.sockets.add(server);
      server.on('close', () => {
        this.sockets.delete(server);
        client.destroy();
      });
      server.on('error', () => client.destroy());
      client.on('close', () => server.destroy());
      client.on('data', (chunk) => {
        if (!this.blackhole) server.write(chunk);
      });
      server.on('data', (chunk) => {
        if (!this.blackhole) client.write(chunk);
      });
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as net.AddressInfo).port)));
  }

  /** Cuts every open connection. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const portOf = (database: Database): number => (database.pool as pg.Pool & { options: { port: number } }).options.port;

let dataDir: string;
let server: Database;
let appDb: Database;
let relay: Relay;
let app: FastifyInstance;
let api: TestApi;
const logs: string[] = [];

beforeAll(async () => {
  dataDir = makeTempDir('api-fault-pg');
  server = await startDatabase({ dataDir, log: (line) => logs.push(line) });
  await migrate(server);
  relay = new Relay();
  relay.upstream = portOf(server);
  const relayPort = await relay.listen();
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  appDb = await startDatabase({
    dataDir,
    databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${relayPort}/app`,
    log: (line) => logs.push(line),
    statementTimeoutMs: 2_000,
  });
  const clock = new TestClock();
  const outboxDir = path.join(dataDir, 'mail');
  const mailer = createMailer({ from: DEFAULT_MAIL_FROM, outboxDir, log: () => {} });
  const context: AppContext = {
    db: appDb.drizzle,
    now: clock.now,
    mailer,
    storage: new LocalStorage(path.join(dataDir, 'uploads')),
    publicUrl: () => PUBLIC_URL,
    trustedOrigins: [PUBLIC_URL],
  };
  app = buildApp({ env: { SITE_DIR: path.join(dataDir, 'no-site'), LOG_LEVEL: 'silent' }, db: appDb, context });
  await app.ready();
  api = { app, database: appDb, clock, mailer, outboxDir, dataDir, context, close: () => Promise.resolve() };
});
afterAll(async () => {
  await app?.close();
  await appDb?.stop();
  await relay?.close();
  await server?.stop();
  if (dataDir) removeDir(dataDir);
});

/** A registered, activated and logged-in applicant. */
async function applicantAgent(): Promise<Agent> {
  const agent = await new Agent(app).start();
  const body = registration();
  expect((await agent.post('/api/register/', body)).statusCode).toBe(201);
  const link = linkIn(await lastMailTo(api, String(body.email)), '/register/activation');
  const activation = await agent.post('/api/register/activation/', {
    uid: link.searchParams.get('uid'),
    token: link.searchParams.get('token'),
  });
  expect(activation.statusCode).toBe(200);
  expect((await agent.post('/api/auth/', { email: body.email, password: PASSWORD })).statusCode).toBe(200);
  return agent;
}

/** The request's answer and how long it took (ms). */
async function timed<T>(request: () => Promise<T>): Promise<{ response: T; ms: number }> {
  const started = performance.now();
  const response = await request();
  return { response, ms: performance.now() - started };
}

async function waitUntil(check: () => Promise<boolean>, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('PostgreSQL restarts under the running API', () => {
  it('health says 503 while it is down, requests fail fast, and the API reconnects by itself', async () => {
    const agent = await applicantAgent();
    expect((await agent.get('/api/health/')).statusCode).toBe(200);
    expect((await agent.get('/api/profile/')).statusCode).toBe(200);

    // PostgreSQL stops (the pool's idle connections die with it) and nothing listens for a while.
    relay.upstream = undefined;
    await server.stop();
    relay.cut();

    const health = await timed(() => agent.get('/api/health/'));
    expect(health.response.statusCode).toBe(503);
    expect(health.response.json()).toEqual({ status: 'error' });
    expect(health.ms).toBeLessThan(10_000);
    const profile = await timed(() => agent.get('/api/profile/'));
    expect(profile.response.statusCode).toBeGreaterThanOrEqual(500);
    expect(profile.ms).toBeLessThan(10_000);
    const save = await timed(() => agent.patch('/api/profile/', { business_summary: '再起動中' }));
    expect(save.response.statusCode).toBeGreaterThanOrEqual(500);

    // The same data directory, started again (on another port: the relay points there).
    server = await startDatabase({ dataDir, log: (line) => logs.push(line) });
    relay.upstream = portOf(server);

    await waitUntil(async () => (await agent.get('/api/health/')).statusCode === 200, 15);
    // The session survived in PostgreSQL; the save works again.
    expect((await agent.get('/api/profile/')).statusCode).toBe(200);
    const saved = await agent.patch('/api/profile/', { business_summary: '再起動のあと' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ business_summary: '再起動のあと' });
  });
});

describe('the network to PostgreSQL swallows everything (half-open connections)', () => {
  it('no request hangs: health 503 and the others 5xx in bounded time; then it recovers', async () => {
    const agent = await applicantAgent();
    // Idle connections in the pool: a request takes one and its query goes out into the void.
    await Promise.all(Array.from({ length: 4 }, () => appDb.pool.query('select pg_sleep(0.05)')));
    expect(appDb.pool.idleCount).toBeGreaterThanOrEqual(2);
    relay.blackhole = true;
    try {
      const [health, profile] = await Promise.all([timed(() => agent.get('/api/health/')), timed(() => agent.get('/api/profile/'))]);
      expect(health.response.statusCode).toBe(503);
      expect(health.ms).toBeLessThan(10_000);
      expect(profile.response.statusCode).toBeGreaterThanOrEqual(500);
      // The driver's query_timeout (statement timeout + 5 s), not a hang.
      expect(profile.ms).toBeLessThan(15_000);
    } finally {
      relay.blackhole = false;
      relay.cut();
    }
    await waitUntil(async () => (await agent.get('/api/health/')).statusCode === 200, 15);
    expect((await agent.get('/api/profile/')).statusCode).toBe(200);
  });
});

describe('a statement that runs too long', () => {
  it('is cancelled by the server (statement_timeout) and the connection stays usable', async () => {
    const client = await appDb.pool.connect();
    try {
      await expect(client.query('select pg_sleep(10)')).rejects.toMatchObject({ code: '57014' });
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });
});
