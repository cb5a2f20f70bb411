import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, listEndpoints } from '@app/contracts';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { AppContext } from './context';
import { fastifyPath } from './http/endpoints';
import { buildDocumentationApp, openApiJson } from './openapi';

const COMMITTED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.json');
const catalogue = listEndpoints(endpoints);
const key = (method: string, url: string) => `${method} ${url}`;

let app: FastifyInstance;
const registered: string[] = [];

beforeAll(async () => {
  // The real app, with the routes it registers recorded as Fastify adds them.
  app = buildApp({
    env: { SITE_DIR: '/nonexistent', LOG_LEVEL: 'silent' },
    db: { embedded: true, serverVersion: () => Promise.resolve('17.10') },
    // Only what the hooks of a request read: the trusted origins and the clock (the site files' checks).
    context: new Proxy({} as AppContext, {
      get: (_t, p) => (p === 'trustedOrigins' ? [] : p === 'now' ? () => new Date() : undefined),
    }),
  });
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method);
    for (const method of methods) if (method !== 'HEAD') registered.push(key(method, route.url));
  });
  await app.ready();
});
afterAll(async () => app?.close());

describe('routes and the endpoint catalogue', () => {
  const apiRoutes = () => registered.filter((route) => / \/api\//.test(route) && !route.endsWith(' /api/*'));

  it('every catalogue endpoint is registered', () => {
    const missing = catalogue.filter((e) => !registered.includes(key(e.method, fastifyPath(e.path)))).map((e) => e.id);
    expect(missing).toEqual([]);
  });

  it('every /api route Fastify has is in the catalogue (besides the JSON 404 for unknown /api paths)', () => {
    const known = new Set(catalogue.map((e) => key(e.method, fastifyPath(e.path))));
    expect(apiRoutes().filter((route) => !known.has(route))).toEqual([]);
    expect(apiRoutes().length).toBe(catalogue.length);
  });

  it('the catalogue has no two endpoints with one id', () => {
    expect(new Set(catalogue.map((e) => e.id)).size).toBe(catalogue.length);
  });
});

describe('the OpenAPI document', () => {
  it('api/openapi.json is what the catalogue generates (stale? run: pnpm --filter @app/api run openapi)', async () => {
    expect(fs.readFileSync(COMMITTED, 'utf8')).toBe(await openApiJson());
  });

  it('GET /api/schema/ answers OpenAPI 3.1 JSON with every endpoint, named by its catalogue id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/schema/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, { operationId: string }>> }>();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, string] => [key(method.toUpperCase(), url), operation.operationId]),
    );
    expect(new Map(operations)).toEqual(new Map(catalogue.map((e) => [key(e.method, e.path), e.id])));
  });

  it('describes bodies, success answers and the declared failures from the catalogue schemas', async () => {
    const documentApp = await buildDocumentationApp();
    const document = documentApp.swagger() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { required?: string[] } }> }; responses: Record<string, unknown> }
        >
      >;
    };
    await documentApp.close();
    const login = document.paths['/api/auth/']!.post!;
    expect(login.requestBody?.content['application/json']?.schema.required).toEqual(['email', 'password']);
    // Success, and the failures: validation, operational (401), throttled, CSRF (403).
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    const profile = document.paths['/api/profile/']!;
    expect(Object.keys(profile.patch!.responses).sort()).toEqual(['200', '400', '403', '409']);
    expect(Object.keys(document.paths['/api/auth/session/delete']!.post!.responses).sort()).toEqual(['204', '403']);
  });
});
