import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_DIRS } from '@app/contracts/remotes';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { LRUCache } from 'lru-cache';

/**
 * Readable stack frames (issue 26). The production builds write hidden source maps, which the release
 * scripts keep out of the public tree in `.release/sourcemaps/` of the site (scripts/lib.mjs
 * SOURCE_MAPS_DIR; never served: api/src/site/serve.ts), the map of the public script `<path>.js` at
 * `.release/sourcemaps/<path>.js.map`. An error sample's frame, as served (`servedFrame`:
 * `f (/remotes/mfe-mypage/0.1.0-e945c1ac84/625.5c20a91d2c.js:1:265)`), is mapped through it to
 * where the code is in the repository: `mfe-mypage/src/app/pages.tsx:21:9 (FaultyPage)`.
 *
 * Never throws: a frame of a file the site does not have, a script without a map (a version
 * published before maps were kept, or built with SOURCE_MAPS=off), a broken or oversized map, a
 * position the map does not cover: null (the served frame is still shown).
 */

/** The private folder of the maps, relative to SITE_DIR (scripts/lib.mjs SOURCE_MAPS_DIR). */
export const SOURCE_MAPS_DIR = '.release/sourcemaps';
/** A larger map is not read (a build's largest chunk map is a few MB). */
export const MAX_MAP_BYTES = 32 * 1024 * 1024;
/** Parsed maps kept (with their scripts), by the bytes read: the least recently used go first. */
export const CACHE_BYTES = 64 * 1024 * 1024;

/** The shell's scripts (`/assets/…`) are built from this folder of the repository. */
const SHELL_DIR = 'shell';
const REMOTE_FOLDERS = new Set<string>(Object.values(REMOTE_DIRS));
/** A path segment of a script's URL: no dot first (no `..`, no dot folder). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export interface ParsedFrame {
  /** The function name as the browser printed it (minified), if any. */
  readonly name: string | null;
  /** The script's path on the site (`/remotes/mfe-mypage/<version>/x.js`). */
  readonly file: string;
  /** 1-based, as browsers print them. */
  readonly line: number;
  readonly column: number;
}

/**
 * A frame's parts: Chrome's `name (/path.js:1:2)` or `/path.js:1:2`, Firefox's and Safari's
 * `name@/path.js:1:2`, with or without a leading `at ` and an origin. Null when it names no script
 * position.
 */
