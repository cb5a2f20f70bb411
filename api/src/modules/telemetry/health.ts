import fs from 'node:fs';
import path from 'node:path';
import type { ReleaseHealth, RemoteHealth } from '@app/contracts/api/releases';
import {
  DEFAULT_CANARY_THRESHOLDS,
  judgeCanary,
  telemetrySeries,
  VITAL_BUCKETS,
  versionHealth,
  type CanaryThresholds,
  type TelemetryMinute,
  type VersionTelemetry,
} from '@app/contracts/domain/telemetry';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../context';
import { telemetryErrorMinutes, telemetryErrorSamples, telemetryPageMinutes, telemetryVitalMinutes } from '../../db/schema';
import type { StoredDeployment } from '../release/deployment';
import { siteSourceMaps } from './source-maps';

/**
 * A canary judged by numbers (issue 26): for one remote, its canary version (the candidate) against
 * its live version (the baseline), over the same window and the same routes, preview data left out.
 * The pure rules (error rate, p75, ratios, verdict and reasons, the series) are the contracts'
 * (`@app/contracts/domain/telemetry`); here the counts are read from the aggregates.
 *
 * - The window: the minutes starting in [since, until).
 * - The same routes: those where both versions had page views in the window; every number (sessions,
 *   page views, errors, vitals, new fingerprints, the series) is over these routes only, so a canary
 *   seen mostly on a light page is not compared with a live version seen mostly on a heavy one.
 * - A version's data is all its non-preview data, whatever the `canary` flag said.
 * - New error fingerprints: the candidate's, in the window and routes, never recorded for the
 *   baseline version of the remote (any time within the retention, previews included), with their
 *   latest sample (scrubbed message, the frame as served and mapped through the build's private
 *   source map: source-maps.ts); the 20 most frequent.
 */

export interface RemoteHealthOptions {
  readonly remote: string;
  /** The canary's version. */
  readonly candidate: string;
  /** The live version. */
  readonly baseline: string;
  readonly since: Date;
  readonly until: Date;
  /** Defaults: DEFAULT_CANARY_THRESHOLDS (error ratio 2, LCP ratio 1.25, 50 sessions). */
  readonly thresholds?: Partial<CanaryThresholds>;
  /** The chart's bucket width; default: the window in about 12 buckets (at least 1 minute). */
  readonly bucketMinutes?: number;
  /**
   * Maps a new fingerprint's frame to the repository through the build's source map
   * (source-maps.ts `siteSourceMaps(siteDir).mapFrame`); without it, `mappedFrame` is null.
   */
  readonly mapFrame?: (frame: string | null) => Promise<string | null>;
}

/** New fingerprints listed at most. */
export const NEW_FINGERPRINTS_SHOWN = 20;

