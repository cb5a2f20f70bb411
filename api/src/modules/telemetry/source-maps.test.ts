import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuiltScript } from '../../test/source-maps';
import { makeTempDir, removeDir } from '../../test/support';
import { mapLocation, parseFrame, repositoryPath, sourceMapsOf } from './source-maps';

// A remote's chunk as the production build minifies it, with its hidden map in the site's private
// folder: `f` is FaultyPage (it throws), `g` is ProfilePage (it calls f), `h` a dependency's code.
const VERSION = '0.1.0-0123456789';
const CHUNK = `remotes/mfe-mypage/${VERSION}/625.5c20a91d2c.js`;
const CODE =
  '"use strict";(self.webpackChunk=self.webpackChunk||[]).push([[625],{1:(e,t,n)=>{function f(){throw Error("mypage: boom")}' +
  'function g(){return f()+1}var h=function(){return e.exports.flushSync()}}}]);';
const PAGES = 'webpack://mfe-mypage/src/app/pages.tsx';
const REACT_DOM =
  'webpack://mfe-mypage/../node_modules/.pnpm/react-dom@19.2.9_react@19.2.9/node_modules/react-dom/cjs/react-dom-client.production.js';

let site: string;
let at: Record<string, number>;
beforeAll(() => {
  site = makeTempDir('source-maps');
  at = writeBuiltScript(site, CHUNK, CODE, [
    { at: 'function f(', source: PAGES, line: 20, column: 1 },
    { at: 'f(){throw', source: PAGES, line: 20, column: 10, name: 'FaultyPage' },
    { at: 'throw Error', source: PAGES, line: 21, column: 3 },
    { at: 'Error("mypage', source: PAGES, line: 21, column: 9 },
    { at: 'function g(', source: PAGES, line: 30, column: 1 },
    { at: 'g(){return', source: PAGES, line: 30, column: 10, name: 'ProfilePage' },
    { at: 'return f()', source: PAGES, line: 31, column: 3 },
    { at: 'f()+1', source: PAGES, line: 31, column: 10, name: 'FaultyPage' },
    { at: 'h=function', source: REACT_DOM, line: 900, column: 5, name: 'flushSyncWork' },
    { at: 'e.exports.flushSync', source: REACT_DOM, line: 912, column: 7 },
  ]);
  // The shell's script: its sources relative to shell/, one of them in @app/shared.
  writeBuiltScript(site, 'assets/main.3ea1dd3420.js', 'function a(){throw new Error("x")}', [
    { at: 'a(){', source: 'webpack://shell/../shared/src/core.ts', line: 7, column: 17, name: 'startCore' },
    { at: 'throw new', source: 'webpack://shell/../shared/src/core.ts', line: 8, column: 5 },
  ]);
});
afterAll(() => removeDir(site));

const frame = (name: string, snippet: string, file = CHUNK) => `${name} (/${file}:1:${at[snippet]})`;

