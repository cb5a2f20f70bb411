import type { FastifyInstance } from 'fastify';
import { buildApp, openApiDocument } from './app';
import type { AppContext } from './context';

/**
 * The API document without a database: the app is built with a context whose parts throw if a
 * route ever ran (none does here), so the document is exactly what `GET /api/schema/` serves.
 */
function inertContext(): AppContext {
  return new Proxy({} as AppContext, {
    get(_target, property) {
      if (property === 'trustedOrigins') return [];
      // No metrics: buildApp keeps a registry of its own.
      if (property === 'metrics') return undefined;
      // The clock of the response hooks (the site files' checks), which do run for GET /api/schema/.
      if (property === 'now') return () => new Date();
      throw new Error(`the documentation app has no ${String(property)}`);
    },
  });
}

export async function buildDocumentationApp(): Promise<FastifyInstance> {
  const app = buildApp({
    env: { SITE_DIR: '/nonexistent', LOG_LEVEL: 'silent' },
    db: { embedded: true, serverVersion: () => Promise.reject(new Error('no database')) },
    context: inertContext(),
  });
  await app.ready();
  return app;
}

/** The OpenAPI 3.1 document as committed in `api/openapi.json` (two-space JSON, final newline). */
export async function openApiJson(): Promise<string> {
  const app = await buildDocumentationApp();
  try {
    return `${JSON.stringify(openApiDocument(app), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
