import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import type { StaffRole } from '@app/contracts';
import { buildApp } from '../app';
import type { AppContext, IdempotencyTestSeam } from '../context';
import { startDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { DEFAULT_MAIL_FROM, env, type TrustProxy } from '../env';
import { createMailer, type Mailer } from '../mail/mailer';
import { createMetrics } from '../metrics/registry';
import { mailRecorder } from '../modules/staff-applicants/mail-record';
import { createStaffMember } from '../modules/staff/command';
import { createTelemetryIngest } from '../modules/telemetry/ingest';
import { TOTP_SETTINGS, totpCode, totpCounter } from '../modules/staff/totp';
import { totpKeyFor } from '../modules/staff/totp-secret';
import { LocalStorage } from '../storage/local';
import { clusterUrl, createTestDatabase, dropTestDatabase, sharedCluster } from './postgres-cluster';
import { makeTempDir, removeDir } from './support';

/**
 * Integration tests of the API: the real app (app.inject) on a real embedded PostgreSQL, a clock
 * the test moves, and mail written to a temporary outbox.
 */

export const PUBLIC_URL = 'http://localhost:3999';
export const START = new Date('2026-04-01T00:00:00.000Z');

/** A clock that stands still until the test moves it. */
export class TestClock {
  private current = START.getTime();
  readonly now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface TestApi {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly clock: TestClock;
  readonly mailer: Mailer;
  readonly outboxDir: string;
  /** The temporary data directory (uploads are under `uploads/`). */
  readonly dataDir: string;
  readonly context: AppContext;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** Replaces the outbox mailer (e.g. a slow one). */
  readonly mailer?: (outbox: Mailer) => Mailer;
  readonly trustProxy?: TrustProxy;
  /** The per-applicant upload quota (default: the real 500 MB). */
  readonly uploadQuotaBytes?: number;
  /** STAFF_NOTIFY_EMAIL and its window (default: no staff mail, as without the variable). */
  readonly staffNotify?: { readonly to: string; readonly digestMinutes: number };
  /** METRICS_TOKEN (default: unset, /metrics for loopback clients only). */
  readonly metricsToken?: string;
  /** Telemetry batches per client per minute (default: the real 120). */
  readonly telemetryRatePerMinute?: number;
  /** The telemetry ingest's flush interval and clock (the load run: the server's 2 s and the real clock); default: written on flush() only. */
  readonly telemetryFlush?: { readonly ms: number; readonly now: () => Date };
  /** Error samples per fingerprint per hour (default: the real 5). */
  readonly telemetrySamplesPerHour?: number;
  /** Holds idempotent requests after their key is claimed (http/idempotency.ts; default: none). */
  readonly idempotencyTestSeam?: IdempotencyTestSeam;
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = makeTempDir('api-accounts');
  const outboxDir = path.join(dataDir, 'mail');
  // Under vitest: a database of its own in the run's one cluster (test/postgres-cluster.ts), copied
  // from the migrated template; elsewhere (bench scripts): an embedded PostgreSQL of its own.
  const cluster = sharedCluster();
  const testDatabase = cluster ? await createTestDatabase(cluster) : undefined;
  const database = await startDatabase(
    cluster && testDatabase
      ? {
          dataDir,
          databaseUrl: clusterUrl(cluster, 'app', testDatabase),
          migrationDatabaseUrl: clusterUrl(cluster, 'owner', testDatabase),
        }
      : { dataDir },
  );
  await migrate(database);
  const clock = new TestClock();
  // As server.ts: one registry for this app, its pools watched, the mails counted.
  const metrics = createMetrics();
  metrics.watchPools(database.pools);
  const outbox = createMailer({
    from: DEFAULT_MAIL_FROM,
    outboxDir,
    log: () => {},
    afterSend: mailRecorder(database.drizzle, clock.now),
    onResult: metrics.mailResult,
  });
  const mailer = options.mailer ? options.mailer(outbox) : outbox;
  const context: AppContext = {
    db: database.drizzle,
    now: clock.now,
    mailer,
    storage: new LocalStorage(path.join(dataDir, 'uploads')),
    publicUrl: () => PUBLIC_URL,
    trustedOrigins: [PUBLIC_URL],
    metrics,
    ...(options.uploadQuotaBytes === undefined ? {} : { uploadQuotaBytes: options.uploadQuotaBytes }),
    ...(options.staffNotify === undefined ? {} : { staffNotify: options.staffNotify }),
    // Written when a test calls context.telemetry.flush() (or the app closes): the timer's minute is far off.
    telemetry: createTelemetryIngest({
      db: database.drizzle,
      now: options.telemetryFlush?.now ?? clock.now,
      flushMs: options.telemetryFlush?.ms ?? 60_000,
      ...(options.telemetrySamplesPerHour === undefined ? {} : { samplesPerHour: options.telemetrySamplesPerHour }),
    }),
    ...(options.telemetryRatePerMinute === undefined ? {} : { telemetryRatePerMinute: options.telemetryRatePerMinute }),
    ...(options.idempotencyTestSeam === undefined ? {} : { idempotencyTestSeam: options.idempotencyTestSeam }),
  };
  const app = buildApp({
    env: {
      SITE_DIR: path.join(dataDir, 'no-site'),
      LOG_LEVEL: 'silent',
      TRUST_PROXY: options.trustProxy ?? false,
      ...(options.metricsToken === undefined ? {} : { METRICS_TOKEN: options.metricsToken }),
    },
    db: database,
    context,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    mailer,
    outboxDir,
    dataDir,
    context,
    async close() {
      await app.close();
      await mailer.idle();
      metrics.close();
      await database.stop();
      if (cluster && testDatabase) await dropTestDatabase(cluster, testDatabase);
      removeDir(dataDir);
    },
  };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const UNSAFE = new Set<Method>(['POST', 'PATCH', 'PUT', 'DELETE']);

export interface RequestOptions {
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Send X-CSRFToken from the cookie jar (default: for unsafe methods). */
  readonly csrf?: boolean;
}

let nextIp = 1;

/**
 * A browser: keeps cookies (honouring Max-Age=0 and past Expires), echoes the csrf cookie (`csrftoken`, `__Host-csrftoken` on an https site) in
 * X-CSRFToken as the site's API client does, and comes from its own IP address so that the
 * per-client login throttle of one test does not touch another.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  last: LightMyRequestResponse | undefined;

  constructor(
    private readonly app: FastifyInstance,
    ip?: string,
  ) {
    this.ip = ip ?? `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
  }

  async request(method: Method, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const token = this.cookies.get('__Host-csrftoken') ?? this.cookies.get('csrftoken');
    if ((options.csrf ?? UNSAFE.has(method)) && token !== undefined) headers['x-csrftoken'] = token;
    Object.assign(headers, options.headers);
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now() && cookie.maxAge === undefined);
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    this.last = response;
    return response;
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, options);
  post = (url: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => this.request('POST', url, { ...options, body });
  patch = (url: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => this.request('PATCH', url, { ...options, body });
  delete = (url: string, options?: RequestOptions) => this.request('DELETE', url, options);

  /** POST multipart/form-data: the text fields first, then the file (as browsers send a FormData). */
  upload(url: string, fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
    const { payload, contentType } = multipartBody(fields, file);
    return this.request('POST', url, { body: payload, headers: { 'content-type': contentType } });
  }

  /** POST /api/me/ once, as the site does at start: the csrftoken cookie arrives. */
  async start(): Promise<this> {
    await this.post('/api/me/', {});
    return this;
  }
}

export async function newAgent(api: TestApi): Promise<Agent> {
  return new Agent(api.app).start();
}

// --- Mail ---------------------------------------------------------------------------------

export interface ReadMail {
  readonly file: string;
  readonly to: string;
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Every .eml in the outbox for this recipient, oldest first (file names sort by time). */
export async function mailsTo(api: TestApi, to: string): Promise<ReadMail[]> {
  await api.mailer.idle();
  if (!fs.existsSync(api.outboxDir)) return [];
  const files = fs
    .readdirSync(api.outboxDir)
    .filter((name) => name.endsWith(`-${to}.eml`))
    .sort();
  const mails: ReadMail[] = [];
  for (const file of files) {
    const parsed = await simpleParser(fs.readFileSync(path.join(api.outboxDir, file)));
    const address = (list: typeof parsed.to) => (Array.isArray(list) ? list.map((a) => a.text).join(', ') : (list?.text ?? ''));
    mails.push({
      file,
      to: address(parsed.to),
      from: address(parsed.from),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
    });
  }
  return mails;
}

export async function lastMailTo(api: TestApi, to: string): Promise<ReadMail> {
  const mails = await mailsTo(api, to);
  const last = mails.at(-1);
  if (last === undefined) throw new Error(`no mail to ${to} in ${api.outboxDir}`);
  return last;
}

/** The first link in the mail's text that starts with PUBLIC_URL + pathPrefix. */
export function linkIn(mail: ReadMail, pathPrefix: string): URL {
  const escaped = `${PUBLIC_URL}${pathPrefix}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S*`).exec(mail.text);
  if (match === null) throw new Error(`no ${pathPrefix} link in:\n${mail.text}`);
  return new URL(match[0]);
}

// --- Accounts -------------------------------------------------------------------------------

export const PASSWORD = 'Kumo-no-ue-2024';
let nextUser = 1;

export interface TestUser {
  readonly id: number;
  readonly email: string;
  readonly password: string;
}

export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: `user${nextUser++}-${Math.random().toString(36).slice(2, 8)}@example.jp`,
    password: PASSWORD,
    corporate_division: 'corporate',
    last_name: '山田',
    first_name: '太郎',
    company_name: '株式会社ヤマダ',
    ...overrides,
  };
}

/** Registers through the API (201) and returns the account; not activated yet. */
export async function registerUser(api: TestApi, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const agent = await newAgent(api);
  const body = registration(overrides);
  const response = await agent.post('/api/register/', body);
  if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
  return { id: response.json<{ id: number }>().id, email: String(body.email), password: String(body.password) };
}

/** Opens the activation link of the newest activation mail (as the page does). */
export async function activateFromMail(api: TestApi, email: string): Promise<LightMyRequestResponse> {
  const link = linkIn(await lastMailTo(api, email), '/register/activation');
  const agent = await newAgent(api);
  return agent.post('/api/register/activation/', { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') });
}

/** A registered and activated account. */
export async function createUser(api: TestApi, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const user = await registerUser(api, overrides);
  const activated = await activateFromMail(api, user.email);
  if (activated.statusCode !== 200) throw new Error(`activate: ${activated.statusCode} ${activated.body}`);
  return user;
}

/** A browser logged in as the user. */
export async function loggedIn(api: TestApi, user: TestUser, persistLoginState = false): Promise<Agent> {
  const agent = await newAgent(api);
  const response = await agent.post('/api/auth/', { email: user.email, password: user.password, persistLoginState });
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
  return agent;
}

/** Audit rows of an event (newest last). */
export async function auditRows(
  api: TestApi,
  event: string,
): Promise<{ actor: string | null; subject_id: string | null; data: Record<string, unknown> }[]> {
  const { rows } = await api.database.pool.query<{ actor: string | null; subject_id: string | null; data: Record<string, unknown> }>(
    'select actor, subject_id, data from audit_log where event = $1 order by id',
    [event],
  );
  return rows;
}

// --- Multipart -----------------------------------------------------------------------------

/** A multipart/form-data body: fields, then `content_file` when given. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string },
): { payload: Buffer; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="content_file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// --- Staff (the back office) ------------------------------------------------------------------

export const STAFF_PASSWORD = 'Shinsa-no-tsukue-2026';
let nextStaff = 1;

export interface TestStaff {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly password: string;
  /** The authenticator app's secret (base32). */
  readonly secret: string;
}

/** A staff account made as the operator command makes it (the same key as the API's routes). */
export async function createStaff(
  api: TestApi,
  overrides: Partial<Pick<TestStaff, 'email' | 'name' | 'role' | 'password'>> = {},
): Promise<TestStaff> {
  const input = {
    email: `staff${nextStaff++}-${Math.random().toString(36).slice(2, 8)}@tsumugi.example.jp`,
    name: '審査 一郎',
    role: 'reviewer' as StaffRole,
    password: STAFF_PASSWORD,
    ...overrides,
  };
  const { member, totp } = await createStaffMember(api.context.db, input, api.clock.now(), totpKeyFor(env), 'operator:test');
  return { id: member.id, email: member.email, name: member.name, role: member.role, password: input.password, secret: totp.secret_base32 };
}

/**
 * The code the staff member's app shows now. A code works once: when the current step has been
 * used already (another login of the same account in this test), the test clock moves on to the
 * next step first.
 */
export async function staffOtp(api: TestApi, staff: TestStaff): Promise<string> {
  const { rows } = await api.database.pool.query<{ last: string | null }>(
    'select totp_last_counter::text as last from staff_members where id = $1',
    [staff.id],
  );
  const last = rows[0]?.last;
  const step = TOTP_SETTINGS.period * 1000;
  while (last !== null && last !== undefined && totpCounter(api.clock.now()) <= Number(last)) api.clock.advance(step);
  return totpCode(staff.secret, api.clock.now());
}

/** A browser logged in to the back office as the staff member (POST /api/staff/auth/ with a fresh code). */
export async function staffAgent(api: TestApi, staff: TestStaff): Promise<Agent> {
  const agent = await newAgent(api);
  const response = await agent.post('/api/staff/auth/', { email: staff.email, password: staff.password, otp: await staffOtp(api, staff) });
  if (response.statusCode !== 200) throw new Error(`staff login: ${response.statusCode} ${response.body}`);
  return agent;
}
