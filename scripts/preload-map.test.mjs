// The build's preload map (shared/build/preload-map.mjs): what each build tells the server to hint.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { PRELOAD_MAP_FILE, PreloadMapPlugin, preloadMapOf, shareKeyOf } from '../shared/build/preload-map.mjs';

// rspack is a dependency of the packages that build (as for preload-map.mjs itself), not of the root.
const { rspack } = createRequire(new URL('../shared/package.json', import.meta.url))('@rspack/core');

const provide = (key, version = '1.0.0') => `provide shared module (default) ${key}@${version} = /repo/node_modules/${key}/index.js`;
const consume = (key, range = '^1.0.0') =>
  `consume shared module (default) ${key}@${range} (strict) (fallback: /repo/node_modules/${key}/index.js)`;

describe('shareKeyOf', () => {
  it('reads the share key of provide and consume modules, scoped names and subpaths included', () => {
    expect(shareKeyOf(provide('@app/shared', '0.3.0'), 'provide')).toBe('@app/shared');
    expect(shareKeyOf(provide('react/jsx-runtime'), 'provide')).toBe('react/jsx-runtime');
    expect(shareKeyOf(consume('@app/shared/core', '^0.3.0'), 'consume')).toBe('@app/shared/core');
    expect(shareKeyOf(consume('react'), 'provide')).toBeUndefined();
    expect(shareKeyOf('/repo/src/index.ts', 'consume')).toBeUndefined();
  });
});

describe('preloadMapOf', () => {
  it('names each named group and each provided key with its JS/CSS files and what their modules consume', () => {
    const map = preloadMapOf([
      {
        name: 'bootstrap',
        files: ['assets/bootstrap.1.js', 'assets/bootstrap.1.js.map'],
        origins: ['./src/index.ts'],
        modules: ['/repo/src/bootstrap.tsx', consume('react'), consume('@app/shared/core')],
      },
      // Two groups provide the same key (its factory and a split chunk): their files together.
      { name: undefined, files: ['assets/157.js'], origins: [provide('@app/shared')], modules: [consume('react'), consume('@app/shared')] },
      {
        name: undefined,
        files: ['assets/896.js', 'assets/896.css'],
        origins: [provide('@app/shared'), './src/auth-store.ts'],
        modules: [],
      },
      { name: 'page-mypage', files: ['page-mypage.2.js'], origins: ['./src/pages.tsx'], modules: [consume('react/jsx-runtime')] },
    ]);
    expect(map).toEqual({
      version: 1,
      groups: { bootstrap: ['assets/bootstrap.1.js'], 'page-mypage': ['page-mypage.2.js'] },
      shared: { '@app/shared': ['assets/157.js', 'assets/896.css', 'assets/896.js'] },
      consumes: {
        bootstrap: ['@app/shared/core', 'react'],
        'page-mypage': ['react/jsx-runtime'],
        // A provider's own key is not a dependency of itself.
        'shared:@app/shared': ['react'],
      },
    });
  });
});

describe('PreloadMapPlugin (an rspack build)', () => {
  let dir;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('emits preload-map.json with the files of a named lazily loaded chunk', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preload-map-'));
    fs.writeFileSync(path.join(dir, 'index.js'), `import(/* webpackChunkName: "page-home" */ './page.js').then((m) => m.default());\n`);
    fs.writeFileSync(path.join(dir, 'page.js'), 'export default () => document.title;\n');
    const compiler = rspack({
      mode: 'production',
      context: dir,
      entry: { main: './index.js' },
      output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js' },
      plugins: [new PreloadMapPlugin()],
    });
    await new Promise((resolve, reject) =>
      compiler.run((error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString())) : resolve())),
    );
    await new Promise((resolve) => compiler.close(resolve));
    const map = JSON.parse(fs.readFileSync(path.join(dir, 'dist', PRELOAD_MAP_FILE), 'utf8'));
    expect(map.groups['page-home']).toEqual([expect.stringMatching(/^page-home\.[0-9a-f]{8}\.js$/)]);
    expect(fs.existsSync(path.join(dir, 'dist', map.groups['page-home'][0]))).toBe(true);
    // The entry itself is not a preload candidate (the HTML loads it).
    expect(Object.keys(map.groups)).toEqual(['page-home']);
  });
});
