import type { TelemetryTags } from '@app/contracts/api/telemetry';
import { matchRoute, type DeploymentManifest, type RemoteName } from '@app/shared/core';

export type TelemetryRemote = RemoteName | 'shell';

/** What the tags are made of: the shell's own version and the deployment manifest it loaded (null: not loaded). */
export interface TagSource {
  readonly shellVersion: string;
  readonly manifest: () => DeploymentManifest | null;
}

/** The route id and its owning remote of a location: ids of the route table, never the URL. */
export function routeOf(pathname: string, search: string): { route: TelemetryTags['route']; remote: RemoteName } {
  const { route } = matchRoute(pathname, search);
  return { route: route.id, remote: route.remote };
}

/** A version as the endpoint takes it: `[0-9A-Za-z.+-]`, 1 to 64 characters. */
export function versionTag(version: string): string {
  const cleaned = version.replace(/[^0-9A-Za-z.+-]/g, '-').slice(0, 64);
  return cleaned === '' ? 'unknown' : cleaned;
}

/**
 * The tags of a signal of `remote` on route `route`: the remote's version, canary and preview flags
 * from the manifest this page loaded, and the manifest's revision (0 when it has none). The shell,
 * or any remote before the manifest is known, is tagged as the shell with its own version.
 */
export function tagsFor(source: TagSource, remote: TelemetryRemote, route: TelemetryTags['route']): TelemetryTags {
  const manifest = source.manifest();
  const declared = manifest?.revision;
  const revision = declared !== undefined && Number.isInteger(declared) && declared >= 0 ? declared : 0;
  const entry = remote === 'shell' || manifest === null ? undefined : manifest.remotes[remote];
  if (entry === undefined) {
    return { route, remote: 'shell', version: versionTag(source.shellVersion), revision, canary: false, preview: false };
  }
  return {
    route,
    remote,
    version: versionTag(entry.version),
    revision,
    canary: entry.canary === true,
    preview: entry.preview === true,
  };
}
