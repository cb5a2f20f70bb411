import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { linkIn, lastMailTo, startTestApi, type TestApi } from '../test/api';
import { TELEMETRY_LABEL, type DriveOptions, type DriveResult } from './driver';
import type { LinkAnswer, LinkRequest } from './driver-thread';

export { TELEMETRY_LABEL } from './driver';

/**
 * A load run on loopback: `users` simulated applicants at once, each through register →
 * activation (the link of the mail in the outbox) → login → profile read and save → my page
 * (me, entries, news) → the entry wizard's draft save, over real HTTP against the real app on
 * a real embedded PostgreSQL. Each applicant comes from its own address (X-Forwarded-For behind
 * a trusted proxy hop), as real applicants would, so the per-client throttles count each one.
 * Afterwards every write is read back from the database. Bounded: every request has a timeout,
 * and the whole run a deadline.
 */

export interface LoadOptions {
  readonly users: number;
  /** The whole run's deadline (the unfinished applicants count as failures). */
  readonly maxSeconds: number;
  /** One request's limit. */
  readonly requestTimeoutMs?: number;
  /**
   * Field telemetry on (issue 26): each applicant's browser also sends a beacon per page it shows
   * (a page view and its Web Vitals, POST /api/telemetry/ as text/plain), written by the ingest every
   * 2 s as on the server. Its own figures are reported apart; the other endpoints' are compared.
   */
  readonly telemetry?: boolean;
}

export interface EndpointFigures {
  readonly endpoint: string;
  readonly count: number;
  /** As the applicants' browsers saw them (the driver's clock: request sent → answer read). */
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /**
   * As the API measured them (`reply.elapsedTime`, what `http_request_duration_seconds` observes on
   * /metrics): the server's share, without the driver's own delays on this shared machine.
   */
  readonly serverP99: number;
  /** Answers with a 5xx status. */
  readonly errors5xx: number;
}

export interface LoadResult {
  readonly users: number;
  readonly completed: number;
  readonly seconds: number;
  readonly responses5xx: number;
  /** Requests without an answer (timeout, connection refused). */
  readonly noAnswer: number;
  /** Writes the API acknowledged that the database does not hold. */
  readonly lostWrites: string[];
  /** Applicants that stopped on an unexpected answer (first few). */
  readonly failures: string[];
  readonly endpoints: EndpointFigures[];
  /** With telemetry: the page views the beacons carried that the database holds after the last flush. */
  readonly telemetryPageViews: number | null;
  /** Milliseconds the API's event loop was busy while the applicants were driven (its thread's share). */
  readonly serverBusyMs: number;
  /** Milliseconds the driver's thread was busy (the browsers' side, on the same machine). */
  readonly driverBusyMs: number;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Drives the applicants from a worker thread (driver.ts) against `base`; the links come from the outbox here. */
function driveInWorker(api: TestApi, options: DriveOptions): Promise<DriveResult & { driverBusyMs: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./driver-worker.mjs', import.meta.url), { workerData: options });
    let result: (DriveResult & { driverBusyMs: number }) | null = null;
    worker.on('message', (message: LinkRequest | { type: 'done'; result: DriveResult }) => {
      if (message.type === 'done') {
        result = { ...message.result, driverBusyMs: worker.performance.eventLoopUtilization().active };
        // Past the deadline some journeys may still be waiting on their requests: they end here.
        void worker.terminate();
        return;
      }
      lastMailTo(api, message.email).then(
        (mail) => {
          const link = linkIn(mail, '/register/activation');
          worker.postMessage({
            type: 'link',
            id: message.id,
            uid: link.searchParams.get('uid'),
            token: link.searchParams.get('token'),
          } satisfies LinkAnswer);
        },
        (error: unknown) =>
          worker.postMessage({
            type: 'link',
            id: message.id,
            error: error instanceof Error ? error.message : String(error),
          } satisfies LinkAnswer),
      );
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      result === null ? reject(new Error(`the load driver stopped (exit ${code}) without its figures`)) : resolve(result),
    );
  });
}

