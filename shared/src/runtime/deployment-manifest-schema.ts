import * as z from 'zod/mini';
import { REMOTES, type RemoteName } from '@app/contracts/remotes';
import type { DeploymentManifest } from './deployment-manifest';

const RemoteEntrySchema = z.object({
  /** URL of the remote's `mf-manifest.json` (absolute, or relative to the site). */
  manifest: z.string().check(z.minLength(1)),
  version: z.string().check(z.minLength(1)),
  // Optional, and ignored when of another type (parseDeploymentManifest does the same).
  canary: z.catch(z.optional(z.boolean()), undefined),
  preview: z.catch(z.optional(z.boolean()), undefined),
});

/**
 * `/deployment.json` as a schema (the contract of the file). The shell reads the file with
 * `parseDeploymentManifest`, which deployment-manifest.test.ts holds to this schema's verdicts and
 * output; the scripts' tests use the schema.
 */
export const DeploymentManifestSchema: z.ZodMiniType<DeploymentManifest> = z.object({
  revision: z.catch(z.optional(z.int().check(z.nonnegative())), undefined),
  remotes: z.object(Object.fromEntries(REMOTES.map((r) => [r, RemoteEntrySchema])) as Record<RemoteName, typeof RemoteEntrySchema>),
});
