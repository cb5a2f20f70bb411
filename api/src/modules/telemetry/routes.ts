import { ACCOUNT_MESSAGES, endpoints, TELEMETRY_BODY_MAX_BYTES } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { ApiError } from '../../http/errors';
import { localRateLimiter } from '../../http/rate-limit';
import { registerFieldGauges } from './field-gauges';
import { canaryHealth } from './health';
import { createTelemetryIngest, type TelemetryIngest } from './ingest';

/** Batches per minute one client may send, unless the context says (TELEMETRY_RATE_PER_MINUTE). */
export const TELEMETRY_RATE_PER_MINUTE_DEFAULT = 120;

/** An older shell's single batch, as the envelope of one it stands for; anything else as it is. */
export function asEnvelope(parsed: unknown): unknown {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || 'batches' in parsed) return parsed;
  return 'tags' in parsed || 'signals' in parsed ? { batches: [parsed] } : parsed;
}

/**
 * `POST /api/telemetry/` (issue 26) in a scope of its own, because a beacon is not an ordinary call:
 * - CSRF-exempt by design (the catalogue's `csrf: 'none'`; see contracts/groups/telemetry.ts);
 * - `navigator.sendBeacon(url, string)` sends `text/plain;charset=UTF-8`: here (only here) a
 *   text/plain body is read as JSON too, and both are read up to TELEMETRY_BODY_MAX_BYTES (413 past it);
 * - the per-client rate (TELEMETRY_RATE_PER_MINUTE, default 120 a minute) is counted in memory in an
 *   onRequest hook, before the body is read, so a flood never reaches the database (429, Retry-After);
 * - a body that is a single batch (`{tags, signals}`, as the shells before @app/shared 0.16 sent it)
 *   is read as an envelope of one (`{batches: [it]}`): a page left open across a deploy still counts;
 * - the handler only adds the validated batches (one per tag set) to the ingest's accumulator and
 *   answers 204: the
 *   writes are batched (ingest.ts), flushed when the app closes too.
 */
function telemetryIngestRoute(ctx: AppContext): Implementation {
  const endpoint = endpoints.telemetry.ingest;
  // Made at the first request (the context is not read while the routes are built: openapi.ts).
  let ingest: TelemetryIngest | undefined;
  const ingestOf = () => (ingest ??= ctx.telemetry ?? createTelemetryIngest({ db: ctx.db, now: ctx.now }));
  let limit: ((ip: string, now: Date) => number) | undefined;
  const limitOf = () =>
    (limit ??= localRateLimiter(
      { bucket: 'telemetry_client', max: ctx.telemetryRatePerMinute ?? TELEMETRY_RATE_PER_MINUTE_DEFAULT, windowMs: 60_000 },
      ctx.isRateLimitExempt,
    ));
  const route = implement(endpoint, async ({ body }) => {
    const counts = new Map<string, number>();
    for (const batch of body.batches) {
      ingestOf().add(batch);
      for (const signal of batch.signals) counts.set(signal.type, (counts.get(signal.type) ?? 0) + 1);
    }
    // telemetry_ingested_total{type} on /metrics: what the beacons carried, by signal type.
    for (const [type, n] of counts) ctx.metrics?.telemetryIngested.inc({ type }, n);
    return undefined;
  });
  return {
    endpoint,
    register(app: FastifyInstance, context) {
      app.register(async (scope) => {
        scope.removeContentTypeParser(['application/json', 'text/plain']);
        const parseJson = (_request: unknown, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
          try {
            done(null, asEnvelope(JSON.parse(typeof body === 'string' ? body : body.toString('utf8'))));
          } catch {
            done(new ApiError(400, { non_field_errors: ['JSON として読めません。'] }));
          }
        };
        for (const type of ['application/json', 'text/plain']) {
          scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: TELEMETRY_BODY_MAX_BYTES }, parseJson);
        }
        scope.addHook('onRequest', (request, _reply, done) => {
          const retryAfter = limitOf()(request.ip, ctx.now());
          if (retryAfter > 0) {
            done(new ApiError(429, { detail: ACCOUNT_MESSAGES.tooManyRequests }, { 'Retry-After': String(retryAfter) }));
            return;
          }
          done();
        });
        scope.addHook('onClose', async () => {
          await ingest?.close();
        });
        route.register(scope, context);
      });
    },
  };
}

/** The telemetry module: the beacons' endpoint and the canaries' health for the back office. */
export const telemetryRoutes = (ctx: AppContext, siteDir: string): Implementation[] => {
  // The field aggregates per remote and version on /metrics, read at each scrape.
  registerFieldGauges(ctx);
  return [
    telemetryIngestRoute(ctx),
    implement(endpoints.staff.releases.health, async ({ query }) =>
      canaryHealth(ctx.db, siteDir, { now: ctx.now(), windowMinutes: query.windowMinutes }),
    ),
  ];
};