/** Runs the load against a fresh API (its own embedded PostgreSQL) and closes it. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const api = await startTestApi({
    trustProxy: 1,
    ...(options.telemetry === true ? { telemetryFlush: { ms: 2000, now: () => new Date() } } : {}),
  });
  try {
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = api.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    // The API's own duration of each answer, by the same label as the driver's (`POST /api/me/`):
    // read where the app observes it for /metrics.
    const serverMs = new Map<string, number[]>();
    const histogram = api.context.metrics?.httpDuration;
    if (histogram !== undefined) {
      const observe = histogram.observe.bind(histogram);
      histogram.observe = ((labels: { route?: string; method?: string }, seconds: number) => {
        const label = `${labels.method} ${labels.route}`;
        const list = serverMs.get(label) ?? [];
        serverMs.set(label, list);
        list.push(seconds * 1000);
        observe(labels, seconds);
      }) as typeof histogram.observe;
    }
    const loopBefore = performance.eventLoopUtilization();
    const driven = await driveInWorker(api, {
      base,
      users: options.users,
      maxSeconds: options.maxSeconds,
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      telemetry: options.telemetry === true,
    });
    const serverBusyMs = performance.eventLoopUtilization(loopBefore).active;
    const { expected, seconds, failures, noAnswer, driverBusyMs } = driven;

    // Every acknowledged write, read back from the database.
    const lostWrites: string[] = [];
    const { rows } = await api.database.pool.query<{
      email: string;
      is_active: boolean;
      business_summary: string | null;
      purpose: string | null;
    }>(
      `select u.email, u.is_active, u.business_summary, d.data->>'purpose' as purpose
         from users u left join entry_drafts d on d.user_id = u.id`,
    );
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    for (const want of expected) {
      const row = byEmail.get(want.email);
      if (row === undefined) lostWrites.push(`${want.email}: no account`);
      else {
        if (!row.is_active) lostWrites.push(`${want.email}: not active`);
        if (row.business_summary !== want.businessSummary) lostWrites.push(`${want.email}: business_summary ${row.business_summary}`);
        if (row.purpose !== want.purpose) lostWrites.push(`${want.email}: draft purpose ${row.purpose}`);
      }
    }

    // The beacons' page views, written by the ingest (its last batch flushed now).
    let telemetryPageViews: number | null = null;
    if (options.telemetry === true) {
      await api.context.telemetry?.flush();
      const { rows: views } = await api.database.pool.query<{ n: number | null }>(
        'select sum(page_views)::int as n from telemetry_page_minutes',
      );
      telemetryPageViews = views[0]?.n ?? 0;
    }

    const endpoints = driven.timings.map(([endpoint, ms, errors5xx]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const server = [...(serverMs.get(endpoint === TELEMETRY_LABEL ? 'POST /api/telemetry/' : endpoint) ?? [])].sort((a, b) => a - b);
      return {
        endpoint,
        count: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
        serverP99: percentile(server, 99),
        errors5xx,
      };
    });
    return {
      users: options.users,
      completed: expected.length,
      seconds,
      responses5xx: endpoints.reduce((sum, e) => sum + e.errors5xx, 0),
      noAnswer,
      lostWrites,
      failures,
      endpoints,
      telemetryPageViews,
      serverBusyMs,
      driverBusyMs,
    };
  } finally {
    await api.close();
  }
}

/** The figures as a Markdown table. */
export function formatLoad(result: LoadResult): string {
  const lines = [
    `${result.completed}/${result.users} applicants in ${result.seconds.toFixed(1)} s; ${result.responses5xx} responses 5xx, ` +
      `${result.noAnswer} without an answer, ${result.lostWrites.length} lost writes` +
      (result.telemetryPageViews === null ? '' : `; telemetry: ${result.telemetryPageViews} page views stored`),
    `event loops busy: the API's ${result.serverBusyMs.toFixed(0)} ms, the driver's ${result.driverBusyMs.toFixed(0)} ms`,
    '',
    '| endpoint | requests | p50 ms | p99 ms | max ms | p99 ms in the API | 5xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...result.endpoints.map(
      (e) =>
        `| ${e.endpoint} | ${e.count} | ${e.p50.toFixed(0)} | ${e.p99.toFixed(0)} | ${e.max.toFixed(0)} | ${e.serverP99.toFixed(0)} | ${e.errors5xx} |`,
    ),
  ];
  if (result.failures.length > 0) lines.push('', 'Failures:', ...result.failures.map((f) => `- ${f}`));
  if (result.lostWrites.length > 0) lines.push('', 'Lost writes:', ...result.lostWrites.slice(0, 10).map((w) => `- ${w}`));
  return lines.join('\n');
}

export interface ComparisonRow {
  readonly endpoint: string;
  /** Medians over the runs of each kind (as the browsers saw them). */
  readonly p99Without: number;
  readonly p99With: number;
  /** The median of the pairs' ratios (with ÷ without): each pair ran back to back. */
  readonly ratio: number;
  /** The same, of the p99 the API measured itself. */
  readonly serverP99Without: number;
  readonly serverP99With: number;
  readonly serverRatio: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The other endpoints' p99 with the beacons against without, over pairs of runs: per endpoint the
 * median of the pairs' ratios (a slow phase of the machine lands on both runs of a pair).
 */
export function compareTelemetry(pairs: ReadonlyArray<{ readonly without: LoadResult; readonly with: LoadResult }>): ComparisonRow[] {
  const endpoints = [...new Set(pairs.flatMap((pair) => pair.without.endpoints.map((e) => e.endpoint)))];
  const figures = (pick: (e: EndpointFigures) => number, endpoint: string) => {
    const of = (result: LoadResult) => {
      const found = result.endpoints.find((e) => e.endpoint === endpoint);
      return found === undefined ? undefined : pick(found);
    };
    const without = pairs.map((pair) => of(pair.without)).filter((ms) => ms !== undefined);
    const withBeacons = pairs.map((pair) => of(pair.with)).filter((ms) => ms !== undefined);
    const ratios = pairs.flatMap((pair) => {
      const a = of(pair.without);
      const b = of(pair.with);
      return a !== undefined && b !== undefined && a > 0 ? [b / a] : [];
    });
    return { without: median(without), with: median(withBeacons), ratio: median(ratios) };
  };
  return endpoints.map((endpoint) => {
    const browser = figures((e) => e.p99, endpoint);
    const server = figures((e) => e.serverP99, endpoint);
    return {
      endpoint,
      p99Without: browser.without,
      p99With: browser.with,
      ratio: browser.ratio,
      serverP99Without: server.without,
      serverP99With: server.with,
      serverRatio: server.ratio,
    };
  });
}

/** The comparison as a Markdown table. */
export function formatComparison(rows: readonly ComparisonRow[], pairs: number): string {
  return [
    `p99 of the other endpoints with the telemetry beacons against without (medians of ${pairs} pairs of runs, each pair back to back):`,
    '',
    '| endpoint | p99 ms without | p99 ms with | ratio | in the API: p99 ms without | with | ratio |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.endpoint} | ${row.p99Without.toFixed(0)} | ${row.p99With.toFixed(0)} | ${row.ratio.toFixed(2)} | ` +
        `${row.serverP99Without.toFixed(0)} | ${row.serverP99With.toFixed(0)} | ${row.serverRatio.toFixed(2)} |`,
    ),
  ].join('\n');
}
