// Build-time helpers shared by the shell's and every remote's rspack.config.mjs: the container
// names, the singleton list and the common rspack options. Plain ESM so rspack can load it as is.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PreloadMapPlugin } from './preload-map.mjs';

export { afterPaintBuild } from './after-paint.mjs';

// The remotes (container names, dev ports) come from the one list, contracts/remotes.json, which the
// front-end code (contracts/src/remotes.ts), the scripts and the e2e tests read as well.
const LIST = createRequire(import.meta.url)('@app/contracts/remotes.json');
const remoteNames = Object.keys(LIST.remotes);

/** Container names become browser globals, so they use underscores (docs/stack.md). */
export const CONTAINERS = Object.fromEntries(remoteNames.map((r) => [r, LIST.remotes[r].container]));

/** Dev-server ports: the shell's and each remote's (`pnpm --filter mfe-x dev` runs one alone). */
export const DEV_PORTS = { shell: LIST.shell.devPort, ...Object.fromEntries(remoteNames.map((r) => [r, LIST.remotes[r].devPort])) };

/** Where every dev server proxies `/api`: the API on API_PORT (default 3000, as `npm run dev`). */
export const API_PORT = Number(process.env.API_PORT || LIST.api.devPort);

/**
 * The shell dev server's `/deployment.json`: every remote from its own dev server (absolute URLs,
 * which the manifest schema accepts), on the host name the page was opened with.
 */
export function devDeploymentManifest(hostname = 'localhost') {
  return {
    remotes: Object.fromEntries(
      remoteNames.map((r) => [r, { manifest: `http://${hostname}:${DEV_PORTS[r]}/mf-manifest.json`, version: 'dev' }]),
    ),
  };
}

/**
 * The shell dev server's `/config.json` lists the remotes' dev servers in `remoteOrigins`: the shell
 * loads remotes only from its own origin and the listed ones (a tampered manifest loads no foreign code).
 */
export function devRemoteOrigins(hostname = 'localhost') {
  return remoteNames.map((r) => `http://${hostname}:${DEV_PORTS[r]}`);
}

function hostnameOf(req) {
  try {
    return new URL(`http://${req.headers.host ?? 'localhost'}`).hostname;
  } catch {
    return 'localhost';
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const SHARED_SRC = path.resolve(here, '../src');
/** The runtime config a new site starts with (scripts/assemble-site.mjs copies it). */
const DEFAULT_RUNTIME_CONFIG = path.resolve(here, '../..', LIST.shell.dir, 'config.default.json');

/**
 * Files the dev servers answer themselves, so development needs no built site: `/config.json`
 * (the defaults, read per request) and, from the shell, `/deployment.json` and a fixed
 * `/builds/latest.json` (no stale-build reloads in dev). Placed after the Host checks.
 */
function devFiles(files) {
  return (middlewares) => {
    const at = middlewares.findIndex((m) => m.name === '@rspack/dev-middleware');
    middlewares.splice(
      at < 0 ? 0 : at,
      0,
      ...Object.entries(files).map(([urlPath, body]) => ({
        name: `dev-file ${urlPath}`,
        path: urlPath,
        middleware: (req, res) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(body(req)));
        },
      })),
    );
    return middlewares;
  };
}
const runtimeConfig = () => JSON.parse(fs.readFileSync(DEFAULT_RUNTIME_CONFIG, 'utf8'));
/** `/mockServiceWorker.js`, MSW's worker script (the installed msw's own copy, so versions match). */
function mockServiceWorker() {
  const file = createRequire(path.join(here, '..', 'package.json')).resolve('msw/mockServiceWorker.js');
  return {
    name: 'msw worker',
    path: '/mockServiceWorker.js',
    middleware: (_req, res) => {
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(fs.readFileSync(file));
    },
  };
}

/**
 * The module provided under the share key `react-router-dom`: only the router API the site uses,
 * from `react-router` (see react-router-share.mjs): 13 KB gzip on `/` instead of the package's 60.
 */
const ROUTER_SHARE = path.join(here, 'react-router-share.mjs');
const requireFromShared = createRequire(path.join(here, '..', 'package.json'));
/** react-router's own directory (a dependency of react-router-dom: pnpm does not hoist it). */
const REACT_ROUTER_DIR = path.dirname(
  createRequire(requireFromShared.resolve('react-router-dom/package.json')).resolve('react-router/package.json'),
);
/**
 * react-router's `exports` have no `production` condition: every bundler gets dist/development.
 * The two builds differ by a flag, but production should run the production build.
 */
function reactRouterAlias(production) {
  return { 'react-router$': path.join(REACT_ROUTER_DIR, 'dist', production ? 'production' : 'development', 'index.mjs') };
}

