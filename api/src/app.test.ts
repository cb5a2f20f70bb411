import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { DetailErrorBodySchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildApp,
  cacheControlFor,
  COMPRESS_THRESHOLD_BYTES,
  IMMUTABLE,
  NO_CACHE,
  NOT_FOUND_DETAIL,
  SERVER_ERROR_DETAIL,
  SITE_NOT_BUILT,
} from './app';
import { startDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { makeTempDir, removeDir } from './test/support';

const BIG_JS = `export const text = ${JSON.stringify('請求書買取 '.repeat(400))};`;
const INDEX_HTML = '<!doctype html><title>shell</title><div id="root"></div>';

let dataDir: string;
let siteDir: string;
let db: Database;
let app: FastifyInstance;

function writeSiteFile(relative: string, content: string): void {
  const file = path.join(siteDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  dataDir = makeTempDir('api-app');
  siteDir = makeTempDir('api-site');
  writeSiteFile('index.html', INDEX_HTML);
  writeSiteFile('deployment.json', '{"id":"d1"}');
  writeSiteFile('config.json', '{}');
  writeSiteFile('builds/latest.json', '{"build":"b1"}');
  writeSiteFile('remotes/a/1/mf-manifest.json', '{"name":"a"}');
  writeSiteFile('remotes/a/1/x.js', 'export const x = 1;');
  writeSiteFile('assets/app.3f2a.css', 'body{}');
  writeSiteFile('robots.txt', 'User-agent: *');
  writeSiteFile('assets/big.4b1c.js', BIG_JS);
  fs.writeFileSync(path.join(siteDir, 'assets/big.4b1c.js.br'), zlib.brotliCompressSync(BIG_JS));

  db = await startDatabase({ dataDir });
  await migrate(db);
  app = buildApp({ env: { SITE_DIR: siteDir, LOG_LEVEL: 'silent' }, db });
  // A route that fails, to see what the error handler shows.
  app.get('/api/test/boom/', async () => {
    throw new Error('secret internals at /etc/passwd');
  });
  app.post('/api/test/echo/', async (request) => ({ got: request.body }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.stop();
  removeDir(dataDir);
  removeDir(siteDir);
});

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('GET /api/health/', () => {
  it('tells a visitor only that it is ok: no versions, no database details', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    const version = await db.serverVersion();
    expect(version).toMatch(/^\d+(\.\d+)?/);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.body).not.toContain(version);
    expect(response.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(response.headers);
  });
});

describe('compression of API answers', () => {
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it(`above ${COMPRESS_THRESHOLD_BYTES} bytes: brotli (else gzip) as accepted, Vary: Accept-Encoding, the same JSON`, async () => {
    const plain = await get('/api/schema/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await get('/api/schema/', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(br.headers);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get('/api/schema/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    expect((await get('/api/schema/', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it(`below ${COMPRESS_THRESHOLD_BYTES} bytes: sent as is, even to a client that accepts brotli`, async () => {
    const response = await get('/api/health/', 'gzip, deflate, br');
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('site files are not compressed by the API: the .br written at build time is sent, or the file as is', async () => {
    const br = await get('/assets/big.4b1c.js', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(BIG_JS);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toBe('Accept-Encoding');

    const gzip = await get('/assets/big.4b1c.js', 'gzip'); // no .gz beside it: the file itself
    expect(gzip.headers['content-encoding']).toBeUndefined();
    expect(gzip.body).toBe(BIG_JS);
    const small = await get('/robots.txt', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('User-agent: *');
  });
});

describe('API errors', () => {
  it.each(['/api/nope/', '/api/nope', '/api', '/api/health'])('%s → 404 JSON', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: NOT_FOUND_DETAIL });
    expectSecurityHeaders(response.headers);
  });

  it('answers 404 JSON for other methods too', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/applications/', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NOT_FOUND_DETAIL });
  });

  it('turns an unexpected error into a 500 without leaking it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: SERVER_ERROR_DETAIL });
    expect(response.body).not.toMatch(/secret|passwd|stack|at /);
    expectSecurityHeaders(response.headers);
  });

  it('reports a client error (bad JSON) as 400 with a detail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['detail']);
    expect(DetailErrorBodySchema.safeParse(response.json()).success).toBe(true);
  });
});

describe('the assembled site', () => {
  it.each([
    ['/', NO_CACHE, 'text/html', INDEX_HTML],
    ['/index.html', NO_CACHE, 'text/html', INDEX_HTML],
    ['/deployment.json', NO_CACHE, 'application/json', '{"id":"d1"}'],
    ['/config.json', NO_CACHE, 'application/json', '{}'],
    ['/builds/latest.json', NO_CACHE, 'application/json', '{"build":"b1"}'],
    ['/remotes/a/1/mf-manifest.json', NO_CACHE, 'application/json', '{"name":"a"}'],
    ['/remotes/a/1/x.js', IMMUTABLE, 'javascript', 'export const x = 1;'],
    ['/assets/app.3f2a.css', IMMUTABLE, 'text/css', 'body{}'],
    ['/robots.txt', NO_CACHE, 'text/plain', 'User-agent: *'],
  ])('serves %s with Cache-Control %s', async (url, cacheControl, type, body) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['content-type']).toContain(type);
    expect(response.body).toBe(body);
    expectSecurityHeaders(response.headers);
  });

  it('answers a deep link with index.html (SPA fallback), not cached', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url: '/entry/detail/12?tab=docs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe(NO_CACHE);
      expectSecurityHeaders(response.headers);
      expect(response.body).toBe(method === 'GET' ? INDEX_HTML : '');
    }
  });

  it('answers a missing file with an extension with a plain 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes/a/1/missing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).not.toContain('<div id="root">');
    expectSecurityHeaders(response.headers);
  });

  it('does not fall back for other methods', async () => {
    const response = await app.inject({ method: 'POST', url: '/entry/detail/12' });
    expect(response.statusCode).toBe(404);
  });

  it('never serves a file outside SITE_DIR', async () => {
    const response = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('root:');
  });
});

describe('cacheControlFor', () => {
  it('revalidates entry points and manifests, caches hashed bundles forever', () => {
    expect(cacheControlFor('index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('remotes/entry/index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('deployment.json')).toBe(NO_CACHE);
    expect(cacheControlFor('builds/latest.json')).toBe(NO_CACHE);
    expect(cacheControlFor('builds/b1.json')).toBe(NO_CACHE);
    expect(cacheControlFor('remotes/x/2/mf-manifest.json')).toBe(NO_CACHE);
    expect(cacheControlFor('assets/mf-manifest.json')).toBe(NO_CACHE);
    expect(cacheControlFor('remotes/x/2/remoteEntry.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/fonts/a.woff2')).toBe(IMMUTABLE);
    expect(cacheControlFor('favicon.ico')).toBe(NO_CACHE);
  });

  it('caches a precompressed copy as the file it stands for', () => {
    expect(cacheControlFor('remotes/x/2/mf-manifest.json.br')).toBe(NO_CACHE);
    expect(cacheControlFor('index.html.gz')).toBe(NO_CACHE);
    expect(cacheControlFor('remotes/entry/index.html.br')).toBe(NO_CACHE);
    expect(cacheControlFor('remotes/x/2/remoteEntry.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/main.js.gz')).toBe(IMMUTABLE);
  });
});

describe('without a built site', () => {
  it('answers non-API GETs with 503 text/plain, and the API still works', async () => {
    const bare = buildApp({
      env: { SITE_DIR: path.join(siteDir, 'does-not-exist'), LOG_LEVEL: 'silent' },
      db,
    });
    try {
      for (const url of ['/', '/entry/detail/12', '/remotes/a/1/x.js']) {
        const response = await bare.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.body).toBe(SITE_NOT_BUILT);
        expectSecurityHeaders(response.headers);
      }
      expect((await bare.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
      const missing = await bare.inject({ method: 'GET', url: '/api/nope/' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: NOT_FOUND_DETAIL });
    } finally {
      await bare.close();
    }
  });
});

// Last: stops the database this file shares.
describe('GET /api/health/ when the database is down', () => {
  it('answers 503 with status error and nothing more', async () => {
    await db.stop();
    const response = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error' });
    expectSecurityHeaders(response.headers);
  });
});
