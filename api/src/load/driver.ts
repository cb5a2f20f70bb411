/**
 * The applicants of a load run: each a browser of its own (cookies, CSRF token, an address of its
 * own behind the trusted proxy hop) going through register → activation (the link of the mail in the
 * outbox) → login → profile read and save → my page (me, entries, news) → the entry wizard's draft
 * save, over real HTTP. It runs in a worker thread of its own (driver-thread.ts), so the API's event
 * loop carries only the server's work, as with real browsers elsewhere; the activation link comes
 * from the API's side of the run (`activationLink`).
 */

export interface DriveOptions {
  readonly base: string;
  readonly users: number;
  readonly maxSeconds: number;
  readonly requestTimeoutMs: number;
  /**
   * Each page also gives its field telemetry (a page view and its Web Vitals), sent as the shell's
   * collector does (shell/src/telemetry/batch.ts): what waits goes in one beacon (a batch per page's
   * tag set, POST /api/telemetry/ as text/plain) 10 s after the first of it or when the person leaves
   * (here: the journey's end), never waited for, as `navigator.sendBeacon`.
   */
  readonly telemetry: boolean;
}

export interface Expected {
  readonly email: string;
  readonly businessSummary: string;
  readonly purpose: string;
}

export interface DriveResult {
  readonly seconds: number;
  /** Per endpoint label: every answered request's milliseconds and the 5xx among them. */
  readonly timings: ReadonlyArray<readonly [label: string, ms: number[], errors5xx: number]>;
  readonly noAnswer: number;
  readonly failures: string[];
  readonly expected: Expected[];
}

/** The activation link the API mailed to `email` (its `uid` and `token`). */
export type ActivationLink = (email: string) => Promise<{ uid: string | null; token: string | null }>;

/** The beacon label: kept apart from the endpoints the comparison is about. */
export const TELEMETRY_LABEL = 'POST /api/telemetry/ (beacon)';

/** The password every applicant of the run registers with (it passes the registration rules). */
const PASSWORD = 'Kumo-no-ue-2024';

type Record = (endpoint: string, ms: number, status: number) => void;

