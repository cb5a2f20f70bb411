// The remotes as the one list names them (contracts/remotes.json, also read by the builds, the
// scripts and @app/shared). Tests name a remote's folder through here, e.g. in `.site/remotes/…`.
import list from '@app/contracts/remotes.json' with { type: 'json' };

export type RemoteName = keyof typeof list.remotes;

/** Every remote, in the list's order. */
export const REMOTES = Object.keys(list.remotes) as RemoteName[];

/** A remote's package folder, also its folder under the site's `remotes/`: `marketing` → `mfe-marketing`. */
export const remoteDir = (remote: RemoteName): string => list.remotes[remote].dir;

/** The deployment manifest (`/deployment.json`) as the tests read and change it. */
export interface DeploymentManifest {
  remotes: Record<RemoteName, { manifest: string; version: string }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Narrows a parsed `/deployment.json` (the site itself validates it with the shared zod schema). */
export function asDeploymentManifest(json: unknown): DeploymentManifest {
  const remotes = isRecord(json) ? json.remotes : undefined;
  const valid =
    isRecord(remotes) &&
    REMOTES.every((remote) => {
      const entry = remotes[remote];
      return isRecord(entry) && typeof entry.manifest === 'string' && typeof entry.version === 'string';
    });
  if (!valid) throw new Error(`not a deployment manifest: ${JSON.stringify(json)}`);
  return json as DeploymentManifest;
}
