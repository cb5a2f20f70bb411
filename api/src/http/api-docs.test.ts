import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { API_DOCS_PATH } from './api-docs';

/** The readable API page: served in development, absent in production. */
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appFor(nodeEnv: string | undefined): Promise<FastifyInstance> {
  app = buildApp({
    env: { SITE_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...(nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv }) },
    db: { embedded: true, serverVersion: () => Promise.resolve('17.10') },
  });
  await app.ready();
  return app;
}

describe.each([undefined, 'development', 'test'])('NODE_ENV=%s', (nodeEnv) => {
  it('GET /api-docs/ is the page; its script and styles are files of their own (the CSP allows no inline script)', async () => {
    const dev = await appFor(nodeEnv);
    const page = await dev.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>API ドキュメント（開発用）</title>');
    expect(page.body).toContain(`<script src="${API_DOCS_PATH}docs.js" defer></script>`);
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const script = await dev.inject({ method: 'GET', url: `${API_DOCS_PATH}docs.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain("fetch('/api/schema/'");
    // No HTML from the document is parsed: text only.
    expect(script.body).not.toContain('innerHTML');
    const css = await dev.inject({ method: 'GET', url: `${API_DOCS_PATH}docs.css` });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('the page is not part of the API document', async () => {
    const dev = await appFor(nodeEnv);
    const schema = await dev.inject({ method: 'GET', url: '/api/schema/' });
    expect(Object.keys(schema.json<{ paths: Record<string, unknown> }>().paths).filter((p) => p.includes('docs'))).toEqual([]);
  });
});

describe('NODE_ENV=production', () => {
  it('has no API page: neither the page nor its script', async () => {
    const production = await appFor('production');
    for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}docs.js`, `${API_DOCS_PATH}docs.css`]) {
      const response = await production.inject({ method: 'GET', url });
      expect(response.statusCode).not.toBe(200);
      expect(response.body).not.toContain('API ドキュメント');
      expect(response.body).not.toContain('/api/schema/');
    }
    // The document itself stays (the catalogue's own endpoint).
    expect((await production.inject({ method: 'GET', url: '/api/schema/' })).statusCode).toBe(200);
  });
});
