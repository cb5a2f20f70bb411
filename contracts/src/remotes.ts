// The remotes come from contracts/remotes.json, the one list that the builds, the dev servers, the
// release scripts and the e2e tests also read (JSON so Node scripts read it before any install).
// The import attribute lets Node-loaded TypeScript (Playwright, tsx) import it too.
import list from '../remotes.json' with { type: 'json' };

/** `'marketing' | 'auth' | 'entry' | 'mypage'`: the keys of the list. */
export type RemoteName = keyof typeof list.remotes;

/** Every remote, in the list's order. */
export const REMOTES: readonly RemoteName[] = Object.freeze(Object.keys(list.remotes) as RemoteName[]);

/** Module-federation container names (browser globals, so underscores) of each remote. */
export const CONTAINERS: Readonly<Record<RemoteName, string>> = Object.freeze(
  Object.fromEntries(REMOTES.map((remote) => [remote, list.remotes[remote].container])) as Record<RemoteName, string>,
);

/** Each remote's folder in the repository and under the site's `remotes/` (`mfe-entry`). */
export const REMOTE_DIRS: Readonly<Record<RemoteName, string>> = Object.freeze(
  Object.fromEntries(REMOTES.map((remote) => [remote, list.remotes[remote].dir])) as Record<RemoteName, string>,
);
