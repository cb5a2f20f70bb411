// The remotes as the one list names them (shared/remotes.json, also read by the builds, the
// scripts and @app/shared). Tests name a remote's folder through here, e.g. in `.site/remotes/…`.
import list from '../shared/remotes.json' with { type: 'json' };

export type RemoteName = keyof typeof list.remotes;

/** Every remote, in the list's order. */
export const REMOTES = Object.keys(list.remotes) as RemoteName[];

/** A remote's package folder, also its folder under the site's `remotes/`: `marketing` → `mfe-marketing`. */
export const remoteDir = (remote: RemoteName): string => list.remotes[remote].dir;