/**
 * A production remote's bundler runtime from its ESM build. The MF plugin imports it by the absolute
 * path of its CommonJS file, which keeps all of it and of @module-federation/sdk; from ESM, with the
 * runtime core taken from the shell (`externalRuntime`), only what a remote uses stays: its
 * remoteEntry 9.5 KB gzip instead of 14.5. (Not for the shell: it provides the whole runtime core
 * to the remotes, and measured 0.7 KB larger from ESM.)
 */
const requireFromEnhanced = createRequire(createRequire(import.meta.url).resolve('@module-federation/enhanced/rspack'));
const BUNDLER_RUNTIME_CJS = requireFromEnhanced.resolve('@module-federation/webpack-bundler-runtime');
const mfRuntimeAlias = { [`${BUNDLER_RUNTIME_CJS}$`]: BUNDLER_RUNTIME_CJS.replace(/\.cjs$/, '.js') };

/**
 * Module-federation runtime option for every build: `target: 'web'` is not inferred by MF enhanced
 * 2.x, and without it each runtime also carries the Node script loader (measured: the shell's main
 * −2.1 KB gzip, each production remoteEntry −2.0 KB). `disableRemote` would fit the remotes (they
 * load none) but changed nothing measurable: their production builds use the shell's runtime.
 */
const MF_OPTIMIZATION = { target: 'web' };

const apiProxy = [{ context: ['/api'], target: `http://localhost:${API_PORT}` }];

/**
 * @app/shared is two singletons: the core (`@app/shared/core`: what a page needs before it renders,
 * and the site's state) and the full entry (`@app/shared`: the core re-exported, plus the API client,
 * the contracts and the form kit), so the landing page loads the core only.
 * - The core is shared by file: every import that resolves to shared/src/core.ts (`@app/shared/core`,
 *   `../core` from a module of the full entry) gets the one shared instance, so its state (the auth
 *   store, toasts, the page's starting revision) exists once (module federation matches an absolute
 *   path against what each import resolves to).
 * - The full entry is shared by name (`@app/shared`). The auth store's `import('../index')` (it
 *   loads the API client when a call needs it) stays a plain chunk of the build that runs it: a
 *   shared module loaded after start makes the shell's MF runtime initialise the share scope, which
 *   downloads every remote's entry (measured on /mypage: four remoteEntry files, 38 KB gzip). The
 *   full entry holds no state of its own, and the copy the shell provides is the same module.
 */
const SHARED_ENTRY = path.join(SHARED_SRC, 'index.ts');
const SHARED_CORE = path.join(SHARED_SRC, 'core.ts');

/**
 * One instance at run time of each of these (the e2e singleton test proves it). Every subpath a
 * package imports is listed too, or each bundle would carry its own copy. Versions are read from
 * the installed packages because MF cannot read pnpm's `catalog:` / `workspace:*` specifiers.
 */
export function singletons(fromDir) {
  const require = createRequire(path.join(fromDir, 'package.json'));
  const versionOf = (pkg) => require(`${pkg}/package.json`).version;
  const entry = (pkg) => ({ singleton: true, strictVersion: false, requiredVersion: `^${versionOf(pkg)}`, version: versionOf(pkg) });
  const react = entry('react');
  const reactDom = entry('react-dom');
  const zustand = entry('zustand');
  return {
    react,
    'react/jsx-runtime': react,
    'react-dom': reactDom,
    'react-dom/client': reactDom,
    // Same share key and version, but a module that exports only what the site uses.
    'react-router-dom': { ...entry('react-router-dom'), import: ROUTER_SHARE },
    zustand,
    'zustand/vanilla': zustand,
    '@app/shared': { ...entry('@app/shared'), import: SHARED_ENTRY },
    [SHARED_CORE]: { ...entry('@app/shared'), shareKey: '@app/shared/core' },
  };
}

/**
 * Source maps of a production build (SOURCE_MAPS): by default `hidden-source-map`, a `.map` beside
 * every script with no `//# sourceMappingURL` in the script, so the served scripts are the same bytes
 * and a visitor's browser never asks for a map. The maps are never published: the release scripts
 * move them out of the public tree into `.release/sourcemaps/` (scripts/lib.mjs `splitSourceMaps`)
 * and the server refuses any `.map` URL; the API maps the stack frames of field errors through
 * them (api/src/modules/telemetry/source-maps.ts). `SOURCE_MAPS=off` writes none (a faster build).
 */
export function productionDevtool(setting = '') {
  if (setting === '' || setting === 'hidden') return 'hidden-source-map';
  if (setting === 'off') return false;
  throw new Error(`SOURCE_MAPS=${setting}: expected hidden (the default) or off (maps are never served)`);
}

