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
