import * as z from 'zod/mini';

export { MIN_CLIENT_BUILD_HEADER } from './headers';

/**
 * What the back office shows of the releases (`pnpm release`, README "Releasing"): per remote the
 * live version and the canary (version and audience), and the latest changes of the history.
 */
export const ReleaseAudienceSchema = z.union([
  z.object({ kind: z.literal('staff') }),
  z.object({ kind: z.literal('segment'), segment: z.string() }),
  z.object({ kind: z.literal('percent'), percent: z.number() }),
]);
export type ReleaseAudience = z.infer<typeof ReleaseAudienceSchema>;

export const ReleaseRemoteSchema = z.object({
  remote: z.string(),
  live: z.nullable(z.string()),
  canary: z.nullable(z.object({ version: z.string(), audience: ReleaseAudienceSchema })),
  /** Every published version, newest first (what a staff member may preview). */
  published: z.array(z.string()),
  /** The version this staff member's browser previews (their pin), or null. */
  preview: z.nullable(z.string()),
});

export const ReleaseHistoryEntrySchema = z.object({
  at: z.string(),
  who: z.string(),
  action: z.string(),
  remote: z.string(),
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  why: z.nullable(z.string()),
  forced: z.boolean(),
});
export type ReleaseHistoryEntry = z.infer<typeof ReleaseHistoryEntrySchema>;

export const ReleaseStatusSchema = z.object({
  /** deployment.json's revision (0: never changed by `pnpm release`). */
  revision: z.number(),
  remotes: z.array(ReleaseRemoteSchema),
  /** The latest changes, newest first (at most 50). */
  history: z.array(ReleaseHistoryEntrySchema),
});
export type ReleaseStatus = z.infer<typeof ReleaseStatusSchema>;

/** A release version as `pnpm release` names them (`0.1.0-8baf76e9a5`). */
const ReleaseVersionSchema = z.string().check(z.regex(/^[0-9A-Za-z.+-]{1,64}$/));

/** `POST /api/staff/releases/preview/`: pin a published version of a remote for this staff browser. */
export const ReleasePreviewRequestSchema = z.object({ remote: z.string().check(z.maxLength(32)), version: ReleaseVersionSchema });
export type ReleasePreviewRequest = z.infer<typeof ReleasePreviewRequestSchema>;

/** `POST /api/staff/releases/preview/delete`: end the pin of one remote, or (no remote) every pin. */
export const ReleasePreviewEndSchema = z.object({ remote: z.optional(z.string().check(z.maxLength(32))) });

/** The pins of this staff browser after the change: remote → version. */
export const ReleasePreviewsSchema = z.object({ previews: z.record(z.string(), z.string()) });
export type ReleasePreviews = z.infer<typeof ReleasePreviewsSchema>;

// --- The canaries' health (issue 26): each canary against its live version, by field telemetry ------

/** `GET /api/staff/releases/health?windowMinutes=60`: the window, in minutes up to now (1–1440, default 60). */
export const ReleaseHealthQuerySchema = z.object({
  windowMinutes: z._default(
    z.pipe(
      z
        .string()
        .check(z.regex(/^([1-9][0-9]{0,2}|1[0-3][0-9]{2}|14[0-3][0-9]|1440)$/, { error: '1〜1440 の整数（分）で指定してください。' })),
      z.transform(Number),
    ),
    60,
  ),
});

/** One version's numbers over the window and the routes both versions saw (preview data excluded). */
export const VersionHealthSchema = z.object({
  version: z.string(),
  /** Page views flagged as a tab session's first of this version. */
  sessions: z.number(),
  pageViews: z.number(),
  errors: z.number(),
  /** Errors per 1,000 page views (null without page views). */
  errorRate: z.nullable(z.number()),
  /** p75 in ms, as the upper bound of its histogram bucket (null: nothing measured). */
  lcpP75: z.nullable(z.number()),
  inpP75: z.nullable(z.number()),
});

/** One bucket of the chart's series. */
export const HealthSeriesPointSchema = z.object({
  /** The bucket's start (ISO 8601). */
  start: z.string(),
  pageViews: z.number(),
  errors: z.number(),
  errorRate: z.nullable(z.number()),
  lcpP75: z.nullable(z.number()),
});

/** An error fingerprint the canary has and the live version never had (within the retention), with its latest sample. */
export const NewErrorFingerprintSchema = z.object({
  fingerprint: z.string(),
  errors: z.number(),
  kind: z.nullable(z.string()),
  /** Scrubbed (no mail address, no run of more than 4 digits). */
  message: z.nullable(z.string()),
  /** The top frame as served: the site's script, line and column (`f (/remotes/mfe-mypage/0.1.0-…/625.5c20a91d2c.js:1:265)`). */
  frame: z.nullable(z.string()),
  /**
   * The frame mapped through the build's private source map to the repository
   * (`mfe-mypage/src/app/pages.tsx:21:9 (FaultyPage)`); null when it cannot be (no frame, no map).
   */
  mappedFrame: z.nullable(z.string()),
});

export const CanaryThresholdsSchema = z.object({ maxErrorRatio: z.number(), maxLcpRatio: z.number(), minSessions: z.number() });

/** A canary against the live version of its remote. */
export const RemoteHealthSchema = z.object({
  remote: z.string(),
  /** The window: minutes starting in [since, until) (ISO 8601). */
  since: z.string(),
  until: z.string(),
  /** The routes both versions had page views on: every number below is over these only. */
  routes: z.array(z.string()),
  candidate: VersionHealthSchema,
  baseline: VersionHealthSchema,
  verdict: z.enum(['healthy', 'worse', 'not-enough-data']),
  /** Plain sentences with the numbers that decided (for the release history). */
  reasons: z.array(z.string()),
  errorRateRatio: z.nullable(z.number()),
  lcpRatio: z.nullable(z.number()),
  inpRatio: z.nullable(z.number()),
  thresholds: CanaryThresholdsSchema,
  newFingerprints: z.array(NewErrorFingerprintSchema),
  bucketMinutes: z.number(),
  series: z.object({ candidate: z.array(HealthSeriesPointSchema), baseline: z.array(HealthSeriesPointSchema) }),
});
export type RemoteHealth = z.infer<typeof RemoteHealthSchema>;

/** Every remote with a canary (none: an empty list). */
export const ReleaseHealthSchema = z.object({
  since: z.string(),
  until: z.string(),
  windowMinutes: z.number(),
  remotes: z.array(RemoteHealthSchema),
});
export type ReleaseHealth = z.infer<typeof ReleaseHealthSchema>;
