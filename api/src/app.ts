import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { endpoints } from '@app/contracts';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, type RouteHandlerMethod } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from './context';
import type { Database } from './db/database';
import { apiDocsServed, type Env } from './env';
import { csrfProtection } from './http/csrf';
import { implement, registerImplementations, type Implementation } from './http/endpoints';
import { keepRawBody } from './http/idempotency';
import { ApiError, NOT_FOUND_DETAIL, drfValidatorCompiler } from './http/errors';
import type { Readiness } from './http/readiness';
import { registerSecurityHeaders } from './site/security-headers';
import { registerApiDocs } from './http/api-docs';
import { loggerOptions, requestLogger, type LogStream } from './logging';
import { responseSerializerCompiler } from './http/serializer';
import { registerDeploymentRoute } from './modules/release/deployment';
import { cacheControlFor, IMMUTABLE, NO_CACHE, registerSite, SITE_NOT_BUILT, siteFallback } from './site/serve';
import { accountSessionRoutes } from './modules/account-sessions/routes';
import { authRoutes } from './modules/auth/routes';
import { entryRoutes } from './modules/entries/routes';
import { eventRoutes } from './modules/events/routes';
import { payoutAccountRoutes } from './modules/payout-account/routes';
import { lookupRoutes } from './modules/lookups/routes';
import { mailChangeRoutes } from './modules/mail-change/routes';
import { meRoutes } from './modules/me/routes';
import { newsRoutes } from './modules/news/routes';
import { passwordRoutes } from './modules/password/routes';
import { postalCodeRoutes } from './modules/postal-codes/routes';
import { preEntryRoutes } from './modules/pre-entry/routes';
import { profileRoutes } from './modules/profile/routes';
import { registerRoutes } from './modules/register/routes';
import { staffRoutes } from './modules/staff/routes';
import { staffApplicantRoutes } from './modules/staff-applicants/routes';
import { staffExportRoutes } from './modules/staff-exports/routes';
import { staffReviewRoutes } from './modules/staff-review/routes';
import { releaseRoutes } from './modules/release/routes';
import { systemSettingsRoutes } from './modules/system-settings/routes';
import { telemetryRoutes } from './modules/telemetry/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { isApiUrl } from './http/api-url';
import { createMetrics } from './metrics/registry';
import { registerMetrics } from './metrics/route';
import { registerCanaryHealthRoute } from './modules/telemetry/ops-route';
import type { Tracing } from './tracing/tracing';

// zod's own messages (a number where a string belongs, …) in Japanese; the contracts word the rest.
z.config(z.locales.ja());

export interface BuildAppOptions {
  env: Pick<Env, 'SITE_DIR' | 'LOG_LEVEL'> & Partial<Pick<Env, 'TRUST_PROXY' | 'NODE_ENV' | 'METRICS_TOKEN'>>;
  db: Pick<Database, 'embedded' | 'serverVersion'>;
  /**
   * The API's modules (accounts, profile, settings) and what they need. Without it only the
   * health check and the site are served (the foundation's own tests).
   */
  context?: AppContext;
  /** Where the log lines go instead of stdout (a test reads them). */
  logStream?: LogStream;
  /**
   * Every answer also through the zod serializer, a difference failing the request (http/serializer.ts).
   * Default: on under vitest (every API test checks the compiled serializers) and with
   * RESPONSE_CHECK=true, off otherwise.
   */
  checkResponses?: boolean;
  /** OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT: tracing/tracing.ts); unset: no tracing. */
  tracing?: Tracing;
  /** Told when the process is stopping (server.ts): the readiness check then answers 503. */
  readiness?: Readiness;
}

const DEFAULT_RESPONSE_CHECK = process.env.VITEST !== undefined || process.env.RESPONSE_CHECK === 'true';

/**
 * The resource modules of the API: each returns the catalogue endpoints it implements. They are
 * registered in one scope whose onRequest hook enforces CSRF on every unsafe method (see
 * http/csrf.ts). A new module is added here; its endpoints are added to the catalogue first.
 */
