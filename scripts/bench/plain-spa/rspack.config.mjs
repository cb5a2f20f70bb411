// The bench's plain single-bundle SPA (main.mjs): the site's own rspack options (swc, the
// production builds of react, react-dom and react-router, the same defines), one entry, no module
// federation. Built by scripts/bench/web.mjs into a temporary directory (OUT_DIR).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { baseConfig } from '../../../shared/build/federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '../../..');

export default () => {
  const base = baseConfig({ dir, mode: 'production', publicPath: '/' });
  return {
    ...base,
    entry: { main: './main.mjs' },
    devtool: false,
    // main.mjs sits outside the workspace packages: resolve its imports as the shell does.
    resolve: { ...base.resolve, modules: ['node_modules', path.join(root, 'shell', 'node_modules')] },
    output: { ...base.output, filename: 'assets/[name].[contenthash:10].js', chunkFilename: 'assets/[name].[contenthash:10].js' },
    experiments: { topLevelAwait: true },
    plugins: [
      ...base.plugins,
      new rspack.HtmlRspackPlugin({ template: path.join(dir, 'index.html'), inject: 'body', scriptLoading: 'module' }),
    ],
  };
};