export function parseFrame(frame: string): ParsedFrame | null {
  const text = frame.trim().replace(/^at\s+/, '');
  const match = /(?:[a-z][a-z0-9+.-]*:\/\/[^/\s()]+)?(\/[^\s()@?#]+\.m?js)(?:[?#][^\s():]*)?:(\d+):(\d+)\)?$/i.exec(text);
  if (!match) return null;
  const name = text
    .slice(0, match.index)
    .replace(/\s*\($/, '')
    .replace(/@$/, '')
    .trim();
  const line = Number(match[2]);
  const column = Number(match[3]);
  if (!Number.isSafeInteger(line) || !Number.isSafeInteger(column) || line < 1 || column < 1) return null;
  return { name: name === '' ? null : name, file: match[1] as string, line, column };
}

export interface MapLocation {
  /** The repository folder the script was built from (`mfe-mypage`, `shell`). */
  readonly packageDir: string;
  /** The map, relative to SITE_DIR. */
  readonly map: string;
  /** The script, relative to SITE_DIR. */
  readonly script: string;
}

/**
 * Which repository folder built a script of the site, and its map's path relative to SITE_DIR:
 * `/remotes/<remote folder>/<version>/<file>.js` (a remote) or `/assets/<file>.js` (the shell).
 * Null for any other path (nothing outside those folders is read).
 */
export function mapLocation(file: string): MapLocation | null {
  const segments = file.split('/').slice(1);
  if (!segments.every((s) => SEGMENT.test(s))) return null;
  let packageDir: string;
  if (segments[0] === 'remotes' && segments.length >= 4 && REMOTE_FOLDERS.has(segments[1] as string)) packageDir = segments[1] as string;
  else if (segments[0] === 'assets' && segments.length >= 2) packageDir = SHELL_DIR;
  else return null;
  const relative = segments.join('/');
  return { packageDir, map: `${SOURCE_MAPS_DIR}/${relative}.map`, script: relative };
}

/**
 * A map's source as a path in the repository. The builds name sources relative to the package's
 * folder under `webpack://<package name>/` (`src/app/pages.tsx`, `./src/…`, `../shared/src/…`);
 * a dependency becomes `node_modules/<package>/<file>` (pnpm's `.pnpm/<name>@<version>/…` dropped).
 */
export function repositoryPath(source: string, packageDir: string): string {
  const relative = source
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^webpack:\/\//, '')
    .replace(/[?#].*$/, '');
  const dependency = relative.lastIndexOf('node_modules/');
  if (dependency !== -1) return `node_modules/${relative.slice(dependency + 'node_modules/'.length)}`;
  if (relative.startsWith('/')) return relative;
  const joined = path.posix.normalize(path.posix.join(packageDir, relative));
  return joined.startsWith('../') ? relative : joined;
}

interface Loaded {
  readonly map: TraceMap;
  /** The script's lines (to find the name of the function a frame is in), or null when unread. */
  readonly lines: readonly string[] | null;
  /** What it cost to read (the cache's measure). */
  readonly bytes: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The original name of the function a frame is in: the browser printed its minified name
 * (`f`, `Object.f`, `async f`, `new f`); its nearest declaration before the frame's position in
 * the script (`function f(`, `f=`, `f(){`, `f:`) is mapped, and the map's name there is the original
 * (`FaultyPage`). Null when any of it is missing.
 */
function originalFunctionName(loaded: Loaded, frame: ParsedFrame): string | null {
  const printed = frame.name
    ?.replace(/^(?:async|new)\s+/, '')
    .split('.')
    .pop();
  if (printed === undefined || !/^[A-Za-z_$][\w$]*$/.test(printed) || loaded.lines === null) return null;
  const declaration = new RegExp(`(?<![\\w$.])${escapeRegExp(printed)}(?=\\s*(?:=|\\(|:))`, 'g');
  for (let line = frame.line; line >= Math.max(1, frame.line - 200); line--) {
    const text = loaded.lines[line - 1];
    if (text === undefined) continue;
    const before = line === frame.line ? text.slice(0, frame.column - 1) : text;
    let last = -1;
    for (const match of before.matchAll(declaration)) last = match.index;
    if (last === -1) continue;
    const position = originalPositionFor(loaded.map, { line, column: last });
    return position.name ?? null;
  }
  return null;
}

export interface SourceMaps {
  /** A served frame mapped to the repository (`mfe-mypage/src/app/pages.tsx:21:9 (FaultyPage)`), or null. */
  readonly mapFrame: (frame: string | null) => Promise<string | null>;
}

/** The source maps of one site folder, parsed maps cached (bounded, least recently used out). */
export function sourceMapsOf(siteDir: string, { cacheBytes = CACHE_BYTES }: { cacheBytes?: number } = {}): SourceMaps {
  const cache = new LRUCache<string, Loaded>({ max: 64, maxSize: cacheBytes });
  const loading = new Map<string, Promise<Loaded | null>>();

  async function load(location: MapLocation): Promise<Loaded | null> {
    const mapFile = path.join(siteDir, location.map);
    const stat = await fs.stat(mapFile).catch(() => null);
    if (stat === null || !stat.isFile() || stat.size > MAX_MAP_BYTES) return null;
    const map = new TraceMap(await fs.readFile(mapFile, 'utf8'));
    const script = await fs.readFile(path.join(siteDir, location.script), 'utf8').catch(() => null);
    return { map, lines: script === null ? null : script.split('\n'), bytes: stat.size + (script?.length ?? 0) };
  }

  /** A script's map, read once however many frames ask at the same time; a broken one: null. */
  async function loaded(location: MapLocation): Promise<Loaded | null> {
    const hit = cache.get(location.map);
    if (hit !== undefined) return hit;
    let pending = loading.get(location.map);
    if (pending === undefined) {
      pending = load(location)
        .catch(() => null)
        .then((result) => {
          // Only a map read is kept: a missing one may be published later (looking again is one stat).
          if (result !== null) cache.set(location.map, result, { size: Math.max(1, Math.min(result.bytes, cacheBytes)) });
          return result;
        })
        .finally(() => loading.delete(location.map));
      loading.set(location.map, pending);
    }
    return pending;
  }

  return {
    mapFrame: async (frame) => {
      try {
        const parsed = frame === null ? null : parseFrame(frame);
        const location = parsed === null ? null : mapLocation(parsed.file);
        if (parsed === null || location === null) return null;
        const found = await loaded(location);
        if (found === null) return null;
        const position = originalPositionFor(found.map, { line: parsed.line, column: parsed.column - 1 });
        if (position.source === null) return null;
        // The source as the map names it (`webpack://mfe-mypage/../shared/…`): the resolved one has
        // lost its `..` (resolved against `webpack://mfe-mypage/` as a host).
        const source = found.map.sources[found.map.resolvedSources.indexOf(position.source)] ?? position.source;
        const name = originalFunctionName(found, parsed);
        return `${repositoryPath(source, location.packageDir)}:${position.line}:${position.column + 1}${name ? ` (${name})` : ''}`;
      } catch {
        return null;
      }
    },
  };
}

const bySite = new Map<string, SourceMaps>();

/** The one SourceMaps of a site folder in this process (its cache shared by every request). */
export function siteSourceMaps(siteDir: string): SourceMaps {
  let maps = bySite.get(siteDir);
  if (maps === undefined) {
    maps = sourceMapsOf(siteDir);
    bySite.set(siteDir, maps);
  }
  return maps;
}
