// The shell's after-paint loader (shell/src/after-paint/loader.ts) as a build output of its own, and
// the record the server reads (api/src/site/shell-build.ts): `loader.json` in the shell's output
// names the loader's file with the SHA-256 of its text (the document inlines that text; the CSP
// allows it by that hash) and the shared modules the shell consumes on every page (the preload
// hints name their chunks), as this build bundled them: nothing is copied by hand.
//
// The loader is a second compilation beside the host's (module federation would add its runtime to
// any entry of the host): no imports, no module runtime, minified, one small classic script. It runs
// after the host's (which cleans the output folder) and writes into the same folder.
import { createHash } from 'node:crypto';
import { rspack } from '@rspack/core';
import { shareKeyOf } from './preload-map.mjs';

/** The record's file name in the shell's output (so at the site's root). */
export const SHELL_BUILD_FILE = 'loader.json';
/** The loader's entry name (its file: `assets/after-paint.<hash>.js`). */
export const LOADER_ENTRY = 'after-paint';
/** The loader is inlined into every document: a larger one is a mistake, and the build says so. */
export const LOADER_MAX_BYTES = 2048;

/** The share keys consumed by modules of these module identifiers, sorted, each once. */
export function consumedShareKeys(identifiers) {
  return [...new Set(identifiers.map((id) => shareKeyOf(id, 'consume')).filter(Boolean))].sort();
}

/** Why a built loader cannot be inlined as it is (undefined: it can). */
export function loaderProblem(text) {
  if (/<\/script|<!--/i.test(text)) return 'it contains `</script` or `<!--`, which would end the inline script';
  if (Buffer.byteLength(text) > LOADER_MAX_BYTES) return `it is ${Buffer.byteLength(text)} bytes, more than ${LOADER_MAX_BYTES}`;
  if (/__webpack_require__|webpackChunk|__rspack/.test(text)) return 'it carries a module runtime (an import crept in)';
  return undefined;
}

/** The record written to SHELL_BUILD_FILE. */
export function shellBuildRecord({ file, text, eagerShared }) {
  return { version: 1, loader: { file, sha256: createHash('sha256').update(text, 'utf8').digest('base64') }, eagerShared };
}

/**
 * The two halves for the shell's rspack config: `hostPlugin` (in the host's config) records the
 * share keys consumed by the host's entry and its `bootstrapGroup` chunk group (loaded on every
 * page); `loaderConfig` is the loader's compilation, which writes SHELL_BUILD_FILE once both are done.
 */
export function afterPaintBuild({ hostName, bootstrapGroup = 'bootstrap' }) {
  let eagerShared;
  const hostPlugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('AfterPaintEagerShared', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'AfterPaintEagerShared', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const groups = [...compilation.entrypoints.values(), ...compilation.chunkGroups.filter((g) => g.name === bootstrapGroup)];
            if (!groups.some((g) => g.name === bootstrapGroup)) {
              compilation.errors.push(new rspack.WebpackError(`after-paint: the shell has no chunk group named "${bootstrapGroup}"`));
            }
            const { chunkGraph } = compilation;
            eagerShared = consumedShareKeys(
              groups.flatMap((g) => g.chunks.flatMap((chunk) => chunkGraph.getChunkModules(chunk).map((m) => m.identifier()))),
            );
          },
        );
      });
    },
  };

  const recordPlugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('AfterPaintRecord', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'AfterPaintRecord', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          const fail = (message) => compilation.errors.push(new rspack.WebpackError(`after-paint: ${message}`));
          const files = compilation.getAssets().filter((a) => a.name.endsWith('.js'));
          if (files.length !== 1) return fail(`expected one script, the build made ${files.map((a) => a.name).join(', ') || 'none'}`);
          if (eagerShared === undefined) return fail(`the host compilation "${hostName}" must run first (dependencies)`);
          const [asset] = files;
          const text = asset.source.source().toString();
          const problem = loaderProblem(text);
          if (problem) return fail(`${asset.name} cannot be inlined: ${problem}`);
          const record = shellBuildRecord({ file: asset.name, text, eagerShared });
          compilation.emitAsset(SHELL_BUILD_FILE, new rspack.sources.RawSource(`${JSON.stringify(record, null, 2)}\n`));
        });
      });
    },
  };

  /** The loader's compilation: `base` is the host's config (its output folder, mode and TS rule). */
  const loaderConfig = (base, { entry = './src/after-paint/loader.ts' } = {}) => ({
    name: LOADER_ENTRY,
    dependencies: [hostName],
    mode: base.mode,
    context: base.context,
    target: 'web',
    entry: { [LOADER_ENTRY]: entry },
    // No source map, unlike the other production scripts: the loader runs inlined in the document,
    // so a stack frame names the page's URL, never this file (no map could be found from it), and
    // its ~2 KB of import-free code read as they are.
    devtool: false,
    output: {
      path: base.output.path,
      publicPath: base.output.publicPath,
      filename: 'assets/[name].[contenthash:10].js',
      iife: true,
      clean: false,
    },
    resolve: { extensions: ['.ts'] },
    module: base.module,
    optimization: { minimize: true, runtimeChunk: false, splitChunks: false },
    performance: { hints: false },
    plugins: [recordPlugin],
  });

  return { hostPlugin, loaderConfig };
}
