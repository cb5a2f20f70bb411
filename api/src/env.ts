import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { maskUrlPassword } from './logging';
import { SERVICE_NAME } from './mail/templates';
import { REPO_ROOT } from './paths';

// An empty variable (`PORT=`) means "not set", as in most shells' .env habits.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

function absoluteDir(fallback: string) {
  return optional(z.string().default(fallback)).transform((dir) => path.resolve(dir));
}

/** The From of every mail unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = `${SERVICE_NAME} <no-reply@localhost>`;

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: optional(z.string().default('localhost')),
  DATA_DIR: absoluteDir(path.join(REPO_ROOT, '.data')),
  SITE_DIR: absoluteDir(path.join(REPO_ROOT, '.site')),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /**
   * With DATABASE_URL: the owner's connection, used for migrations only; the API then runs as
   * DATABASE_URL's user, granted DML on the app's tables and SELECT/INSERT on audit_log.
   */
  MIGRATION_DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn')),
  /** Origin of the site as people reach it, for links in mails; unset: http://localhost:<listening port>. */
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  /**
   * Behind a reverse proxy: trust its X-Forwarded-Proto and X-Forwarded-For (the client address of
   * the per-client limits and the audit log). A hop count (`1`: one proxy in front) or the
   * proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`): only the entries those proxies appended are
   * believed, never the left-most one the client wrote. `true` is refused for that reason. Unset
   * (or `0`/`false`): trust nothing; refused with an https PUBLIC_URL (a TLS proxy is then in front).
   */
  TRUST_PROXY: optional(z.string().optional()).transform(parseTrustProxy),
  /**
   * Clients (addresses/CIDRs, `127.0.0.1,::1`) the per-client rate limits of registration, password
   * reset and activation do not count: the e2e tests and load runs on loopback. Unset: none.
   */
  RATE_LIMIT_EXEMPT: optional(z.string().optional()).transform(parseAddressList('RATE_LIMIT_EXEMPT')),
  /** Mail goes to .eml files here unless SMTP_URL is set. Default: DATA_DIR/mail. */
  MAIL_OUTBOX_DIR: optional(z.string().optional()).transform((dir) => (dir === undefined ? undefined : path.resolve(dir))),
  /** smtp://user:pass@host:587 or smtps://…:465: send mail through that server instead of the outbox. */
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /**
   * With SMTP_URL: how long (ms) connecting, the server's greeting, and any silence of the
   * connection may take before a send fails. Default 10000.
   */
  SMTP_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000).optional()),
  /** A "keep me logged in" session unused this many days ends (it lasts 14 days at most anyway). Default 7. */
  PERSISTENT_SESSION_IDLE_DAYS: optional(z.coerce.number().positive().max(14).optional()),
  /** Any other session unused this many hours ends. Default 12. */
  BROWSER_SESSION_IDLE_HOURS: optional(
    z.coerce
      .number()
      .positive()
      .max(14 * 24)
      .optional(),
  ),
  /** The review queue highlights an entry waiting longer than this many hours since it came (back) in. Default 24. */
  REVIEW_WAIT_LIMIT_HOURS: optional(
    z.coerce
      .number()
      .int()
      .positive()
      .max(30 * 24)
      .optional(),
  ),
  /** Where the staff digest goes when an entry, a resubmission or a signed contract arrives (issue 25). Unset: no staff mail. */
  STAFF_NOTIFY_EMAIL: optional(z.email({ error: 'must be a mail address' }).optional()),
  /** At most one staff digest per kind per this many minutes; what arrives meanwhile waits for the next. Default 15. */
  STAFF_NOTIFY_DIGEST_MINUTES: optional(
    z.coerce
      .number()
      .int()
      .positive()
      .max(24 * 60)
      .default(15),
  ),
  /** Field telemetry (issue 26): aggregates and error samples older than this many days are swept by the hourly job. Default 30. */
  TELEMETRY_RETENTION_DAYS: optional(z.coerce.number().int().positive().max(3650).default(30)),
  /** The telemetry beacons' counts wait in memory at most this many ms before they are written (batched upserts). Default 2000. */
  TELEMETRY_FLUSH_MS: optional(z.coerce.number().int().min(100).max(60_000).default(2000)),
  /** Raw error samples kept per remote × error fingerprint × hour (the counts are kept whole). Default 5. */
  TELEMETRY_SAMPLES_PER_HOUR: optional(z.coerce.number().int().min(0).max(1000).default(5)),
  /** Telemetry batches one client (IPv4 address or IPv6 /64) may send per minute, per API process. Default 120. */
  TELEMETRY_RATE_PER_MINUTE: optional(z.coerce.number().int().positive().max(100_000).default(120)),
  /**
   * The canary watch as a scheduled job (issue 26): each API process checks, one at a time (an
   * advisory lock), every canary of the site with `pnpm release canary watch <remote> --once`.
   */
  RELEASE_WATCH: optional(z.string().optional()).transform(parseFlag),
  /** The watch's options (`--min-sessions 50 --promote-after 2h …`, scripts/release-watch.mjs); unset: its defaults. */
  RELEASE_WATCH_OPTIONS: optional(
    z
      .string()
      .regex(
        /^(\s*--(max-error-ratio|max-lcp-ratio|min-sessions|promote-after|window)\s+[0-9.]+(ms|s|m|h|d)?)*\s*$/,
        'must be watch options: --max-error-ratio n --max-lcp-ratio n --min-sessions n --promote-after 2h --window 30m',
      )
      .optional(),
  ),
  /** How often the scheduled watch checks, in seconds. Default 60. */
  RELEASE_WATCH_EVERY_SECONDS: optional(z.coerce.number().int().min(5).max(3600).default(60)),
  /**
   * On SIGTERM: how long the process still takes requests while its readiness check answers 503
   * `draining`, so the proxy's health checks move traffic away first (ms). Default 0: alone, there is
   * nobody to move it to; behind a proxy, at least its check interval.
   */
  SHUTDOWN_DRAIN_MS: optional(z.coerce.number().int().min(0).max(300_000).default(0)),
  /** On SIGTERM: how long the requests already started (uploads included) may take to finish (ms). Default 25 s. */
  SHUTDOWN_TIMEOUT_MS: optional(z.coerce.number().int().min(0).max(600_000).default(25_000)),
  /** The From of every mail. */
  MAIL_FROM: optional(z.string().default(DEFAULT_MAIL_FROM)),
  /** The site's WordPress REST API root (`https://example.com/wp-json`): the news of /mypage. Unset: no news. */
  WORDPRESS_API_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  /**
   * The application id the National Tax Agency issued for its 法人番号システム Web-API: 法人番号
   * suggestions come from the Web-API. Unset: from the bundled offline index (fictional samples).
   */
  HOUJINBANGOU_APP_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]{1,64}$/, 'must be the application id (letters and digits)')
      .optional(),
  ),

  // Uploaded files' bytes (storage/create.ts). Unset STORAGE: `local`, DATA_DIR/uploads.
  STORAGE: optional(z.enum(['local', 's3']).optional()),
  /** STORAGE=s3: the bucket (required then). */
  S3_BUCKET: optional(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)')
      .optional(),
  ),
  /** Unset: the AWS SDK's (AWS_REGION, the profile); with S3_ENDPOINT, us-east-1. */
  S3_REGION: optional(z.string().optional()),
  /** An S3-compatible service (Cloudflare R2, MinIO): its URL. Unset: AWS S3. */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  /** `true`: https://endpoint/bucket/key (MinIO) rather than https://bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: optional(z.string().optional()).transform(parseFlag),
  /** Both or neither; neither: the AWS SDK's default credentials (AWS_* variables, profile, role). */
  S3_ACCESS_KEY_ID: optional(z.string().optional()),
  S3_SECRET_ACCESS_KEY: optional(z.string().optional()),
  /** Keys go under this prefix (`factoring/uploads`), so the bucket can hold other things. */
  S3_PREFIX: optional(z.string().optional()),

  /**
   * The secret the staff members' TOTP secrets are encrypted with (an AES-256-GCM key is derived
   * from it: modules/staff/totp-secret.ts): at least 32 characters, e.g. `openssl rand -base64 32`.
   * Required when NODE_ENV=production; unset otherwise: a fixed development key (not secret). Changing
   * it makes every enrolled authenticator unreadable (re-enrol with `staff:reset-totp`).
   */
  STAFF_TOTP_KEY: optional(z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional()),
  /** Only read to require STAFF_TOTP_KEY in production. */
  NODE_ENV: optional(z.string().optional()),

  // Observability (issue 26): metrics/route.ts, tracing/tracing.ts.
  /**
   * `GET /metrics` (Prometheus text) answers only with `Authorization: Bearer <METRICS_TOKEN>`, from
   * any address. Unset: only to a loopback client that came through no proxy (metrics/access.ts).
   */
  METRICS_TOKEN: optional(
    z
      .string()
      .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 24)')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in a header)')
      .optional(),
  ),
  /**
   * An OTLP/HTTP collector (`http://localhost:4318`): traces of every request are sent to
   * `<endpoint>/v1/traces`. Unset: no tracing at all (nothing of OpenTelemetry is even loaded).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  /** The traces' `service.name`. */
  OTEL_SERVICE_NAME: optional(z.string().trim().min(1).max(100).default('tsumugi-api')),
});