/** Each module's endpoints, given the app's context and its site folder (the releases read it). */
const API_MODULES: readonly ((ctx: AppContext, siteDir: string) => Implementation[])[] = [
  registerRoutes,
  authRoutes,
  meRoutes,
  passwordRoutes,
  profileRoutes,
  systemSettingsRoutes,
  uploadRoutes,
  postalCodeRoutes,
  preEntryRoutes,
  mailChangeRoutes,
  accountSessionRoutes,
  entryRoutes,
  payoutAccountRoutes,
  newsRoutes,
  eventRoutes,
  lookupRoutes,
  staffRoutes,
  staffReviewRoutes,
  staffApplicantRoutes,
  staffExportRoutes,
  releaseRoutes,
  telemetryRoutes,
];

/** The API document's head (`GET /api/schema/`, `api/openapi.json`); the paths come from the catalogue. */
export const OPENAPI_INFO = {
  title: 'ツムギ 請求書買取 API',
  version: '1',
  description:
    'Generated from the endpoint catalogue (contracts/src/contracts/endpoints.ts). Django REST framework conventions: trailing slashes, the sessionid cookie (staff: staff_sessionid, a separate login with a second factor), the csrftoken cookie echoed as X-CSRFToken on unsafe methods, 400 bodies {field: [message], non_field_errors: [message]}, {detail} for other errors, decimals as strings.',
};

export { NOT_FOUND_DETAIL };
export const SERVER_ERROR_DETAIL = 'サーバーでエラーが発生しました。';
export { IMMUTABLE, NO_CACHE, SITE_NOT_BUILT, cacheControlFor };

/**
 * API answers (JSON) of at least this many bytes go compressed (brotli, else gzip, as the client
 * accepts; `Vary: Accept-Encoding`); smaller ones cost more to compress than they save.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compression of the API's answers, registered in each API scope only: the site's files are
 * served by @fastify/static (precompressed .br/.gz beside them when the build writes them), never
 * compressed again here. File downloads opt out per route (http/endpoints.ts), and compressed
 * request bodies are not accepted (an upload's size limit counts the bytes as sent).
 */
const API_COMPRESSION: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
};

