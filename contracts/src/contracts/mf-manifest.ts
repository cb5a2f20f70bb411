/**
 * Reading a module-federation `mf-manifest.json`: the one place that knows its shape and turns its
 * entries into URLs. The API's preload hints (api/src/site/preload-hints.ts) and the shell's
 * prefetch (shell/src/prefetch.ts) both name a remote's files from here, so a page hinted by the
 * server and a remote prefetched by the browser are the same files.
 *
 * Plain TypeScript: no DOM, no Node module (the URLs are joined as text; a caller with an absolute
 * manifest URL gets absolute URLs, one with a site-relative URL site-relative ones).
 */

/** The files of one module in a manifest: loaded at once (`sync`) or later (`async`). */
export interface MfAssetList {
  readonly sync?: readonly string[];
  readonly async?: readonly string[];
}

export interface MfAssets {
  readonly js?: MfAssetList;
  readonly css?: MfAssetList;
}

/** The part of a module-federation `mf-manifest.json` the site reads. */
export interface MfManifestLike {
  readonly metaData?: {
    readonly publicPath?: string;
    readonly remoteEntry?: { readonly name?: string; readonly path?: string; readonly type?: string };
  };
  readonly exposes?: readonly { readonly name?: string; readonly assets?: MfAssets }[];
  readonly shared?: readonly { readonly name?: string; readonly version?: string; readonly assets?: MfAssets }[];
}

/** The exposed module the shell loads from every remote (single-spa's lifecycles). */
export const LIFECYCLES_EXPOSE = 'lifecycles';

/** A file a manifest names, as the browser would load it. */
export interface ManifestFile {
  readonly href: string;
  readonly as: 'script' | 'style';
}

/** Base URL of a manifest's files: its publicPath, or (`auto`) the folder of the manifest itself. */
export function manifestBase(manifestUrl: string, manifest: MfManifestLike): string {
  const publicPath = manifest.metaData?.publicPath;
  if (publicPath && publicPath !== 'auto') return publicPath.endsWith('/') ? publicPath : `${publicPath}/`;
  return manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
}

/** `base` (ending in `/`) followed by the non-empty parts, each without its outer slashes. */
export function joinManifestPath(base: string, ...parts: (string | undefined)[]): string {
  const rest = parts
    .filter((p): p is string => !!p)
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter((p) => p !== '')
    .join('/');
  return base + rest;
}

/** A module's files loaded at once: its CSS, then its JS (relative to the manifest's base). */
export function syncFiles(assets: MfAssets | undefined): ManifestFile[] {
  return [
    ...(assets?.css?.sync ?? []).map((href) => ({ href, as: 'style' as const })),
    ...(assets?.js?.sync ?? []).map((href) => ({ href, as: 'script' as const })),
  ];
}

/**
 * The files a page needs first from a remote: its entry, then the sync CSS and JS of its exposed
 * `lifecycles` module. Nothing for a manifest without an entry or with a module-type entry (the
 * built remotes are classic scripts, `type: 'global'`; a module would need `modulepreload`).
 */
export function remoteEntryFiles(manifestUrl: string, manifest: MfManifestLike): ManifestFile[] {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name || (entry.type && entry.type !== 'global' && entry.type !== 'var')) return [];
  const base = manifestBase(manifestUrl, manifest);
  const expose = manifest.exposes?.find((e) => e.name === LIFECYCLES_EXPOSE);
  return [
    { href: joinManifestPath(base, entry.path, entry.name), as: 'script' },
    ...syncFiles(expose?.assets).map((f) => ({ ...f, href: joinManifestPath(base, f.href) })),
  ];
}

/**
 * The files of the shared modules `names` that a manifest's build provides, for those whose entry
 * is one chunk: an entry of several may name one the page never loads (measured in Chromium: a
 * second react-dom chunk, a react-router-dom chunk of another export), and a hint must not cost a
 * download the page would not make.
 */
export function sharedModuleFiles(manifestUrl: string, manifest: MfManifestLike, names: readonly string[]): ManifestFile[] {
  const base = manifestBase(manifestUrl, manifest);
  return (manifest.shared ?? [])
    .filter((s) => s.name !== undefined && names.includes(s.name) && (s.assets?.js?.sync?.length ?? 0) === 1)
    .flatMap((s) => syncFiles(s.assets))
    .map((f) => ({ ...f, href: joinManifestPath(base, f.href) }));
}