/** Options every build shares: TS/TSX through rspack's builtin swc, content-hashed files. */
export function baseConfig({ dir, mode, publicPath, mock = false }) {
  const production = mode === 'production';
  return {
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: production ? productionDevtool(process.env.SOURCE_MAPS) : 'eval-cheap-module-source-map',
    output: {
      // OUT_DIR builds a second copy elsewhere (the e2e swap test) without touching dist/.
      path: process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(dir, 'dist'),
      publicPath,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: reactRouterAlias(production) },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: { minimize: production },
    performance: { hints: false },
    // Compile-time constant only for a label of the build (used by the swap test); nothing
    // deploy-specific is compiled in: URLs and switches come from /config.json at run time.
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __BUILD_LABEL__: JSON.stringify(process.env.BUILD_LABEL ?? ''),
        // Only `dev:mock` sets it: production code reaches the mocks behind `if (__MOCK_API__)`,
        // a branch the build drops.
        __MOCK_API__: JSON.stringify(mock),
      }),
    ],
  };
}

/** The host: no remotes at build time (they come from the deployment manifest at run time). */
export function hostConfig({ dir, mode }) {
  const base = baseConfig({ dir, mode, publicPath: '/' });
  const production = mode === 'production';
  return {
    ...base,
    output: {
      ...base.output,
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
    },
    plugins: [
      ...base.plugins,
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: singletons(dir),
        dts: false,
        // One module-federation runtime for the page: remotes' production builds use this one.
        experiments: { provideExternalRuntime: true, optimization: MF_OPTIMIZATION },
      }),
      new rspack.HtmlRspackPlugin({ template: path.join(dir, 'index.html'), chunks: ['main'], inject: 'body' }),
      // preload-map.json: the bootstrap chunk and the providers' files, for the server's hints.
      new PreloadMapPlugin(),
    ],
    // Dev: the remotes come from their own dev servers (`npm run dev` starts them all), not from
    // a built site.
    devServer: {
      port: DEV_PORTS.shell,
      historyApiFallback: true,
      proxy: apiProxy,
      setupMiddlewares: devFiles({
        '/deployment.json': (req) => devDeploymentManifest(hostnameOf(req)),
        '/config.json': (req) => ({ ...runtimeConfig(), remoteOrigins: devRemoteOrigins(hostnameOf(req)) }),
        '/builds/latest.json': () => ({ id: 'dev' }),
      }),
    },
  };
}

/** A remote: exposes only `./lifecycles` (its single-spa lifecycles), with a manifest. */
export function remoteConfig({ remote, dir, mode, mock = false }) {
  if (!(remote in CONTAINERS)) throw new Error(`unknown remote ${remote}: contracts/remotes.json lists ${remoteNames.join(', ')}`);
  if (mock && mode === 'production') throw new Error('the mock API is for the dev server only (dev:mock)');
  const base = baseConfig({ dir, mode, publicPath: 'auto', mock });
  const production = mode === 'production';
  return {
    ...base,
    entry: { main: './src/index.ts' },
    resolve: production ? { ...base.resolve, alias: { ...base.resolve.alias, ...mfRuntimeAlias } } : base.resolve,
    plugins: [
      ...base.plugins,
      new ModuleFederationPlugin({
        name: CONTAINERS[remote],
        filename: mode === 'production' ? 'remoteEntry.[contenthash:10].js' : 'remoteEntry.js',
        exposes: { './lifecycles': './src/lifecycles.tsx' },
        shared: singletons(dir),
        manifest: true,
        dts: false,
        // Production remotes use the shell's MF runtime (~30 KB gzip less per remote); the dev
        // server keeps its own so the remote also runs alone.
        experiments: { externalRuntime: mode === 'production', optimization: MF_OPTIMIZATION },
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(here, 'standalone.html'),
        chunks: ['main'],
        title: `${remote} (standalone)`,
        publicPath: '/',
      }),
      // preload-map.json beside mf-manifest.json (same versioned folder): the page chunks' files.
      new PreloadMapPlugin(),
    ],
    // The shell's page loads this remote's chunks from here, so lazy compilation (whose requests
    // would go to the page's own server) stays off.
    lazyCompilation: false,
    devServer: {
      // DEV_PORT: a second copy elsewhere (the e2e test of dev:mock runs beside a developer's dev).
      port: Number(process.env.DEV_PORT ?? DEV_PORTS[remote]),
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // dev:mock answers /api in the browser (MSW's service worker): no API behind it.
      ...(mock ? {} : { proxy: apiProxy }),
      setupMiddlewares: (middlewares, server) =>
        devFiles({ '/config.json': runtimeConfig })(mock ? [mockServiceWorker(), ...middlewares] : middlewares, server),
    },
  };
}
