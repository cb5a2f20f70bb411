/**
 * Preload hints for the site's HTML (issue 12, "no waterfalls"): the document names the files the
 * page is going to need — the owning remote's entry and its exposed `lifecycles` module, the
 * shell's shared chunks — so the browser fetches them in parallel with the shell instead of one
 * after another (shell → deployment.json → mf-manifest.json → remoteEntry → chunks).
 *
 * Every URL comes from the manifests of the live deployment: `deployment.json` says which version of
 * each remote is live, its `mf-manifest.json` names the files (`metaData.remoteEntry`,
 * `exposes[].assets`, read by @app/contracts `mf-manifest.ts`, as the shell's prefetch reads
 * them), and the shell's build names the shared modules every page loads (loader.json,
 * ./shell-build.ts). The built remotes are classic scripts (`remoteEntry.type: 'global'`) loaded
 * by `<script>` elements without a `crossorigin` attribute (MF runtime and rspack chunk loading,
 * same origin), so the hints are `rel=preload as=script` without `crossorigin`: a hint whose mode
 * differs from the script's would be a second download.
 *
 * The parsed manifests are watched files (../watched-file.ts), re-read when a file changes, so a promote
 * (scripts/release.mjs rewrites deployment.json) gives new hints at once, without a restart.
 */
import path from 'node:path';
import {
  LIFECYCLES_EXPOSE,
  joinManifestPath as join,
  manifestBase as baseOf,
  remoteEntryFiles,
  sharedModuleFiles,
  type MfManifestLike,
} from '@app/contracts';
import { REMOTES, matchRoute, remoteForPath, type RemoteName } from '@app/contracts/routes';
import { deploymentFor as releaseDeploymentFor } from '../modules/release/deployment';
import { watchedFile, type WatchedFile } from '../watched-file';
import { shellBuildOf, type ShellBuild } from './shell-build';

/** What a hint asks the browser to fetch. */
export interface PreloadHint {
  readonly href: string;
  readonly as: 'script' | 'style' | 'fetch';
}

/** The part of deployment.json the hints read: the manifest URL of each remote's live version. */
export interface DeploymentLike {
  readonly remotes: Partial<Record<RemoteName, { readonly manifest: string }>>;
}

/**
 * The hints of one remote: its entry, then the sync JS/CSS of its exposed `lifecycles` module
 * (@app/contracts `remoteEntryFiles`, the same files the shell's prefetch names).
 */
export function remoteHints(manifestUrl: string, manifest: MfManifestLike): PreloadHint[] {
  return remoteEntryFiles(manifestUrl, manifest);
}

/**
 * The shell's shared chunks that every page loads: those of the shared modules its build consumes
 * eagerly (`eagerShared`, recorded by the build: the imports of shell/src/bootstrap.tsx and its JSX
 * runtime) whose manifest entry is one chunk (`sharedModuleFiles`). (`react-router-dom`'s entry is
 * two chunks, one of them a chunk the page does not load: it is left out, as `react-dom`'s and
 * `zustand`'s would be. So is the full `@app/shared`: it loads only when a page calls the API.)
 */
export function shellHints(manifestUrl: string, manifest: MfManifestLike, eagerShared: readonly string[]): PreloadHint[] {
  return sharedModuleFiles(manifestUrl, manifest, eagerShared);
}

// --- The build's preload maps (shared/build/preload-map.mjs) ---------------------------------

/** The preload map each build writes beside its mf-manifest.json. */
export const PRELOAD_MAP_FILE = 'preload-map.json';

/** The part of a build's preload map the hints read (shared/build/preload-map.mjs). */
export interface PreloadMapLike {
  /** Named chunk group → its files (relative to the build's folder). */
  readonly groups?: Readonly<Record<string, readonly string[]>>;
  /** Share key this build provides → the files of its provider. */
  readonly shared?: Readonly<Record<string, readonly string[]>>;
  /** Named group, or `shared:<key>` → the share keys its modules consume. */
  readonly consumes?: Readonly<Record<string, readonly string[]>>;
}

