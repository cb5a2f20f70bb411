import type { Clock } from './clock';
import type { AppDrizzle } from './db/database';
import type { Mailer } from './mail/mailer';
import type { ApiMetrics } from './metrics/registry';
import type { TelemetryIngest } from './modules/telemetry/types';
import type { ObjectStorage } from './storage/storage';

/** What the API's modules need from the outside world; built once in server.ts (or by a test). */
export interface AppContext {
  readonly db: AppDrizzle;
  readonly now: Clock;
  readonly mailer: Mailer;
  /** Where uploaded files' bytes go (metadata rows are in the database). */
  readonly storage: ObjectStorage;
  /** Origin of the site for links in mails (PUBLIC_URL, else http://localhost:<port>), no trailing slash. */
  readonly publicUrl: () => string;
  /** Extra origins whose unsafe requests pass the CSRF origin check (PUBLIC_URL's origin). */
  readonly trustedOrigins: readonly string[];
  /** Clients not counted by the per-client rate limits (RATE_LIMIT_EXEMPT); unset: none. */
  readonly isRateLimitExempt?: (ip: string) => boolean;
  /**
   * Whether individuals may register: the site's /config.json `individualsSupported` (the
   * registration page reads the same file). Unset: they may.
   */
  readonly individualsSupported?: () => Promise<boolean>;
  /** The bytes one applicant may keep in uploads; unset: UPLOAD_MAX_USER_BYTES (500 MB). Tests set less. */
  readonly uploadQuotaBytes?: number;
  /** The review queue's highlight after this many hours of waiting (REVIEW_WAIT_LIMIT_HOURS); unset: 24. */
  readonly reviewWaitLimitHours?: number;
  /** Mails to staff when work arrives (STAFF_NOTIFY_EMAIL, modules/staff-notify); unset: none. */
  readonly staffNotify?: { readonly to: string; readonly digestMinutes: number };
  /**
   * The app's metrics (`GET /metrics`, metrics/registry.ts): modules count into it
   * (`ctx.metrics?.uploadBytes.inc(n)`). Unset: buildApp keeps a registry of its own for the
   * requests, and what the modules would count is not counted.
   */
  readonly metrics?: ApiMetrics;
  /**
   * Field telemetry's batched writes (modules/telemetry/ingest.ts; TELEMETRY_FLUSH_MS,
   * TELEMETRY_SAMPLES_PER_HOUR); unset: the app makes one with the defaults. Flushed when the app closes.
   */
  readonly telemetry?: TelemetryIngest;
  /** Telemetry batches one client may send per minute (TELEMETRY_RATE_PER_MINUTE); unset: 120. */
  readonly telemetryRatePerMinute?: number;
  /** Tests only: holds an idempotent request after its key is claimed (http/idempotency.ts). Unset in production. */
  readonly idempotencyTestSeam?: IdempotencyTestSeam;
}

/**
 * A hook for tests (http/idempotency.ts): runs after an Idempotency-Key is claimed and before the
 * handler, so a test can hold a request "in progress" without sleeping, or fail it with a 500.
 */
export interface IdempotencyTestSeam {
  readonly claimed?: (owner: string, key: string) => Promise<void>;
}

/** A transaction or the database itself: services accept either. */
export type Db = AppDrizzle | Parameters<Parameters<AppDrizzle['transaction']>[0]>[0];
