// The precompression step of scripts/assemble-site.mjs on a throwaway site folder: which files get
// a .br and a .gz beside them, that each decompresses to the file, and what is left alone.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { MIN_COMPRESS_BYTES, clearSite, isPrecompressible, precompress } from './assemble-site.mjs';

let site;
beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'assemble-site-'));
});
afterEach(() => fs.rmSync(site, { recursive: true, force: true }));

/** Compressible text of about `bytes` bytes (JavaScript-like, repetitive). */
const text = (bytes, label = 'x') =>
  Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => `export const ${label}${i} = "請求書${i}";\n`).join('');

function put(relative, content) {
  const file = path.join(site, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

const variantsOf = (file) => ['br', 'gz'].filter((ext) => fs.existsSync(`${file}.${ext}`));

describe('isPrecompressible', () => {
  test.each([
    ['assets/main.1234.js', true],
    ['assets/site.css', true],
    ['index.html', true],
    ['mf-manifest.json', true],
    ['remotes/mfe-auth/0.1.0-abc/remoteEntry.abc.js', true],
    ['remotes/mfe-auth/0.1.0-abc/icon.svg', true],
    ['assets/main.1234.js.map', false],
    ['assets/logo.png', false],
    ['assets/main.1234.js.br', false],
    // rewritten after the build (release, rollback, the operator): a .br would go stale
    ['deployment.json', false],
    ['config.json', false],
    ['builds/latest.json', false],
    // revalidated files inside the immutable folders: the server would send their .br as immutable
    ['remotes/mfe-auth/0.1.0-abc/mf-manifest.json', true],
    ['remotes/mfe-auth/0.1.0-abc/index.html', true],
  ])('%s → %s', (file, expected) => expect(isPrecompressible(file)).toBe(expected));
});

describe('precompress', () => {
  test('writes brotli and gzip beside each text asset, each smaller and decoding to the file', () => {
    const js = put('assets/main.js', text(20_000));
    const html = put('index.html', `<!doctype html><html lang="ja"><body>${text(4_000, 'h')}</body></html>`);
    const stats = precompress(site);
    for (const file of [js, html]) {
      const source = fs.readFileSync(file);
      const br = fs.readFileSync(`${file}.br`);
      const gz = fs.readFileSync(`${file}.gz`);
      expect(br.length).toBeLessThan(source.length);
      expect(gz.length).toBeLessThan(source.length);
      expect(br.length).toBeLessThanOrEqual(gz.length);
      expect(brotliDecompressSync(br).equals(source)).toBe(true);
      expect(gunzipSync(gz).equals(source)).toBe(true);
    }
    expect(stats).toMatchObject({ files: 2, written: 2 });
  });

  test('leaves small files, source maps, binary files and the mutable manifests alone', () => {
    const files = [
      put('assets/tiny.js', text(MIN_COMPRESS_BYTES - 100)),
      put('assets/main.js.map', text(20_000)),
      put('assets/logo.png', text(20_000)),
      put('deployment.json', JSON.stringify({ remotes: { x: text(5_000) } })),
      put('builds/latest.json', JSON.stringify({ id: text(5_000) })),
    ];
    precompress(site);
    for (const file of files) expect(variantsOf(file), path.relative(site, file)).toEqual([]);
  });

  test('does not write a variant that does not help, and removes a stale one', () => {
    const file = put('assets/random.js', randomBytes(8_000));
    const past = new Date(Date.now() - 60_000);
    for (const ext of ['br', 'gz']) {
      fs.writeFileSync(`${file}.${ext}`, 'stale');
      fs.utimesSync(`${file}.${ext}`, past, past); // older than the file
    }
    precompress(site);
    expect(variantsOf(file)).toEqual([]);
  });

  test('a file that shrank under the threshold loses its old variants', () => {
    const file = put('assets/main.js', text(20_000));
    precompress(site);
    expect(variantsOf(file)).toEqual(['br', 'gz']);
    fs.writeFileSync(file, 'export {};');
    precompress(site);
    expect(variantsOf(file)).toEqual([]);
  });

  test('recompresses a file changed since its variants, keeps the others', () => {
    const changed = put('assets/a.js', text(5_000, 'a'));
    const same = put('assets/b.js', text(5_000, 'b'));
    precompress(site);
    const past = new Date(Date.now() - 60_000);
    for (const f of [changed, `${changed}.br`, `${changed}.gz`]) fs.utimesSync(f, past, past);
    fs.writeFileSync(changed, text(6_000, 'c'));
    const stats = precompress(site);
    expect(stats).toMatchObject({ files: 2, written: 1, kept: 1 });
    expect(brotliDecompressSync(fs.readFileSync(`${changed}.br`)).equals(fs.readFileSync(changed))).toBe(true);
    expect(gunzipSync(fs.readFileSync(`${same}.gz`)).equals(fs.readFileSync(same))).toBe(true);
  });

  test('skipDirs and siteRoot: folders not entered, paths judged from the site root', () => {
    const old = put('remotes/mfe-auth/old/chunk.js', text(5_000));
    const live = put('remotes/mfe-auth/live/chunk.js', text(5_000));
    const liveManifest = put('remotes/mfe-auth/live/mf-manifest.json', JSON.stringify({ x: text(5_000) }));
    const shell = put('assets/main.js', text(5_000));
    precompress(site, { skipDirs: ['remotes'] });
    precompress(path.join(site, 'remotes/mfe-auth/live'), { siteRoot: site });
    expect(variantsOf(shell)).toEqual(['br', 'gz']);
    expect(variantsOf(live)).toEqual(['br', 'gz']);
    expect(variantsOf(old)).toEqual([]);
    expect(variantsOf(liveManifest)).toEqual(['br', 'gz']);
  });
});

describe('clearSite (a new assembly)', () => {
  test("keeps the remotes' versions, their private source maps and config.json; removes the rest (the shell's files and maps)", () => {
    for (const file of [
      'index.html',
      'assets/main.1234.js',
      'config.json',
      'remotes/mfe-auth/0.1.0-abc/remoteEntry.abc.js',
      '.release/history.jsonl',
      '.release/sourcemaps/assets/main.1234.js.map',
      '.release/sourcemaps/remotes/mfe-auth/0.1.0-abc/remoteEntry.abc.js.map',
    ])
      put(file, 'x');
    clearSite(site);
    const left = fs
      .readdirSync(site, { recursive: true })
      .map((p) => p.split(path.sep).join('/'))
      .filter((p) => fs.statSync(path.join(site, p)).isFile())
      .sort();
    expect(left).toEqual([
      '.release/sourcemaps/remotes/mfe-auth/0.1.0-abc/remoteEntry.abc.js.map',
      'config.json',
      'remotes/mfe-auth/0.1.0-abc/remoteEntry.abc.js',
    ]);
  });
});