/** The shell's async bootstrap chunk (shell/src/index.ts names it). */
export const SHELL_BOOTSTRAP_GROUP = 'bootstrap';
/** The chunk group of a remote's exposed `lifecycles` module (module federation's name for it). */
export const LIFECYCLES_GROUP = `__federation_expose_${LIFECYCLES_EXPOSE}`;

/**
 * The chunk group of a route's page in its remote: the remotes name a lazily loaded page's chunk
 * `page-<route id in kebab case>` (`mfe-*\/src/app/pages.tsx`); a page named otherwise, or shared
 * by several routes, simply gets no page hints.
 */
export function pageGroupOf(routeId: string): string {
  return `page-${routeId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

const stringList = (value: unknown): readonly string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v !== '' && !v.startsWith('/') && !v.includes('..'))
    : [];

/**
 * What the shell document's first render loads after main.js, one step after another, from the
 * preload maps: the shell's bootstrap chunk, the shell's providers of every shared module the
 * bootstrap, the remote's `lifecycles` and the route's page consume (followed through the
 * providers' own consumes: the shell's copy is the one the page uses, it is registered first), and
 * the page's chunks. Only files of groups the page loads: nothing speculative.
 */
export function firstRenderHints(
  routeId: string,
  shell: { readonly base: string; readonly map: PreloadMapLike } | undefined,
  remote: { readonly base: string; readonly map: PreloadMapLike } | undefined,
  /** Share keys whose shell copy the page will not use (the remote brings a newer one). */
  notFromShell: ReadonlySet<string> = new Set(),
): PreloadHint[] {
  const asHint = (base: string) => (file: string) => ({
    href: join(base, file),
    as: file.endsWith('.css') ? ('style' as const) : ('script' as const),
  });
  const remoteGroups = [LIFECYCLES_GROUP, pageGroupOf(routeId)];
  const keys = new Set<string>();
  const pending = [
    ...(shell ? stringList(shell.map.consumes?.[SHELL_BOOTSTRAP_GROUP]) : []),
    ...(remote ? remoteGroups.flatMap((g) => stringList(remote.map.consumes?.[g])) : []),
  ];
  for (let key = pending.shift(); key !== undefined; key = pending.shift()) {
    if (keys.has(key) || notFromShell.has(key)) continue;
    keys.add(key);
    if (shell) pending.push(...stringList(shell.map.consumes?.[`shared:${key}`]));
  }
  return uniqueHints([
    ...(shell ? stringList(shell.map.groups?.[SHELL_BOOTSTRAP_GROUP]).map(asHint(shell.base)) : []),
    ...(shell ? [...keys].flatMap((key) => stringList(shell.map.shared?.[key])).map(asHint(shell.base)) : []),
    ...(remote ? remoteGroups.flatMap((g) => stringList(remote.map.groups?.[g])).map(asHint(remote.base)) : []),
  ]);
}

/** The hints, each file once (its first place kept). */
function uniqueHints(hints: readonly PreloadHint[]): PreloadHint[] {
  const seen = new Set<string>();
  return hints.filter((h) => !seen.has(h.href) && !!seen.add(h.href));
}

export interface HintSources {
  readonly deployment: DeploymentLike | undefined;
  /** A manifest by its URL as deployment.json names it (undefined: unknown or unreadable). */
  readonly manifest: (url: string) => MfManifestLike | undefined;
  /**
   * The shell's own mf-manifest.json and the shared modules its build consumes on every page
   * (loader.json `eagerShared`); undefined: no shell hints.
   */
  readonly shell?: { readonly url: string; readonly manifest: MfManifestLike; readonly eagerShared: readonly string[] } | undefined;
  /**
   * The preload map of a build, by its mf-manifest.json URL (undefined: none). Read only for the
   * shell document (`firstRender`).
   */
  readonly preloadMap?: (manifestUrl: string) => PreloadMapLike | undefined;
  /**
   * The page is drawn by the shell's scripts (the shell document, not a prerendered page): hint
   * what its first render loads after main.js as well (firstRenderHints).
   */
  readonly firstRender?: boolean;
}

/**
 * The hints of the page at `pathname`: the owning remote's (route table) entry, files and
 * `mf-manifest.json` (which the MF runtime fetches with `fetch(url, {})`: cors mode, hence
 * `crossorigin` on that hint), then the shell's chunks; each URL once.
 */
export function preloadHintsFor(pathname: string, search: string, sources: HintSources): PreloadHint[] {
  const remote = remoteForPath(pathname, search);
  const manifestUrl = sources.deployment?.remotes[remote]?.manifest;
  const manifest = manifestUrl ? sources.manifest(manifestUrl) : undefined;
  const hints = [
    ...(manifestUrl && manifest ? [...remoteHints(manifestUrl, manifest), { href: manifestUrl, as: 'fetch' as const }] : []),
    ...(sources.shell ? shellHints(sources.shell.url, sources.shell.manifest, sources.shell.eagerShared) : []),
    ...(sources.firstRender && sources.preloadMap ? firstRenderHintsOf(pathname, search, sources, manifestUrl, manifest) : []),
  ];
  return uniqueHints(hints);
}

function firstRenderHintsOf(
  pathname: string,
  search: string,
  sources: HintSources,
  manifestUrl: string | undefined,
  manifest: MfManifestLike | undefined,
): PreloadHint[] {
  const mapOf = (url: string, m: MfManifestLike) => {
    const map = sources.preloadMap?.(url);
    return map ? { base: baseOf(url, m), map } : undefined;
  };
  const shell = sources.shell ? mapOf(sources.shell.url, sources.shell.manifest) : undefined;
  const remote = manifestUrl && manifest ? mapOf(manifestUrl, manifest) : undefined;
  return firstRenderHints(matchRoute(pathname, search).route.id, shell, remote, newerInRemote(sources.shell?.manifest, manifest));
}

const versionParts = (version: string | undefined) =>
  (version ?? '')
    .split(/[.+-]/)
    .slice(0, 3)
    .map((p) => Number(p) || 0);

/**
 * The shared modules a remote brings in a newer version than the shell's: module federation's
 * singletons use the highest version registered, so the page loads the remote's copy, not the
 * shell's (a remote released with a newer @app/shared than the live shell).
 */
export function newerInRemote(shell: MfManifestLike | undefined, remote: MfManifestLike | undefined): Set<string> {
  const shellVersions = new Map((shell?.shared ?? []).map((s) => [s.name, s.version]));
  const newer = new Set<string>();
  for (const s of remote?.shared ?? []) {
    if (!s.name) continue;
    const [a, b] = [versionParts(s.version), versionParts(shellVersions.get(s.name))];
    const diff = a.map((n, i) => n - (b[i] ?? 0)).find((d) => d !== 0) ?? 0;
    if (diff > 0) newer.add(s.name);
  }
  return newer;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** How soon the hinted files are needed by the page. */
export interface HintOptions {
  /**
   * The page is in the HTML already (prerendered): the files only hydrate it, so there are no
   * first-render hints, and as `<link>` tags they load at low priority (`fetchpriority="low"`),
   * after the stylesheets and the first paint's needs, instead of competing with them.
   */
  readonly prerendered?: boolean;
}

/**
 * `<link rel="preload" …>` tags of the hints: scripts and styles without `crossorigin` (see the
 * header comment), a fetch with it (`fetch()` is a cors request with same-origin credentials).
 */
export function renderHints(hints: readonly PreloadHint[], { prerendered = false }: HintOptions = {}): string {
  const priority = prerendered ? ' fetchpriority="low"' : '';
  return hints
    .map((h) => `<link rel="preload" as="${h.as}" href="${escapeAttr(h.href)}"${h.as === 'fetch' ? ' crossorigin' : ''}${priority}>`)
    .join('');
}

/** The HTML with the tags placed just before `</head>` (as early as the document allows). */
export function injectHints(html: string, tags: string): string {
  if (tags === '') return html;
  const at = html.search(/<\/head>/i);
  return at === -1 ? tags + html : html.slice(0, at) + tags + html.slice(at);
}

// --- Reading the manifests of the assembled site (each parsed once per version of the file) ----

function isDeployment(value: unknown): value is DeploymentLike {
  if (typeof value !== 'object' || value === null) return false;
  const remotes = (value as { remotes?: unknown }).remotes;
  if (typeof remotes !== 'object' || remotes === null) return false;
  return REMOTES.every((r) => {
    const entry = (remotes as Record<string, unknown>)[r];
    return (
      entry === undefined || (typeof entry === 'object' && entry !== null && typeof (entry as { manifest?: unknown }).manifest === 'string')
    );
  });
}

/** The file of the site a site-relative URL names (undefined: another origin, or outside the site). */
export function siteFileOf(siteDir: string, url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const pathname = url.replace(/[?#].*$/, '');
  const file = path.resolve(siteDir, `.${path.posix.normalize(pathname)}`);
  const root = path.resolve(siteDir);
  return file.startsWith(root + path.sep) ? file : undefined;
}

export interface SitePreloadHintsOptions {
  readonly siteDir: string;
  /**
   * The deployment a request sees (the seam for a per-user deployment, e.g. a canary); default
   * (also when it gives undefined): the site's deployment.json.
   */
  readonly deploymentFor?: (request: unknown) => DeploymentLike | undefined;
  /** What the shell's build recorded (default: the site's loader.json, ./shell-build.ts). */
  readonly shellBuild?: () => ShellBuild;
}

/**
 * Hints for the assembled site in `siteDir`, read from its manifests: each a watched file, checked
 * at every document (`current()`: a release's new deployment is hinted at once), parsed once per
 * version of the file.
 */
export function createSitePreloadHints(options: SitePreloadHintsOptions) {
  const files = new Map<string, WatchedFile<unknown>>();
  const cache = {
    read<T>(file: string): T | undefined {
      let watched = files.get(file);
      if (watched === undefined) {
        watched = watchedFile<unknown>(file, (text) => JSON.parse(text));
        files.set(file, watched);
      }
      return watched.current() as T | undefined;
    },
  };
  const { siteDir } = options;
  const shellBuild = options.shellBuild ?? (() => shellBuildOf(siteDir).current());
  const siteDeployment = (): DeploymentLike | undefined => {
    const value = cache.read<unknown>(path.join(siteDir, 'deployment.json'));
    return isDeployment(value) ? value : undefined;
  };
  const deploymentFor = (request: unknown) => options.deploymentFor?.(request) ?? siteDeployment();
  const manifest = (url: string): MfManifestLike | undefined => {
    const file = siteFileOf(siteDir, url);
    return file ? cache.read<MfManifestLike>(file) : undefined;
  };
  /** The preload map beside a manifest (same folder: a remote's is versioned with it). */
  const preloadMap = (manifestUrl: string): PreloadMapLike | undefined => {
    const file = siteFileOf(siteDir, manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1) + PRELOAD_MAP_FILE);
    const value = file ? cache.read<unknown>(file) : undefined;
    return typeof value === 'object' && value !== null ? value : undefined;
  };
  return {
    /** The hints of the page at `pathname` for this request (the shell document's: `prerendered` unset). */
    hintsFor(pathname: string, search = '', request?: unknown, options: HintOptions = {}): PreloadHint[] {
      const shellManifest = cache.read<MfManifestLike>(path.join(siteDir, 'mf-manifest.json'));
      return preloadHintsFor(pathname, search, {
        deployment: deploymentFor(request),
        manifest,
        shell: shellManifest ? { url: '/mf-manifest.json', manifest: shellManifest, eagerShared: shellBuild().eagerShared } : undefined,
        preloadMap,
        firstRender: !options.prerendered,
      });
    },
    /** The HTML of the page at `pathname` with its hints. */
    htmlFor(html: string, pathname: string, search = '', request?: unknown, options: HintOptions = {}): string {
      return injectHints(html, renderHints(this.hintsFor(pathname, search, request, options), options));
    },
  };
}

const bySite = new Map<string, ReturnType<typeof createSitePreloadHints>>();

/**
 * The hints of the assembled site in `siteDir` (one cache per site). A per-user deployment (e.g. a
 * canary) plugs in here with `deploymentFor`.
 */
export function preloadHintsOf(siteDir: string): ReturnType<typeof createSitePreloadHints> {
  let hints = bySite.get(siteDir);
  if (!hints) {
    // A canary's audience gets the hints of its version (modules/release/deployment.ts).
    hints = createSitePreloadHints({ siteDir, deploymentFor: releaseDeploymentFor });
    bySite.set(siteDir, hints);
  }
  return hints;
}
