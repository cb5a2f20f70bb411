import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from './lock';
import { deadPid, makeTempDir, removeDir } from './test/support';

// The real entry point, as `pnpm start` runs it, in child processes.
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Server {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exit: Promise<number | null>;
}

const started: ChildProcess[] = [];

function startServer(vars: Record<string, string>): Server {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...vars };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const server: Server = {
    child,
    stdout: '',
    stderr: '',
    exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  child.stdout?.on('data', (chunk: Buffer) => (server.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (server.stderr += chunk.toString()));
  return server;
}

/** Resolves with the URL of the startup line, or rejects if the process exits first. */
async function waitForUrl(server: Server, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exit.then(() => (exited = true));
  while (Date.now() < deadline) {
    const match = /Listening on (http:\/\/localhost:\d+)/.exec(server.stdout);
    if (match?.[1]) return match[1];
    if (exited) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.stdout}\n${server.stderr}`);
}

/**
 * The shutdown test's drain: long enough for its readiness check after the signal, a budget and no
 * wait (the process exits when it ends).
 */
const DRAIN_MS = 10_000;

/** Resolves once the process has printed `text` (its own account of what it is doing). */
async function printed(server: Server, text: string): Promise<void> {
  while (!server.stderr.includes(text) && !server.stdout.includes(text)) {
    await new Promise<void>((resolve) => server.child.stderr?.once('data', () => resolve()));
  }
}

/** A POST whose body is sent in two parts: in flight until `finish()`. */
function heldRequest(url: string) {
  const target = new URL('/api/me/', url);
  const request = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': '2' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  const sent = new Promise<void>((resolve) => request.write('{', () => resolve()));
  return { sent, answer, finish: () => request.end('}') };
}

let dataDir: string;
let siteDir: string;
let first: Server;
let firstUrl: string;
let stalePid: number;

beforeAll(async () => {
  dataDir = makeTempDir('api-server');
  siteDir = path.join(dataDir, 'no-site');
  // A lock left behind by a process that died: the server must take over.
  stalePid = await deadPid();
  fs.writeFileSync(path.join(dataDir, 'api.lock'), `${stalePid}\n`);

  // As `npm start` on a laptop: NODE_ENV and STAFF_TOTP_KEY unset (empty is unset). Behind a proxy
  // whose health check needs time to notice a SIGTERM: SHUTDOWN_DRAIN_MS (the shutdown test).
  first = startServer({ DATA_DIR: dataDir, SITE_DIR: siteDir, NODE_ENV: '', STAFF_TOTP_KEY: '', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
  firstUrl = await waitForUrl(first);
});

afterAll(async () => {
  // Only if a test failed half-way: stop what we started (gracefully first, so that the
  // server stops its PostgreSQL too).
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  removeDir(dataDir);
});

describe('server.ts', () => {
  it('replaced the stale lock, started the embedded database and says so', async () => {
    expect(fs.readFileSync(path.join(dataDir, 'api.lock'), 'utf8').trim()).toBe(String(first.child.pid));
    expect(first.stdout).toMatch(/^\[api\] Listening on http:\/\/localhost:\d+ \(database: embedded PostgreSQL \d+\.\d+.*\)\n$/);
    const response = await fetch(`${firstUrl}/api/health/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });

    const site = await fetch(`${firstUrl}/`);
    expect(site.status).toBe(503);
  });

  it('keeps DATA_DIR to itself: the directory and what the API writes there are its user’s alone', () => {
    // As root, the embedded PostgreSQL's user may enter DATA_DIR (o+x), never list or read it.
    const enter = process.getuid?.() === 0 ? 0o001 : 0;
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700 | enter);
    for (const file of ['api.lock', 'postgres-password']) {
      expect({ file, mode: fs.statSync(path.join(dataDir, file)).mode & 0o777 }).toEqual({ file, mode: 0o600 });
    }
    expect(fs.statSync(path.join(dataDir, 'postgres')).mode & 0o077).toBe(0);
  });

  it('refuses a second process on the same DATA_DIR with exit code 1 and a clear message', async () => {
    const second = startServer({ DATA_DIR: dataDir, SITE_DIR: siteDir });
    expect(await second.exit).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toContain(`The data directory ${dataDir} is already in use`);
    expect(second.stderr).toContain(`pid ${first.child.pid}`);
    expect(second.stderr).toContain('DATA_DIR=');
    expect(second.stderr).toContain('DATABASE_URL=');
    // The first one still holds its lock and still answers.
    expect(fs.readFileSync(path.join(dataDir, 'api.lock'), 'utf8').trim()).toBe(String(first.child.pid));
    expect((await fetch(`${firstUrl}/api/health/`)).status).toBe(200);
  });

  it('shuts down on SIGTERM: not ready at once, still serving while it drains, the request in flight answered; exit 0, PostgreSQL stopped, lock released', async () => {
    // The whole drain passes before the process exits: a budget, not a wait.
    const postmasterPid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(isProcessAlive(postmasterPid)).toBe(true);
    const ready = await fetch(`${firstUrl}/api/health/ready/`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    // A request that started before the signal: its body's second half comes after it.
    const inFlight = heldRequest(firstUrl);
    await inFlight.sent;

    first.child.kill('SIGTERM');
    await printed(first, `SIGTERM: shutting down, draining for ${DRAIN_MS} ms first`);
    const draining = await fetch(`${firstUrl}/api/health/ready/`);
    expect([draining.status, await draining.json()]).toEqual([503, { status: 'draining' }]);
    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({});
    expect(await first.exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'api.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(isProcessAlive(postmasterPid)).toBe(false);
  });

  it('exits 1 with the reason when startup fails, and releases the lock', async () => {
    const otherDir = makeTempDir('api-server-bad');
    try {
      fs.mkdirSync(path.join(otherDir, 'postgres'));
      fs.writeFileSync(path.join(otherDir, 'postgres', 'stray-file'), '');
      const failed = startServer({ DATA_DIR: otherDir, SITE_DIR: siteDir });
      expect(await failed.exit).toBe(1);
      expect(failed.stderr).toContain('Could not start');
      expect(failed.stderr).toContain(`${path.join(otherDir, 'postgres')} is not empty but holds no PostgreSQL cluster`);
      expect(fs.existsSync(path.join(otherDir, 'api.lock'))).toBe(false);
    } finally {
      removeDir(otherDir);
    }
  });

  it('warned loudly at start that the development TOTP key and /api-docs/ are active', () => {
    const warnings = first.stderr.split('\n').filter((line) => line.startsWith('[api] WARNING: '));
    expect(warnings).toEqual([
      expect.stringContaining('STAFF_TOTP_KEY is not set (NODE_ENV is unset)'),
      expect.stringContaining('/api-docs/ (the development API documentation page) is served because NODE_ENV is unset'),
    ]);
  });

  it('NODE_ENV=production without STAFF_TOTP_KEY: exits 1 naming the variable, before anything starts', async () => {
    const refused = startServer({ DATA_DIR: dataDir, NODE_ENV: 'production', STAFF_TOTP_KEY: '' });
    expect(await refused.exit).toBe(1);
    expect(refused.stderr).toContain('STAFF_TOTP_KEY=(hidden): required when NODE_ENV=production');
    expect(fs.existsSync(path.join(dataDir, 'api.lock'))).toBe(false);
  });

  it('exits 1 with a message naming a bad variable', async () => {
    const bad = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exit).toBe(1);
    expect(bad.stderr).toContain('PORT="eighty"');
    expect(fs.existsSync(path.join(dataDir, 'api.lock'))).toBe(false);
  });
});
