import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_CANARY_THRESHOLDS } from '@app/contracts/domain/telemetry';
import type { AppContext } from '../../context';
import { metricsAccess } from '../../metrics/access';
import { readDeployment, remoteHealth } from './health';
import { siteSourceMaps } from './source-maps';

/** Where `pnpm release canary health|watch` reads a canary's numbers (scripts/release-watch.mjs). */
export const CANARY_HEALTH_PATH = '/ops/canary-health/:remote';

/** The window when none is asked: the last 30 minutes, never before the canary started. */
export const DEFAULT_WINDOW_MS = 30 * 60_000;

const MINUTE_MS = 60_000;

const send = (reply: FastifyReply, code: number, body: unknown) =>
  reply.code(code).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body));

/** A positive number of the query, else the default (a bad one is a 400). */
function numberOf(value: unknown, fallback: number): number | null {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

function dateOf(value: unknown, fallback: Date): Date | null {
  if (value === undefined) return fallback;
  const at = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * `GET /ops/canary-health/<remote>?since&until&maxErrorRatio&maxLcpRatio&minSessions` (issue 26):
 * one remote's canary against its live version (modules/telemetry/health.ts `remoteHealth`), for the
 * release CLI and the operators. Not an applicant or staff endpoint (no session, not in the
 * catalogue): open as /metrics is (metrics/access.ts: a loopback client through no proxy, or
 * `Authorization: Bearer $METRICS_TOKEN`). The window starts at the minute the canary started at
 * the earliest (telemetry is kept per minute: the canary's first minute counts whole), and 404
 * `{ code: 'no-canary' }` when the remote has none.
 */
export function registerCanaryHealthRoute(app: FastifyInstance, ctx: AppContext, siteDir: string, token: string | undefined): void {
  app.get<{ Params: { remote: string }; Querystring: Record<string, string | undefined> }>(
    CANARY_HEALTH_PATH,
    { schema: { hide: true }, config: { otel: false } },
    async (request, reply) => {
      const access = metricsAccess(request, token);
      if (access === 'unauthorized')
        return send(reply.header('WWW-Authenticate', 'Bearer realm="metrics"'), 401, { detail: 'unauthorized' });
      if (access === 'not-found') return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      const { remote } = request.params;
      const deployment = readDeployment(siteDir);
      const canary = deployment.canary?.[remote];
      const live = deployment.remotes[remote]?.version;
      if (canary === undefined || live === undefined) return send(reply, 404, { code: 'no-canary', detail: `${remote} has no canary` });
      const q = request.query;
      const now = ctx.now();
      const started = canary.since === undefined ? new Date(0) : new Date(canary.since);
      const until = dateOf(q.until, now);
      const askedSince = dateOf(q.since, new Date(Math.max(started.getTime(), now.getTime() - DEFAULT_WINDOW_MS)));
      const maxErrorRatio = numberOf(q.maxErrorRatio, DEFAULT_CANARY_THRESHOLDS.maxErrorRatio);
      const maxLcpRatio = numberOf(q.maxLcpRatio, DEFAULT_CANARY_THRESHOLDS.maxLcpRatio);
      const minSessions = numberOf(q.minSessions, DEFAULT_CANARY_THRESHOLDS.minSessions);
      if (until === null || askedSince === null || maxErrorRatio === null || maxLcpRatio === null || minSessions === null) {
        return send(reply, 400, { detail: 'since/until must be ISO times; maxErrorRatio, maxLcpRatio, minSessions numbers above zero' });
      }
      // Per-minute aggregates: the minute the window starts in counts whole.
      const since = new Date(Math.floor(askedSince.getTime() / MINUTE_MS) * MINUTE_MS);
      if (since.getTime() >= until.getTime()) return send(reply, 400, { detail: 'since must be before until' });
      const report = await remoteHealth(ctx.db, {
        remote,
        candidate: canary.version,
        baseline: live,
        since,
        until,
        thresholds: { maxErrorRatio, maxLcpRatio, minSessions },
        mapFrame: siteSourceMaps(siteDir).mapFrame,
      });
      return send(reply, 200, report);
    },
  );
}
