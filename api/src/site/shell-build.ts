import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { watchedFile, type WatchedFile } from '../watched-file';

/**
 * What the shell's build records for the server (shared/build/after-paint.mjs writes it into the
 * shell's output, so into the site's root): `loader.json` names the after-paint loader the build
 * made from shell/src/after-paint/loader.ts (its file and the SHA-256 of its text, for the CSP) and
 * the shared modules the shell's first render consumes (for the preload hints). The server reads it
 * as a watched file (../watched-file.ts): a release that brings a new shell is read at once.
 */
export const SHELL_BUILD_FILE = 'loader.json';

/** The after-paint loader as the server inlines it: its text, and the CSP source that allows it. */
export interface AfterPaintLoader {
  /** The built file, relative to the site (`assets/after-paint.<hash>.js`). */
  readonly file: string;
  readonly script: string;
  /** `'sha256-…'`: allows exactly this text inline. */
  readonly cspSource: string;
}

export interface ShellBuild {
  /** Undefined: no loader (a site built without one, or its file missing or not the recorded one). */
  readonly loader: AfterPaintLoader | undefined;
  /** The share keys the shell's entry and bootstrap chunk consume: loaded on every page. */
  readonly eagerShared: readonly string[];
}

interface Recorded {
  readonly loader?: { readonly file?: unknown; readonly sha256?: unknown };
  readonly eagerShared?: unknown;
}

export const NO_SHELL_BUILD: ShellBuild = { loader: undefined, eagerShared: [] };

/** The base64 SHA-256 of a text, as a CSP hash source carries it. */
export const sha256Base64 = (text: string): string => createHash('sha256').update(text).digest('base64');

/**
 * A text the server may put between `<script>` and `</script>` as it is: nothing in it can end the
 * element or open a comment that would.
 */
export const inlinable = (script: string): boolean => !/<\/script|<!--/i.test(script);

/**
 * The shell's build record of the site in `siteDir`. The loader's file is read once per name (its
 * name carries a hash of its content) and only when its text has the recorded SHA-256; a file not
 * there yet (a site being copied) is looked for again at the next call, not remembered as missing.
 */
export function createShellBuild(siteDir: string): { current(): ShellBuild } {
  const record: WatchedFile<Recorded> = watchedFile(path.join(siteDir, SHELL_BUILD_FILE), (text) => JSON.parse(text) as Recorded);
  const loaders = new Map<string, AfterPaintLoader>();
  let last: { recorded: Recorded; loader: AfterPaintLoader | undefined; build: ShellBuild } | undefined;

  const loaderOf = (recorded: Recorded): AfterPaintLoader | undefined => {
    const { file, sha256 } = recorded.loader ?? {};
    if (typeof file !== 'string' || typeof sha256 !== 'string' || path.isAbsolute(file) || file.split(/[\\/]/).includes('..')) {
      return undefined;
    }
    const key = `${file}\0${sha256}`;
    const known = loaders.get(key);
    if (known) return known;
    let script: string;
    try {
      script = fs.readFileSync(path.join(siteDir, file), 'utf8');
    } catch {
      return undefined;
    }
    if (sha256Base64(script) !== sha256 || !inlinable(script)) return undefined;
    const loader = { file, script, cspSource: `'sha256-${sha256}'` };
    loaders.set(key, loader);
    return loader;
  };

  return {
    current(): ShellBuild {
      const recorded = record.current();
      if (recorded === undefined || typeof recorded !== 'object' || recorded === null) return NO_SHELL_BUILD;
      const loader = loaderOf(recorded);
      // The same object while nothing changed (callers may cache what they derive from it).
      if (last?.recorded === recorded && last.loader === loader) return last.build;
      const eagerShared = Array.isArray(recorded.eagerShared)
        ? recorded.eagerShared.filter((key): key is string => typeof key === 'string')
        : [];
      last = { recorded, loader, build: { loader, eagerShared } };
      return last.build;
    },
  };
}

const bySite = new Map<string, { current(): ShellBuild }>();

/** The shell's build record of the site in `siteDir` (one reader per site). */
export function shellBuildOf(siteDir: string): { current(): ShellBuild } {
  let build = bySite.get(siteDir);
  if (!build) {
    build = createShellBuild(siteDir);
    bySite.set(siteDir, build);
  }
  return build;
}