/** The rules between the storage variables. */
const checkedEnvSchema = envSchema.superRefine((vars, ctx) => {
  if (vars.STORAGE === 's3' && vars.S3_BUCKET === undefined) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
  }
  // The issue names the missing one: a secret is never echoed.
  if ((vars.S3_ACCESS_KEY_ID === undefined) !== (vars.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = vars.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither' });
  }
  if (vars.PUBLIC_URL?.startsWith('https:') === true && vars.TRUST_PROXY === false) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        'PUBLIC_URL is https, so a TLS proxy is in front of the API: set TRUST_PROXY to its hop count (1) or its addresses/CIDRs, or every client would share the proxy’s address',
    });
  }
  if (vars.NODE_ENV === 'production' && vars.STAFF_TOTP_KEY === undefined) {
    ctx.addIssue({ code: 'custom', path: ['STAFF_TOTP_KEY'], message: 'required when NODE_ENV=production (e.g. openssl rand -base64 32)' });
  }
});

/** true/false (yes/no, on/off, 1/0); unset stays unset. */
function parseFlag(value: string | undefined, ctx: z.RefinementCtx): boolean | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(text)) return true;
  if (['false', 'no', 'off', '0'].includes(text)) return false;
  ctx.addIssue({ code: 'custom', message: 'must be true or false' });
  return undefined;
}