describe('mapping a frame through the private source map', () => {
  it('a frame of a remote: its source in the repository, line and column, and the function it is in, by its original name', async () => {
    const maps = sourceMapsOf(site);
    expect(await maps.mapFrame(frame('f', 'Error("mypage'))).toBe('mfe-mypage/src/app/pages.tsx:21:9 (FaultyPage)');
    // The caller's frame: the name of the function it is in (g), not of the one it calls (f).
    expect(await maps.mapFrame(frame('g', 'f()+1'))).toBe('mfe-mypage/src/app/pages.tsx:31:10 (ProfilePage)');
    // Firefox's and Safari's shape, and a frame as the browser printed it (origin, query, `at`).
    expect(await maps.mapFrame(`f@/${CHUNK}:1:${at['Error("mypage']}`)).toBe('mfe-mypage/src/app/pages.tsx:21:9 (FaultyPage)');
    expect(await maps.mapFrame(`at Object.f (https://site.example.jp/${CHUNK}?v=1:1:${at['Error("mypage']})`)).toBe(
      'mfe-mypage/src/app/pages.tsx:21:9 (FaultyPage)',
    );
  });

  it("a dependency's code as node_modules/<package>/…, the shell's and @app/shared's as their folders", async () => {
    const maps = sourceMapsOf(site);
    expect(await maps.mapFrame(frame('h', 'e.exports.flushSync'))).toBe(
      'node_modules/react-dom/cjs/react-dom-client.production.js:912:7 (flushSyncWork)',
    );
    expect(await maps.mapFrame('a (/assets/main.3ea1dd3420.js:1:14)')).toBe('shared/src/core.ts:8:5 (startCore)');
  });

  it('no function name when the browser printed none or the script has no declaration of it; the position still mapped', async () => {
    const maps = sourceMapsOf(site);
    expect(await maps.mapFrame(`/${CHUNK}:1:${at['Error("mypage']}`)).toBe('mfe-mypage/src/app/pages.tsx:21:9');
    expect(await maps.mapFrame(frame('zz', 'Error("mypage'))).toBe('mfe-mypage/src/app/pages.tsx:21:9');
  });

  it('null, never an exception, for what cannot be mapped', async () => {
    const maps = sourceMapsOf(site);
    fs.mkdirSync(path.join(site, 'remotes', 'mfe-auth', VERSION), { recursive: true });
    fs.writeFileSync(path.join(site, 'remotes', 'mfe-auth', VERSION, 'nomap.js'), 'x()');
    fs.mkdirSync(path.join(site, '.release', 'sourcemaps', 'remotes', 'mfe-entry', VERSION), { recursive: true });
    fs.writeFileSync(
      path.join(site, '.release', 'sourcemaps', 'remotes', 'mfe-entry', VERSION, 'broken.js.map'),
      '{"version":3,"mappings":',
    );
    fs.writeFileSync(path.join(site, '.release', 'sourcemaps', 'remotes', 'mfe-entry', VERSION, 'odd.js.map'), '{"version":3,"sources":');
    for (const unmappable of [
      null,
      '',
      'anonymous',
      // A sample kept before frames kept their position (normalised: no version, no column).
      'render (/remotes/mfe-mypage/page-mypage.js:1)',
      // No such script, a script without a map, a broken map.
      `f (/remotes/mfe-mypage/${VERSION}/missing.abc.js:1:10)`,
      `f (/remotes/mfe-auth/${VERSION}/nomap.js:1:1)`,
      `f (/remotes/mfe-entry/${VERSION}/broken.js:1:1)`,
      // A position the map does not cover (another line; column 0 is no browser's).
      `f (/${CHUNK}:5:1)`,
      `f (/${CHUNK}:1:0)`,
      `f (/${CHUNK}:1:99999999999999999999)`,
      // Nothing outside the remotes' and the shell's folders is read, no path out of them.
      'f (/.release/sourcemaps/x.js:1:1)',
      'f (/remotes/mfe-mypage/../../etc/passwd.js:1:1)',
      `f (/remotes/unknown-remote/${VERSION}/x.js:1:1)`,
      'f (/prerendered/index.js:1:1)',
    ]) {
      expect(await maps.mapFrame(unmappable), String(unmappable)).toBeNull();
    }
  });

  it('parsed maps are cached, least recently used out past the bound; a missing map is looked for again', async () => {
    const copy = makeTempDir('source-maps-cache');
    try {
      fs.cpSync(site, copy, { recursive: true });
      const mapOf = (script: string) => path.join(copy, '.release', 'sourcemaps', `${script}.map`);
      const bytes = (script: string) => fs.statSync(mapOf(script)).size + fs.statSync(path.join(copy, script)).size;
      // Room for the chunk's map, not for both.
      const maps = sourceMapsOf(copy, { cacheBytes: bytes(CHUNK) + 1 });
      const chunkFrame = frame('f', 'Error("mypage');
      const shellFrame = 'a (/assets/main.3ea1dd3420.js:1:14)';
      expect(await maps.mapFrame(chunkFrame)).not.toBeNull();
      const saved = fs.readFileSync(mapOf(CHUNK));
      fs.rmSync(mapOf(CHUNK));
      // Cached: mapped without its file, and many frames at once read nothing again.
      expect(await Promise.all([1, 2, 3].map(() => maps.mapFrame(chunkFrame)))).toEqual(
        Array(3).fill('mfe-mypage/src/app/pages.tsx:21:9 (FaultyPage)'),
      );
      // The shell's map pushes it out: now the missing file counts.
      expect(await maps.mapFrame(shellFrame)).toBe('shared/src/core.ts:8:5 (startCore)');
      expect(await maps.mapFrame(chunkFrame)).toBeNull();
      // Published (again) later: found.
      fs.writeFileSync(mapOf(CHUNK), saved);
      expect(await maps.mapFrame(chunkFrame)).toBe('mfe-mypage/src/app/pages.tsx:21:9 (FaultyPage)');
    } finally {
      removeDir(copy);
    }
  });
});

describe('the parts', () => {
  it('parseFrame reads the browsers’ shapes', () => {
    expect(parseFrame('at async Object.render (/assets/a.js:3:4)')).toEqual({
      name: 'async Object.render',
      file: '/assets/a.js',
      line: 3,
      column: 4,
    });
    expect(parseFrame('render@/assets/a.js:3:4')).toEqual({ name: 'render', file: '/assets/a.js', line: 3, column: 4 });
    expect(parseFrame('/assets/a.mjs:3:4')).toEqual({ name: null, file: '/assets/a.mjs', line: 3, column: 4 });
    expect(parseFrame('render (/assets/a.js:3)')).toBeNull();
    expect(parseFrame('render (<anonymous>)')).toBeNull();
  });

  it('mapLocation: only the remotes’ versions and the shell’s assets, the map in the private folder', () => {
    expect(mapLocation(`/remotes/mfe-mypage/${VERSION}/a/b.js`)).toEqual({
      packageDir: 'mfe-mypage',
      map: `.release/sourcemaps/remotes/mfe-mypage/${VERSION}/a/b.js.map`,
      script: `remotes/mfe-mypage/${VERSION}/a/b.js`,
    });
    expect(mapLocation('/assets/main.1.js')).toMatchObject({ packageDir: 'shell', map: '.release/sourcemaps/assets/main.1.js.map' });
    expect(mapLocation('/remotes/mfe-mypage/x.js')).toBeNull();
    expect(mapLocation(`/remotes/mfe-mypage/${VERSION}/.hidden.js`)).toBeNull();
  });

  it('repositoryPath: relative to the package folder, webpack:// and pnpm’s store dropped', () => {
    expect(repositoryPath('webpack://mfe-entry/./src/a.tsx', 'mfe-entry')).toBe('mfe-entry/src/a.tsx');
    expect(repositoryPath('webpack://mfe-entry/../contracts/src/domain/money.ts?x', 'mfe-entry')).toBe('contracts/src/domain/money.ts');
    expect(repositoryPath('webpack://mfe-entry/../node_modules/.pnpm/zod@4.1.0/node_modules/zod/v4/core/core.js', 'mfe-entry')).toBe(
      'node_modules/zod/v4/core/core.js',
    );
    expect(repositoryPath('webpack:///webpack/runtime/load_script', 'shell')).toBe('shell/webpack/runtime/load_script');
    expect(repositoryPath('/abs/x.ts', 'shell')).toBe('/abs/x.ts');
    expect(repositoryPath('webpack://x/../../outside.ts', 'shell')).toBe('../../outside.ts');
  });
});
