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
