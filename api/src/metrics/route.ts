import type { FastifyInstance } from 'fastify';
import { metricsAccess } from './access';
import type { ApiMetrics } from './registry';

/** Where Prometheus scrapes: at the root, not under /api/ (no catalogue endpoint, no CSRF, no session). */
export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (the 404 handler): one series, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface MetricsRouteOptions {
  readonly metrics: ApiMetrics;
  /** METRICS_TOKEN: required as a Bearer token when set (metrics/access.ts). */
  readonly token?: string | undefined;
}

/**
 * Counts every answer (`http_requests_total`, `http_request_duration_seconds`), labelled with the
 * route as declared (Fastify's `routeOptions.url`: `/api/entries/:id/`, never the URL with its ids
 * or query) so the series stay few, and serves `GET /metrics`. Call it on the root instance before
 * any route or plugin, so its hook sees every request (the 404s included).
 */
export function registerMetrics(app: FastifyInstance, { metrics, token }: MetricsRouteOptions): void {
  // A callback hook (not async): no promise per request. After the answer has gone.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { route: request.routeOptions.url ?? UNMATCHED_ROUTE, method: request.method, status_code: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get(
    METRICS_PATH,
    // Not in the API document (it is no API endpoint), and no trace of each scrape (@fastify/otel).
    { schema: { hide: true }, config: { otel: false } },
    async (request, reply) => {
      const access = metricsAccess(request, token);
      reply.header('Cache-Control', 'no-store');
      if (access === 'unauthorized') {
        return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('Unauthorized');
      }
      if (access === 'not-found') return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}
