import { DEPLOYMENT_MANIFEST_URL } from '../constants';
import { REMOTES, type RemoteName } from '@app/contracts/remotes';
import { getRuntimeConfig, runtimeConfigSettled } from './config';
import { isRecord } from './is-record';

/** One remote's live build in the deployment manifest. */
export interface RemoteEntry {
  /** URL of the remote's `mf-manifest.json` (absolute, or relative to the site). */
  readonly manifest: string;
  readonly version: string;
  /** This browser gets the remote's canary (the API resolves it per viewer); field telemetry tags it. */
  readonly canary?: boolean;
  /** A staff member's pinned preview of this version; its telemetry is kept out of the canary's numbers. */
  readonly preview?: boolean;
}

/**
 * The deployment manifest (`/deployment.json`): which build of each remote is live. A release
 * manager swaps or rolls back one remote by changing its entry; nothing is rebuilt. Its schema is
 * `DeploymentManifestSchema` (./deployment-manifest-schema.ts, zod); the shell reads the file with
 * `parseDeploymentManifest`, held to the schema by a test, so the landing page does not load zod.
 */
export interface DeploymentManifest {
  /** The deployment's revision (`pnpm release` counts them); absent in an older file. */
  readonly revision?: number;
  readonly remotes: Readonly<Record<RemoteName, RemoteEntry>>;
}

/** The optional flags of an entry as read: a boolean kept, anything else ignored (an older or newer API stays readable). */
function flagsOf(entry: Record<string, unknown>): Pick<RemoteEntry, 'canary' | 'preview'> {
  return {
    ...(typeof entry.canary === 'boolean' ? { canary: entry.canary } : {}),
    ...(typeof entry.preview === 'boolean' ? { preview: entry.preview } : {}),
  };
}

const isRevision = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Reads a value as DeploymentManifestSchema does (unknown keys dropped, an optional flag or revision of
 * the wrong type ignored); throws saying what is wrong.
 */
export function parseDeploymentManifest(value: unknown, url: string = DEPLOYMENT_MANIFEST_URL): DeploymentManifest {
  const problems: string[] = [];
  const remotes = isRecord(value) ? value.remotes : undefined;
  if (!isRecord(remotes)) throw new DeploymentManifestError(`${url} is invalid: remotes: expected an object`);
  const entries = {} as Record<RemoteName, RemoteEntry>;
  for (const remote of REMOTES) {
    const entry = remotes[remote];
    if (!isRecord(entry)) {
      problems.push(`remotes.${remote}: expected an object`);
      continue;
    }
    for (const field of ['manifest', 'version'] as const) {
      const text = entry[field];
      if (typeof text !== 'string' || text.length === 0) problems.push(`remotes.${remote}.${field}: expected a string, not empty`);
    }
    entries[remote] = { manifest: entry.manifest as string, version: entry.version as string, ...flagsOf(entry) };
  }
  if (problems.length > 0) throw new DeploymentManifestError(`${url} is invalid: ${problems.join('; ')}`);
  return isRecord(value) && isRevision(value.revision) ? { revision: value.revision, remotes: entries } : { remotes: entries };
}

export class DeploymentManifestError extends Error {
  override name = 'DeploymentManifestError';
}

/**
 * Where remotes may be loaded from: the page's own origin, and the origins config.json lists in
 * `remoteOrigins` (the API names the same ones in its Content-Security-Policy). A manifest that
 * points anywhere else (tampered, or a typo) is refused, so no foreign code ever runs.
 */
function checkedRemoteUrl(remote: RemoteName, manifestUrl: string, base: string, allowedOrigins: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(manifestUrl, base);
  } catch {
    throw new DeploymentManifestError(`${remote}: ${manifestUrl} is not a URL`);
  }
  const own = new URL(base).origin;
  if (url.origin !== own && !allowedOrigins.includes(url.origin)) {
    throw new DeploymentManifestError(
      `${remote}: ${url.href} is neither on this site (${own}) nor on an origin listed in config.json remoteOrigins; refused`,
    );
  }
  return url.href;
}

const pageUrl = (): string => globalThis.location?.href ?? 'http://localhost/';

/**
 * Fetches the manifest uncached and validates it, remote URLs included (same-origin or listed in
 * config.json `remoteOrigins`: by default the runtime config, once its loading has settled);
 * throws a DeploymentManifestError saying why.
 */
export async function loadDeploymentManifest(
  fetchFn: typeof fetch = fetch,
  url = DEPLOYMENT_MANIFEST_URL,
  options: { base?: string; allowedOrigins?: readonly string[] } = {},
): Promise<DeploymentManifest> {
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
  const manifest = parseDeploymentManifest(body, url);
  const allowedOrigins = options.allowedOrigins ?? (await runtimeConfigSettled()).remoteOrigins ?? [];
  const base = options.base ?? pageUrl();
  for (const remote of REMOTES) checkedRemoteUrl(remote, manifest.remotes[remote].manifest, base, allowedOrigins);
  return manifest;
}

/**
 * Module-federation remotes for `registerRemotes`, container names from the build helpers. Throws
 * a DeploymentManifestError for a URL that is neither same-origin nor in `allowedOrigins` (by
 * default config.json `remoteOrigins`).
 */
export function toFederationRemotes(
  manifest: DeploymentManifest,
  containers: Readonly<Record<RemoteName, string>>,
  base: string,
  allowedOrigins: readonly string[] = getRuntimeConfig().remoteOrigins ?? [],
): { name: string; entry: string; alias: string }[] {
  return REMOTES.map((remote) => ({
    name: containers[remote],
    alias: containers[remote],
    entry: checkedRemoteUrl(remote, manifest.remotes[remote].manifest, base, allowedOrigins),
  }));
}