const num = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::float8`;

/** The chart's default bucket width: the window in about 12 buckets. */
export const defaultBucketMinutes = (since: Date, until: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - since.getTime()) / 60_000 / 12));

/** The health report of one remote's canary against its live version (see the top of this file). */
export async function remoteHealth(db: Db, options: RemoteHealthOptions): Promise<RemoteHealth> {
  const { remote, candidate, baseline, since, until } = options;
  const thresholds: CanaryThresholds = { ...DEFAULT_CANARY_THRESHOLDS, ...options.thresholds };
  const bucketMinutes = options.bucketMinutes ?? defaultBucketMinutes(since, until);
  const versions = [candidate, baseline];

  const p = telemetryPageMinutes;
  const inWindow = (t: { remote: AnyPgColumn; version: AnyPgColumn; minute: AnyPgColumn; preview: AnyPgColumn }) =>
    and(eq(t.remote, remote), inArray(t.version, versions), eq(t.preview, false), gte(t.minute, since), lt(t.minute, until));

  const perRoute = await db
    .select({ version: p.version, route: p.route, sessions: num(p.sessions), pageViews: num(p.pageViews), errors: num(p.errors) })
    .from(p)
    .where(inWindow(p))
    .groupBy(p.version, p.route);
  const viewed = (version: string) => new Set(perRoute.filter((r) => r.version === version && r.pageViews > 0).map((r) => r.route));
  const baselineRoutes = viewed(baseline);
  const routes = [...viewed(candidate)].filter((route) => baselineRoutes.has(route)).sort();

  const totals = (version: string): VersionTelemetry => {
    const rows = perRoute.filter((r) => r.version === version && routes.includes(r.route));
    const sum = (key: 'sessions' | 'pageViews' | 'errors') => rows.reduce((total, row) => total + row[key], 0);
    return { sessions: sum('sessions'), pageViews: sum('pageViews'), errors: sum('errors'), lcp: [], inp: [] };
  };
  const counts = { [candidate]: totals(candidate), [baseline]: totals(baseline) } as Record<string, VersionTelemetry>;

  let minutes: { version: string; minute: Date; pageViews: number; errors: number }[] = [];
  let lcpMinutes: { version: string; minute: Date; bucket: number; count: number }[] = [];
  let newFingerprints: RemoteHealth['newFingerprints'] = [];
  if (routes.length > 0) {
    const v = telemetryVitalMinutes;
    const vitals = await db
      .select({ version: v.version, vital: v.vital, bucket: v.bucket, count: num(v.count) })
      .from(v)
      .where(and(inWindow(v), inArray(v.route, routes), inArray(v.vital, ['LCP', 'INP'])))
      .groupBy(v.version, v.vital, v.bucket);
    for (const version of new Set(versions)) {
      const histogram = (vital: 'LCP' | 'INP') => {
        const buckets = VITAL_BUCKETS[vital].map(() => 0).concat(0);
        for (const row of vitals) if (row.version === version && row.vital === vital) buckets[row.bucket] = row.count;
        return buckets;
      };
      counts[version] = { ...(counts[version] as VersionTelemetry), lcp: histogram('LCP'), inp: histogram('INP') };
    }

    minutes = await db
      .select({ version: p.version, minute: p.minute, pageViews: num(p.pageViews), errors: num(p.errors) })
      .from(p)
      .where(and(inWindow(p), inArray(p.route, routes)))
      .groupBy(p.version, p.minute);
    lcpMinutes = await db
      .select({ version: v.version, minute: v.minute, bucket: v.bucket, count: num(v.count) })
      .from(v)
      .where(and(inWindow(v), inArray(v.route, routes), eq(v.vital, 'LCP')))
      .groupBy(v.version, v.minute, v.bucket);

    newFingerprints = await newErrorFingerprints(db, { remote, candidate, baseline, since, until, routes, mapFrame: options.mapFrame });
  }

  const series = (version: string) => {
    const byMinute = new Map<number, { minute: number; pageViews: number; errors: number; lcp: number[] }>();
    const at = (minute: Date) => {
      let row = byMinute.get(minute.getTime());
      if (row === undefined) {
        row = { minute: minute.getTime(), pageViews: 0, errors: 0, lcp: [] };
        byMinute.set(minute.getTime(), row);
      }
      return row;
    };
    for (const row of minutes.filter((m) => m.version === version))
      Object.assign(at(row.minute), { pageViews: row.pageViews, errors: row.errors });
    for (const row of lcpMinutes.filter((m) => m.version === version)) at(row.minute).lcp[row.bucket] = row.count;
    const rows: TelemetryMinute[] = [...byMinute.values()].map((row) => ({ ...row, lcp: Array.from(row.lcp, (n) => n ?? 0) }));
    const buckets = Math.ceil((until.getTime() - since.getTime()) / (bucketMinutes * 60_000));
    return telemetrySeries(rows, since.getTime(), bucketMinutes, buckets).map((point) => ({
      ...point,
      start: new Date(point.start).toISOString(),
    }));
  };

  const candidateHealth = versionHealth(counts[candidate] as VersionTelemetry);
  const baselineHealth = versionHealth(counts[baseline] as VersionTelemetry);
  const judgement = judgeCanary(candidateHealth, baselineHealth, thresholds);
  return {
    remote,
    since: since.toISOString(),
    until: until.toISOString(),
    routes,
    candidate: { version: candidate, ...candidateHealth },
    baseline: { version: baseline, ...baselineHealth },
    verdict: judgement.verdict,
    reasons: [...judgement.reasons],
    errorRateRatio: judgement.errorRateRatio,
    lcpRatio: judgement.lcpRatio,
    inpRatio: judgement.inpRatio,
    thresholds,
    newFingerprints,
    bucketMinutes,
    series: { candidate: series(candidate), baseline: series(baseline) },
  };
}

/** The candidate's error fingerprints (window, routes, no previews) the baseline never had, most frequent first, with their latest sample. */
async function newErrorFingerprints(
  db: Db,
  {
    remote,
    candidate,
    baseline,
    since,
    until,
    routes,
    mapFrame,
  }: Omit<RemoteHealthOptions, 'thresholds' | 'bucketMinutes'> & {
    routes: string[];
  },
): Promise<RemoteHealth['newFingerprints']> {
  const e = telemetryErrorMinutes;
  const rows = await db
    .select({ fingerprint: e.fingerprint, errors: num(e.count) })
    .from(e)
    .where(
      and(
        eq(e.remote, remote),
        eq(e.version, candidate),
        eq(e.preview, false),
        gte(e.minute, since),
        lt(e.minute, until),
        inArray(e.route, routes),
        sql`not exists (select 1 from ${e} as seen where seen.remote = ${remote} and seen.version = ${baseline} and seen.fingerprint = ${e.fingerprint})`,
      ),
    )
    .groupBy(e.fingerprint)
    .orderBy(desc(num(e.count)), e.fingerprint)
    .limit(NEW_FINGERPRINTS_SHOWN);
  if (rows.length === 0) return [];
  const s = telemetryErrorSamples;
  const samples = await db
    .selectDistinctOn([s.fingerprint], { fingerprint: s.fingerprint, kind: s.kind, message: s.message, frame: s.frame })
    .from(s)
    .where(
      and(
        eq(s.remote, remote),
        inArray(
          s.fingerprint,
          rows.map((row) => row.fingerprint),
        ),
      ),
    )
    .orderBy(s.fingerprint, desc(s.at));
  return Promise.all(
    rows.map(async (row) => {
      const sample = samples.find((candidateSample) => candidateSample.fingerprint === row.fingerprint);
      const frame = sample?.frame ?? null;
      return {
        fingerprint: row.fingerprint,
        errors: row.errors,
        kind: sample?.kind ?? null,
        message: sample?.message ?? null,
        frame,
        mappedFrame: mapFrame === undefined || frame === null ? null : await mapFrame(frame),
      };
    }),
  );
}

export interface CanaryHealthOptions {
  /** The window ends now (default: the whole minute just begun is left out: until = now). */
  readonly now: Date;
  readonly windowMinutes: number;
  readonly thresholds?: Partial<CanaryThresholds>;
  readonly bucketMinutes?: number;
  /** See RemoteHealthOptions; default: the site folder's source maps. */
  readonly mapFrame?: (frame: string | null) => Promise<string | null>;
}

/** deployment.json of the site (`pnpm release` writes it); an empty deployment when it is missing or unreadable. */
export function readDeployment(siteDir: string): StoredDeployment {
  try {
    return JSON.parse(fs.readFileSync(path.join(siteDir, 'deployment.json'), 'utf8')) as StoredDeployment;
  } catch {
    return { remotes: {} };
  }
}

/**
 * The health of every remote with a canary in the site's deployment.json (the canary's version
 * against the live one), over the `windowMinutes` minutes up to `now`. Remotes in the order of
 * deployment.json's canaries; none: an empty list.
 */
export async function canaryHealth(db: Db, siteDir: string, options: CanaryHealthOptions): Promise<ReleaseHealth> {
  const until = options.now;
  const since = new Date(until.getTime() - options.windowMinutes * 60_000);
  const deployment = readDeployment(siteDir);
  const remotes: RemoteHealth[] = [];
  for (const [remote, canary] of Object.entries(deployment.canary ?? {})) {
    const live = deployment.remotes[remote]?.version;
    if (live === undefined) continue;
    remotes.push(
      await remoteHealth(db, {
        remote,
        candidate: canary.version,
        baseline: live,
        since,
        until,
        ...(options.thresholds === undefined ? {} : { thresholds: options.thresholds }),
        ...(options.bucketMinutes === undefined ? {} : { bucketMinutes: options.bucketMinutes }),
        mapFrame: options.mapFrame ?? siteSourceMaps(siteDir).mapFrame,
      }),
    );
  }
  return { since: since.toISOString(), until: until.toISOString(), windowMinutes: options.windowMinutes, remotes };
}