/** TRUST_PROXY: false (trust nothing), a hop count, or a comma-separated list of trusted addresses/CIDRs. */
export type TrustProxy = false | number | string;

/** An IPv4/IPv6 address, or one with a /prefix in range. */
export function isAddressOrCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  if (value === undefined) return false;
  const text = value.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(text)) return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const list = text.split(',').map((item) => item.trim());
  if (list.every(isAddressOrCidr)) return list.join(',');
  ctx.addIssue({
    code: 'custom',
    message:
      'must be a hop count (1 for one proxy in front) or the proxies’ addresses/CIDRs (10.0.0.0/8,127.0.0.1); `true` is refused, as it would believe the client’s own X-Forwarded-For',
  });
  return false;
}

/** A comma-separated list of addresses/CIDRs; unset: empty. */
function parseAddressList(name: string) {
  return (value: string | undefined, ctx: z.RefinementCtx): string[] => {
    if (value === undefined) return [];
    const list = value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (list.every(isAddressOrCidr)) return list;
    ctx.addIssue({ code: 'custom', message: `${name} must be a comma-separated list of IP addresses or CIDRs` });
    return [];
  };
}

type ParsedEnv = z.infer<typeof envSchema>;

/** The validated environment; MAIL_OUTBOX_DIR is resolved against DATA_DIR. */
export type Env = Omit<ParsedEnv, 'MAIL_OUTBOX_DIR'> & { MAIL_OUTBOX_DIR: string };

/** Never echoed in the message of an invalid environment. */
const SECRET_VARIABLES = new Set(['STAFF_TOTP_KEY', 'METRICS_TOKEN']);

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates a record of environment variables (process.env, or a test's own record). */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const result = checkedEnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      // A secret's value is never echoed; a URL's password is masked.
      const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(maskUrlPassword(source[name] ?? ''));
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new EnvError(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  return { ...result.data, MAIL_OUTBOX_DIR: result.data.MAIL_OUTBOX_DIR ?? path.join(result.data.DATA_DIR, 'mail') };
}

function loadProcessEnv(): Env {
  try {
    return loadEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`[api] ${error.message}`);
    process.exit(1);
  }
}

/** process.env, validated once when this module is first imported. Exits with code 1 if invalid. */
export const env: Env = loadProcessEnv();

/** `/api-docs/` (http/api-docs.ts), a development page: served unless NODE_ENV=production. */
export const apiDocsServed = (env: Pick<Env, 'NODE_ENV'>): boolean => env.NODE_ENV !== 'production';

/**
 * What the server says loudly at start (server.ts) because it must not reach real staff or the
 * public unnoticed: the fixed development TOTP key in use (STAFF_TOTP_KEY unset; refused outright
 * with NODE_ENV=production), and the development API page being served. No value is echoed.
 */
export function startupWarnings(env: Pick<Env, 'NODE_ENV' | 'STAFF_TOTP_KEY'>): string[] {
  const mode = env.NODE_ENV === undefined ? 'NODE_ENV is unset' : `NODE_ENV=${env.NODE_ENV}`;
  const warnings: string[] = [];
  if (env.STAFF_TOTP_KEY === undefined) {
    warnings.push(
      `WARNING: STAFF_TOTP_KEY is not set (${mode}): staff authenticator secrets are encrypted with the fixed development key, which is in the source code and protects nothing. Set STAFF_TOTP_KEY (openssl rand -base64 32) before any real staff account is made; NODE_ENV=production refuses to start without it.`,
    );
  }
  if (apiDocsServed(env)) {
    warnings.push(
      `WARNING: /api-docs/ (the development API documentation page) is served because ${mode}; set NODE_ENV=production on any server people reach.`,
    );
  }
  return warnings;
}
