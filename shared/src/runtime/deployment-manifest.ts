import * as z from 'zod/mini';
import { DEPLOYMENT_MANIFEST_URL } from '../constants';
import { REMOTES, type RemoteName } from '../remotes';

/**
 * The deployment manifest (`/deployment.json`): which build of each remote is live. A release
 * manager swaps or rolls back one remote by changing its entry; nothing is rebuilt.
 */
const RemoteEntrySchema = z.object({
  /** URL of the remote's `mf-manifest.json` (absolute, or relative to the site). */
  manifest: z.string().check(z.minLength(1)),
  version: z.string().check(z.minLength(1)),
});

export const DeploymentManifestSchema = z.object({
  remotes: z.object(Object.fromEntries(REMOTES.map((r) => [r, RemoteEntrySchema])) as Record<RemoteName, typeof RemoteEntrySchema>),
});
export type DeploymentManifest = z.infer<typeof DeploymentManifestSchema>;

export class DeploymentManifestError extends Error {
  override name = 'DeploymentManifestError';
}

/** Fetches the manifest uncached and validates it; throws a DeploymentManifestError saying why. */
export async function loadDeploymentManifest(fetchFn: typeof fetch = fetch, url = DEPLOYMENT_MANIFEST_URL): Promise<DeploymentManifest> {
  let res: Response;
  try {
    res = await fetchFn(url, { cache: 'no-store', credentials: 'same-origin' });
  } catch (error) {
    throw new DeploymentManifestError(`${url} could not be fetched: ${String(error)}`);
  }
  if (!res.ok) throw new DeploymentManifestError(`${url}: HTTP ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new DeploymentManifestError(`${url} is not JSON`);
  }
  const parsed = DeploymentManifestSchema.safeParse(body);
  if (!parsed.success) throw new DeploymentManifestError(`${url} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Module-federation remotes for `registerRemotes`, container names from the build helpers. */
export function toFederationRemotes(
  manifest: DeploymentManifest,
  containers: Readonly<Record<RemoteName, string>>,
  base: string,
): { name: string; entry: string; alias: string }[] {
  return REMOTES.map((remote) => ({
    name: containers[remote],
    alias: containers[remote],
    entry: new URL(manifest.remotes[remote].manifest, base).href,
  }));
}
