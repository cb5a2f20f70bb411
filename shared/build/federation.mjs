// Build-time helpers shared by the shell's and every remote's rspack.config.mjs: the container
// names, the singleton list and the common rspack options. Plain ESM so rspack can load it as is.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** Container names become browser globals, so they use underscores (docs/stack.md). */
export const CONTAINERS = createRequire(import.meta.url)('../src/containers.json');

/** Dev-server ports for working on one remote alone (`pnpm --filter mfe-x dev`). */
export const DEV_PORTS = { shell: 3000, marketing: 3101, auth: 3102, entry: 3103, mypage: 3104 };

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
    'react-router-dom': entry('react-router-dom'),
    zustand,
    'zustand/vanilla': zustand,
    '@app/shared': entry('@app/shared'),
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const SHARED_SRC = path.resolve(here, '../src');

/** Options every build shares: TS/TSX through rspack's builtin swc, content-hashed files. */
export function baseConfig({ dir, mode, publicPath }) {
  const production = mode === 'production';
  return {
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      // OUT_DIR builds a second copy elsewhere (the e2e swap test) without touching dist/.
      path: process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(dir, 'dist'),
      publicPath,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
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
        experiments: { provideExternalRuntime: true },
      }),
      new rspack.HtmlRspackPlugin({ template: path.join(dir, 'index.html'), chunks: ['main'], inject: 'body' }),
    ],
    devServer: {
      port: DEV_PORTS.shell,
      historyApiFallback: true,
      proxy: [
        {
          context: ['/api', '/config.json', '/deployment.json', '/builds', '/remotes'],
          target: `http://localhost:${process.env.API_PORT ?? 3001}`,
        },
      ],
    },
  };
}

/** A remote: exposes only `./lifecycles` (its single-spa lifecycles), with a manifest. */
export function remoteConfig({ remote, dir, mode }) {
  const base = baseConfig({ dir, mode, publicPath: 'auto' });
  return {
    ...base,
    entry: { main: './src/index.ts' },
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
        experiments: { externalRuntime: mode === 'production' },
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(here, 'standalone.html'),
        chunks: ['main'],
        title: `${remote} (standalone)`,
        publicPath: '/',
      }),
    ],
    devServer: {
      port: DEV_PORTS[remote],
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/config.json'], target: `http://localhost:${process.env.API_PORT ?? 3000}` }],
    },
  };
}