class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly ip: string,
    private readonly record: Record,
    private readonly timeoutMs: number,
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    label = `${method} ${path}`,
    contentType = 'application/json',
  ): Promise<{ status: number; json: unknown }> {
    const headers: { [name: string]: string } = { 'x-forwarded-for': this.ip, accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.cookies.get('csrftoken');
    if (method !== 'GET' && token !== undefined) headers['x-csrftoken'] = token;
    if (body !== undefined) headers['content-type'] = contentType;
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

  async expect(status: number, method: string, path: string, body?: unknown, label?: string, contentType?: string) {
    const response = await this.request(method, path, body, label, contentType);
    if (response.status !== status) throw new Error(`${label ?? `${method} ${path}`}: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json as { [key: string]: unknown };
  }
}

/** The collector's flush: what waits is sent this long after the first of it (FLUSH_AFTER_MS). */
const FLUSH_AFTER_MS = 10_000;

/** A page's signals under its tag set, as the shell gathers them: its view and its Web Vitals. */
function pageBatch(route: string, remote: string) {
  return {
    tags: { route, remote, version: '0.1.0-loadrun000', revision: 1, canary: false, preview: false },
    signals: [
      { type: 'pageview', first: true },
      { type: 'vital', name: 'TTFB', value: 80 + Math.random() * 200 },
      { type: 'vital', name: 'LCP', value: 900 + Math.random() * 1500 },
    ],
  };
}

/** One browser's collector: pages' batches wait, then go together in one beacon. */
class Collector {
  private waiting: ReturnType<typeof pageBatch>[] = [];
  private since = 0;
  private readonly sent: Promise<unknown>[] = [];
  constructor(private readonly browser: Browser) {}

  page(route: string, remote: string): void {
    if (this.waiting.length === 0) this.since = performance.now();
    this.waiting.push(pageBatch(route, remote));
    if (performance.now() - this.since >= FLUSH_AFTER_MS) this.flush();
  }

  flush(): void {
    if (this.waiting.length === 0) return;
    const body = { batches: this.waiting };
    this.waiting = [];
    this.sent.push(this.browser.expect(204, 'POST', '/api/telemetry/', body, TELEMETRY_LABEL, 'text/plain;charset=UTF-8'));
  }

  /** The person leaves: what waits is sent; the run then waits for every beacon's answer. */
  async leave(): Promise<void> {
    this.flush();
    await Promise.all(this.sent);
  }
}

async function applicantJourney(browser: Browser, index: number, telemetry: boolean, activationLink: ActivationLink): Promise<Expected> {
  const collector = telemetry ? new Collector(browser) : null;
  const page = (route: string, remote: string) => collector?.page(route, remote);
  await browser.expect(200, 'POST', '/api/me/', {});
  const email = `load${index}-${Math.random().toString(36).slice(2, 8)}@example.jp`;
  await browser.expect(201, 'POST', '/api/register/', {
    email,
    password: PASSWORD,
    corporate_division: 'corporate',
    last_name: '山田',
    first_name: '太郎',
    company_name: '株式会社ヤマダ',
  });
  const { uid, token } = await activationLink(email);
  await browser.expect(200, 'POST', '/api/register/activation/', { uid, token });
  await browser.expect(200, 'POST', '/api/auth/', { email, password: PASSWORD });
  page('login', 'auth');

  const profile = await browser.expect(200, 'GET', '/api/profile/');
  const businessSummary = `負荷試験の申込者 ${index}`;
  const saved = await browser.expect(200, 'PATCH', '/api/profile/', { version: profile.version, business_summary: businessSummary });
  if (saved.business_summary !== businessSummary) throw new Error(`PATCH /api/profile/ answered ${JSON.stringify(saved.business_summary)}`);
  page('profile', 'mypage');

  // My page: what mfe-mypage asks for on arrival.
  await browser.expect(200, 'POST', '/api/me/', {});
  await browser.expect(200, 'GET', '/api/entries/');
  await browser.expect(200, 'GET', '/api/news/');
  page('mypage', 'mypage');

  // The entry wizard: the draft, saved once.
  const draft = await browser.expect(200, 'GET', '/api/entries/draft/');
  const purpose = `運転資金 ${index}`;
  await browser.expect(200, 'PUT', '/api/entries/draft/', { version: draft.version, data: { purpose } });
  page('entryInvoice', 'entry');
  await collector?.leave();
  return { email, businessSummary, purpose };
}

/** All the applicants at once, each from its own address; bounded by the run's deadline. */
export async function drive(options: DriveOptions, activationLink: ActivationLink): Promise<DriveResult> {
  const timings = new Map<string, { ms: number[]; errors5xx: number }>();
  let noAnswer = 0;
  const record: Record = (endpoint, ms, status) => {
    const entry = timings.get(endpoint) ?? { ms: [], errors5xx: 0 };
    timings.set(endpoint, entry);
    if (status === 0) noAnswer++;
    else entry.ms.push(ms);
    if (status >= 500) entry.errors5xx++;
  };
  const started = performance.now();
  const failures: string[] = [];
  const expected: Expected[] = [];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), options.maxSeconds * 1000);
  });
  const journeys = Array.from({ length: options.users }, async (_, i) => {
    const ip = `10.${100 + Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
    const browser = new Browser(options.base, ip, record, options.requestTimeoutMs);
    try {
      expected.push(await applicantJourney(browser, i, options.telemetry, activationLink));
    } catch (error) {
      failures.push(`applicant ${i}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const outcome = await Promise.race([Promise.all(journeys).then(() => 'done' as const), deadline]);
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  if (outcome === 'deadline') failures.push(`deadline of ${options.maxSeconds} s reached with ${expected.length} applicants done`);
  return {
    seconds,
    timings: [...timings].map(([label, { ms, errors5xx }]) => [label, ms, errors5xx] as const),
    noAnswer,
    failures: failures.slice(0, 10),
    expected: [...expected],
  };
}
