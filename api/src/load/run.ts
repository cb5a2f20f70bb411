import type { AddressInfo } from 'node:net';
import { linkIn, lastMailTo, registration, startTestApi, type TestApi } from '../test/api';

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
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
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
}

class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly ip: string,
    private readonly record: (endpoint: string, ms: number, status: number) => void,
    private readonly timeoutMs: number,
  ) {}

  async request(method: string, path: string, body?: unknown, label = `${method} ${path}`): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.cookies.get('csrftoken');
    if (method !== 'GET' && token !== undefined) headers['x-csrftoken'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      this.record(label, performance.now() - started, 0);
      throw new Error(`${label}: no answer (${error instanceof Error ? error.message : String(error)})`);
    }
    const text = await response.text();
    this.record(label, performance.now() - started, response.status);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    let json: unknown = null;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, json };
  }

  async expect(status: number, method: string, path: string, body?: unknown, label?: string): Promise<Record<string, unknown>> {
    const response = await this.request(method, path, body, label);
    if (response.status !== status) throw new Error(`${label ?? `${method} ${path}`}: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json as Record<string, unknown>;
  }
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Expected {
  readonly email: string;
  readonly businessSummary: string;
  readonly purpose: string;
}

/** The beacon label: kept apart from the endpoints the comparison is about. */
export const TELEMETRY_LABEL = 'POST /api/telemetry/ (beacon)';

/** A beacon as the shell sends it for one page: the page view and the page's Web Vitals. */
async function beacon(browser: Browser | null, route: string, remote: string) {
  if (browser === null) return;
  const batch = {
    tags: { route, remote, version: '0.1.0-loadrun000', revision: 1, canary: false, preview: false },
    signals: [
      { type: 'pageview', first: true },
      { type: 'vital', name: 'TTFB', value: 80 + Math.random() * 200 },
      { type: 'vital', name: 'LCP', value: 900 + Math.random() * 1500 },
    ],
  };
  await browser.expect(204, 'POST', '/api/telemetry/', batch, TELEMETRY_LABEL);
}

async function applicantJourney(api: TestApi, browser: Browser, index: number, telemetry: boolean): Promise<Expected> {
  const seen = telemetry ? browser : null;
  await browser.expect(200, 'POST', '/api/me/', {});
  const body = registration();
  const email = String(body.email);
  await browser.expect(201, 'POST', '/api/register/', body);
  const link = linkIn(await lastMailTo(api, email), '/register/activation');
  await browser.expect(200, 'POST', '/api/register/activation/', {
    uid: link.searchParams.get('uid'),
    token: link.searchParams.get('token'),
  });
  await browser.expect(200, 'POST', '/api/auth/', { email, password: body.password });
  await beacon(seen, 'login', 'auth');

  const profile = await browser.expect(200, 'GET', '/api/profile/');
  const businessSummary = `負荷試験の申込者 ${index}`;
  const saved = await browser.expect(200, 'PATCH', '/api/profile/', { version: profile.version, business_summary: businessSummary });
  if (saved.business_summary !== businessSummary) throw new Error(`PATCH /api/profile/ answered ${JSON.stringify(saved.business_summary)}`);
  await beacon(seen, 'profile', 'mypage');

  // My page: what mfe-mypage asks for on arrival.
  await browser.expect(200, 'POST', '/api/me/', {});
  await browser.expect(200, 'GET', '/api/entries/');
  await browser.expect(200, 'GET', '/api/news/');
  await beacon(seen, 'mypage', 'mypage');

  // The entry wizard: the draft, saved once.
  const draft = await browser.expect(200, 'GET', '/api/entries/draft/');
  const purpose = `運転資金 ${index}`;
  await browser.expect(200, 'PUT', '/api/entries/draft/', { version: draft.version, data: { purpose } });
  await beacon(seen, 'entryInvoice', 'entry');
  return { email, businessSummary, purpose };
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
    const timings = new Map<string, { ms: number[]; errors5xx: number }>();
    let noAnswer = 0;
    const record = (endpoint: string, ms: number, status: number) => {
      const entry = timings.get(endpoint) ?? { ms: [], errors5xx: 0 };
      timings.set(endpoint, entry);
      if (status === 0) noAnswer++;
      else entry.ms.push(ms);
      if (status >= 500) entry.errors5xx++;
    };

    const started = performance.now();
    const failures: string[] = [];
    const expected: Expected[] = [];
    const deadline = new Promise<'deadline'>((resolve) => setTimeout(() => resolve('deadline'), options.maxSeconds * 1000).unref());
    const journeys = Array.from({ length: options.users }, async (_, i) => {
      const ip = `10.${100 + Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
      const browser = new Browser(base, ip, record, options.requestTimeoutMs ?? 60_000);
      try {
        expected.push(await applicantJourney(api, browser, i, options.telemetry === true));
      } catch (error) {
        failures.push(`applicant ${i}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    const outcome = await Promise.race([Promise.all(journeys).then(() => 'done' as const), deadline]);
    const seconds = (performance.now() - started) / 1000;
    if (outcome === 'deadline') failures.push(`deadline of ${options.maxSeconds} s reached with ${expected.length} applicants done`);

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

    const endpoints = [...timings].map(([endpoint, { ms, errors5xx }]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return {
        endpoint,
        count: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
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
      failures: failures.slice(0, 10),
      endpoints,
      telemetryPageViews,
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
    '',
    '| endpoint | requests | p50 ms | p99 ms | max ms | 5xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...result.endpoints.map(
      (e) => `| ${e.endpoint} | ${e.count} | ${e.p50.toFixed(0)} | ${e.p99.toFixed(0)} | ${e.max.toFixed(0)} | ${e.errors5xx} |`,
    ),
  ];
  if (result.failures.length > 0) lines.push('', 'Failures:', ...result.failures.map((f) => `- ${f}`));
  if (result.lostWrites.length > 0) lines.push('', 'Lost writes:', ...result.lostWrites.slice(0, 10).map((w) => `- ${w}`));
  return lines.join('\n');
}
