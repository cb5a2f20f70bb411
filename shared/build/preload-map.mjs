// The build's preload map (issue 12, "no waterfalls"): a JSON file beside mf-manifest.json that
// names the files the server hints for a page beyond what the manifest lists (api/src/site/
// preload-hints.ts). The manifest lists a remote's entry and its exposed module's first files; it
// does not list the chunks a page's first render loads next, one after another: the shell's async
// bootstrap chunk, the chunks that provide a shared module (its `shared[].assets` are wrong for
// some: measured, react-router-dom names a chunk the page never loads and misses one it does, and
// @app/shared names none), and a remote's lazily loaded page (shared/src/ui/lazy-page.tsx).
//
// It is emitted by each build into its own output (a remote's goes into its versioned folder with
// it: releases swap remotes independently, and the map always matches the files beside it).
import { rspack } from '@rspack/core';

export const PRELOAD_MAP_FILE = 'preload-map.json';

const PROVIDE = /^provide shared module \([^)]*\) (.+)@[^@\s]+ = /;
const CONSUME = /^consume shared module \([^)]*\) (.+)@[^@\s]+ /;

/** The share key of a module-federation provide/consume module identifier (undefined: neither). */
export function shareKeyOf(identifier, kind) {
  const match = (kind === 'provide' ? PROVIDE : CONSUME).exec(identifier);
  return match?.[1];
}

const sorted = (values) => [...new Set(values)].sort();

/**
 * The map of one compilation, from plain data (testable without a build):
 * - `groups`: each named chunk group (`webpackChunkName`, the MF expose chunk) → its JS/CSS files;
 * - `shared`: each share key this build provides → the files of the chunk groups that provide it
 *   (what the runtime loads when this build's copy is the one used);
 * - `consumes`: each named group and each provided key → the share keys its modules consume (the
 *   server follows them to hint the providers' files too).
 * `groups` input: `{ name, files, origins: [identifier], modules: [identifier] }` per chunk group.
 */
export function preloadMapOf(groups) {
  const map = { version: 1, groups: {}, shared: {}, consumes: {} };
  const consumed = (modules) => sorted(modules.map((m) => shareKeyOf(m, 'consume')).filter(Boolean));
  const files = (list) => list.filter((f) => /\.(?:js|css)$/.test(f));
  for (const group of groups) {
    if (group.name) {
      map.groups[group.name] = sorted([...(map.groups[group.name] ?? []), ...files(group.files)]);
      map.consumes[group.name] = sorted([...(map.consumes[group.name] ?? []), ...consumed(group.modules)]);
    }
    for (const origin of group.origins) {
      const key = shareKeyOf(origin, 'provide');
      if (!key) continue;
      map.shared[key] = sorted([...(map.shared[key] ?? []), ...files(group.files)]);
      const consumesKey = `shared:${key}`;
      map.consumes[consumesKey] = sorted([...(map.consumes[consumesKey] ?? []), ...consumed(group.modules)].filter((k) => k !== key));
    }
  }
  return map;
}

/** Emits PRELOAD_MAP_FILE into the build's output. */
export class PreloadMapPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadMapPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PreloadMapPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const groups = compilation.chunkGroups
          .filter((group) => !group.isInitial())
          .map((group) => ({
            name: group.name,
            files: group.getFiles(),
            origins: group.origins.map((o) => o.module?.identifier() ?? '').filter(Boolean),
            modules: group.chunks.flatMap((chunk) => chunkGraph.getChunkModules(chunk).map((m) => m.identifier())),
          }));
        compilation.emitAsset(PRELOAD_MAP_FILE, new rspack.sources.RawSource(`${JSON.stringify(preloadMapOf(groups), null, 2)}\n`));
      });
    });
  }
}
