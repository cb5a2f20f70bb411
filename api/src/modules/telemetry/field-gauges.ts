import { and, eq, gte, sql } from 'drizzle-orm';
import { errorRatePer1000 } from '@app/contracts/domain/telemetry';
import type { AppContext } from '../../context';
import { telemetryPageMinutes } from '../../db/schema';
import type { ApiMetrics } from '../../metrics/registry';

/** The field aggregates on /metrics cover this many minutes up to the scrape. */
export const FIELD_GAUGE_WINDOW_MINUTES = 5;

const registered = new WeakSet<ApiMetrics>();

/**
 * The field telemetry per remote and version on `GET /metrics` (issue 26), read at each scrape from
 * the aggregates of the last FIELD_GAUGE_WINDOW_MINUTES minutes (previews left out):
 * `field_page_views`, `field_errors` and `field_errors_per_1000_views`, labelled `remote`, `version`,
 * `canary`. Once per metrics registry (several apps of a test may share one).
 */
export function registerFieldGauges(ctx: AppContext): void {
  const metrics: ApiMetrics | undefined = ctx.metrics;
  if (metrics === undefined || registered.has(metrics)) return;
  registered.add(metrics);
  const read = async () => {
    const p = telemetryPageMinutes;
    const since = new Date(ctx.now().getTime() - FIELD_GAUGE_WINDOW_MINUTES * 60_000);
    return ctx.db
      .select({
        remote: p.remote,
        version: p.version,
        canary: p.canary,
        pageViews: sql<number>`sum(${p.pageViews})::int`,
        errors: sql<number>`sum(${p.errors})::int`,
      })
      .from(p)
      .where(and(gte(p.minute, since), eq(p.preview, false)))
      .groupBy(p.remote, p.version, p.canary);
  };
  const labels = (row: { remote: string; version: string; canary: boolean }) => ({
    remote: row.remote,
    version: row.version,
    canary: String(row.canary),
  });
  const window = `over the last ${FIELD_GAUGE_WINDOW_MINUTES} minutes (field telemetry, previews left out)`;
  metrics.registerGauge({
    name: 'field_page_views',
    help: `Page views per remote and version ${window}`,
    labelNames: ['remote', 'version', 'canary'],
    collect: async () => (await read()).map((row) => ({ labels: labels(row), value: row.pageViews })),
  });
  metrics.registerGauge({
    name: 'field_errors',
    help: `Errors per remote and version ${window}`,
    labelNames: ['remote', 'version', 'canary'],
    collect: async () => (await read()).map((row) => ({ labels: labels(row), value: row.errors })),
  });
  metrics.registerGauge({
    name: 'field_errors_per_1000_views',
    help: `Errors per 1,000 page views per remote and version ${window} (no series without page views)`,
    labelNames: ['remote', 'version', 'canary'],
    collect: async () =>
      (await read()).flatMap((row) => {
        const rate = errorRatePer1000(row.errors, row.pageViews);
        return rate === null ? [] : [{ labels: labels(row), value: rate }];
      }),
  });
}