/** TRUST_PROXY as Fastify takes it: a hop count n trusts the n nearest proxies. */
function fastifyTrustProxy(trust: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The OpenAPI 3.1 document of the app's routes (after `app.ready()`). */
export function openApiDocument(app: FastifyInstance): { openapi: string; info: { title: string }; paths: Record<string, unknown> } {
  const document = app.swagger() as { openapi: string; info: { title: string }; paths?: Record<string, unknown> };
  return { ...document, paths: document.paths ?? {} };
}

/** The Fastify app (not listening): API routes, the assembled site and its SPA fallback. */
export function buildApp({ env, db, context, logStream, checkResponses, tracing, readiness }: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : loggerOptions(env.LOG_LEVEL, logStream),
    // request.log: made into a pino child on its first line, not on every request (logging.ts).
    childLoggerFactory: requestLogger,
    // Only behind a proxy we trust do X-Forwarded-Proto/-For count (Secure cookies, client IP).
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY ?? false),
  });
  // Traces, first: every route and hook added after this is seen (tracing/tracing.ts).
  tracing?.instrument(app);
  // Every answer counted per route id; GET /metrics (metrics/route.ts, not under /api/).
  const metrics = context?.metrics ?? createMetrics();
  if (context?.metrics === undefined) app.addHook('onClose', async () => metrics.close());
  registerMetrics(app, { metrics, token: env.METRICS_TOKEN });
  // A canary's numbers for `pnpm release canary health|watch`, open as /metrics is (modules/telemetry/ops-route.ts).
  if (context !== undefined) registerCanaryHealthRoute(app, context, env.SITE_DIR, env.METRICS_TOKEN);

  // Requests are validated with the contracts' zod schemas (400 in DRF's shape); responses are
  // serialized through their schema, so only the contract's fields leave the server (compiled for
  // plain-data schemas, checked against zod's answer in the tests: http/serializer.ts).
  app.setValidatorCompiler(drfValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: checkResponses ?? DEFAULT_RESPONSE_CHECK }));
  app.register(fastifyCookie);
  // The API document: every route registered below, described by its catalogue schemas.
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  // An empty JSON body is an empty request (as DRF's request.data), not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // The body as sent, for an Idempotency-Key's fingerprint (http/idempotency.ts).
    keepRawBody(request, text);
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // CSP (the site's, or the API's short one), COOP and Permissions-Policy (the site's documents and
  // files), X-Frame-Options, nosniff, Referrer-Policy, HSTS (https PUBLIC_URL).
  registerSecurityHeaders(app, { context, siteDir: env.SITE_DIR });
  // A callback hook (not async): no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ detail: SERVER_ERROR_DETAIL });
    }
    return reply.code(status).send({ detail: error.message });
  });

  // --- API -----------------------------------------------------------------------------

  /** The health checks' database probe: 503 `{status: 'error'}` (and the reason in the log) when it does not answer. */
  const databaseAnswers = async (request: FastifyRequest, check: string): Promise<void> => {
    try {
      await db.serverVersion();
    } catch (error) {
      request.log.error({ err: error }, `${check}: the database did not answer`);
      throw new ApiError(503, { status: 'error' });
    }
  };

  // In a plugin scope, so the API document (registered above, loaded first) sees these routes.
  app.register(async (system) => {
    await system.register(fastifyCompress, API_COMPRESSION);
    registerImplementations(system, context, [
      implement(endpoints.health.get, async ({ request }) => {
        await databaseAnswers(request, 'health check');
        return { status: 'ok' as const };
      }),
      // The load balancer's check: not ready once draining (SIGTERM), nor without the database.
      implement(endpoints.health.ready, async ({ request }) => {
        if (readiness?.draining() === true) throw new ApiError(503, { status: 'draining' });
        await databaseAnswers(request, 'readiness check');
        return { status: 'ready' as const };
      }),
      implement(endpoints.schema.get, async () => openApiDocument(app)),
    ]);
  });

  if (context !== undefined) {
    app.register(async (api) => {
      await api.register(fastifyCompress, API_COMPRESSION);
      api.addHook('onRequest', csrfProtection(context.trustedOrigins));
      const implementations = API_MODULES.flatMap((routes) => routes(context, env.SITE_DIR));
      const takesMultipart = (implementation: Implementation) => implementation.endpoint.spec.multipart !== undefined;
      registerImplementations(
        api,
        context,
        implementations.filter((implementation) => !takesMultipart(implementation)),
      );
      // multipart/form-data (uploads: the parts are streamed by the handler, limits set per route)
      // only in a scope of the endpoints that take it: the plugin's hooks run on every request of
      // its scope. Elsewhere a multipart body is an unsupported media type (415), as text/plain is.
      await api.register(async (multipart) => {
        await multipart.register(fastifyMultipart);
        registerImplementations(multipart, context, implementations.filter(takesMultipart));
      });
    });
  }

  // Everything else under /api answers JSON (never the site's index.html).
  const apiNotFound: RouteHandlerMethod = async (_request, reply) => reply.code(404).send({ detail: NOT_FOUND_DETAIL });
  app.all('/api', apiNotFound);
  app.all('/api/*', apiNotFound);

  // A readable page of the API document, in development only (http/api-docs.ts).
  if (apiDocsServed(env)) registerApiDocs(app);

  // --- The assembled site (site/serve.ts) ----------------------------------------------------

  // /deployment.json per user (a canary's audience gets its version): modules/release/deployment.ts.
  if (context !== undefined) registerDeploymentRoute(app, context, env.SITE_DIR);
  registerSite(app, env.SITE_DIR);
  app.setNotFoundHandler((request, reply) => {
    if (isApiUrl(request.url)) return reply.code(404).send({ detail: NOT_FOUND_DETAIL });
    return siteFallback(env.SITE_DIR, request, reply);
  });

  return app;
}
