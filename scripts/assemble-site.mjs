// Assembles the deployable site in .site/ from the builds: the shell at the root, every remote in
// its immutable versioned folder, the deployment manifest, runtime config and build metadata.
// Earlier remote versions stay (open tabs keep working; a rollback is one manifest change). The
// builds' source maps go to the private `.release/sourcemaps/` (scripts/lib.mjs SOURCE_MAPS_DIR),
// never into the public tree.
// The site stylesheet is written as a static file linked from index.html and the public pages are
// prerendered (scripts/prerender.mjs: prerendered/<path>.html). Every text asset of what goes live
// is then precompressed beside itself (.br, .gz): the API's
// static plugin (`preCompressed: true`) sends them to a client that accepts them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import {
  REMOTE_DIRS,
  ROOT,
  SITE_DIR,
  SOURCE_MAPS_DIR,
  copyPublic,
  copySourceMaps,
  manifestEntry,
  publishRemote,
  readJson,
  writeBuildMetadata,
  writeJson,
} from './lib.mjs';
import { prerenderSite } from './prerender.mjs';

/** Text assets worth compressing (source maps are not: only developer tools fetch them). */
export const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Smaller files cost more to negotiate and decompress than they save on the wire. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Files never precompressed, by their path relative to the site root: the files rewritten after
 * the build (release/rollback rewrites deployment.json and builds/latest.json; an operator edits
 * config.json), since a .br beside them would go stale. Revalidated files inside the immutable
 * folders (a remote's mf-manifest.json) are fine: the API caches `x.br` as `x`
 * (api/src/app.ts `cacheControlFor`).
 */
export function isPrecompressible(relativePath) {
  const file = relativePath.split(path.sep).join('/');
  if (!COMPRESSIBLE.test(file)) return false;
  return !(file === 'deployment.json' || file === 'config.json' || file.startsWith('builds/'));
}

/** Brotli at quality 11 and gzip -9 of one buffer (the build pays once; every visitor saves). */
export function compressBoth(buffer) {
  return {
    br: brotliCompressSync(buffer, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }),
    gz: gzipSync(buffer, { level: 9 }),
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every precompressible file under `dir` (`skipDirs`:
 * folders relative to `siteRoot` not to enter). A variant is written only when it is smaller than
 * the file; one that does not help is removed, so that a stale one is never served. Variants already
 * newer than their file are kept (the remotes' versioned folders never change). Returns counts.
 */
export function precompress(dir, { siteRoot = dir, skipDirs = [] } = {}) {
  const stats = { files: 0, written: 0, kept: 0, skipped: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      const relative = path.relative(siteRoot, full);
      if (entry.isDirectory()) {
        if (!skipDirs.includes(relative.split(path.sep).join('/'))) walk(full);
        continue;
      }
      if (!entry.isFile() || !isPrecompressible(relative)) continue;
      const stat = fs.statSync(full);
      const variants = { br: `${full}.br`, gz: `${full}.gz` };
      if (stat.size < MIN_COMPRESS_BYTES) {
        for (const variant of Object.values(variants)) fs.rmSync(variant, { force: true });
        stats.skipped += 1;
        continue;
      }
      stats.files += 1;
      stats.bytes += stat.size;
      const upToDate = Object.values(variants).every((v) => fs.existsSync(v) && fs.statSync(v).mtimeMs >= stat.mtimeMs);
      if (upToDate) {
        stats.kept += 1;
        stats.brBytes += fs.statSync(variants.br).size;
        stats.gzBytes += fs.statSync(variants.gz).size;
        continue;
      }
      const compressed = compressBoth(fs.readFileSync(full));
      let helped = true;
      for (const [encoding, variant] of Object.entries(variants)) {
        if (compressed[encoding].length < stat.size) fs.writeFileSync(variant, compressed[encoding]);
        else {
          fs.rmSync(variant, { force: true });
          helped = false;
        }
      }
      if (helped) stats.written += 1;
      else stats.skipped += 1;
      stats.brBytes += Math.min(compressed.br.length, stat.size);
      stats.gzBytes += Math.min(compressed.gz.length, stat.size);
    }
  };
  walk(dir);
  return stats;
}

/**
 * Why the shell's build record (loader.json, shared/build/after-paint.mjs) in `shellDist` would not
 * give the server its after-paint loader (undefined: it would): the server would then send the
 * documents without it, so the site is not assembled from such a build.
 */
export function shellBuildProblem(shellDist) {
  const record = readJson(path.join(shellDist, 'loader.json'), null);
  const file = record?.loader?.file;
  if (typeof file !== 'string') return 'loader.json is missing or names no loader: build the shell (production) first';
  const loader = path.join(shellDist, file);
  if (!fs.existsSync(loader)) return `loader.json names ${file}, which the build did not write`;
  const sha256 = createHash('sha256').update(fs.readFileSync(loader)).digest('base64');
  if (sha256 !== record.loader.sha256)
    return `${file} is not the loader loader.json records (SHA-256 ${sha256}, recorded ${record.loader.sha256})`;
  return undefined;
}

/**
 * What a new assembly keeps of the site: the remotes' versions (immutable: open tabs keep working, a
 * rollback is one manifest change) with their private source maps, and the operator's config.json.
 * Paths relative to the site root, `/`-separated.
 */
export const KEPT_ON_ASSEMBLY = ['remotes', 'config.json', `${SOURCE_MAPS_DIR}/remotes`];

/** Removes everything in the site folder but KEPT_ON_ASSEMBLY (and the folders that lead to them). */
export function clearSite(siteDir, keep = KEPT_ON_ASSEMBLY, relative = '') {
  for (const name of fs.readdirSync(path.join(siteDir, relative))) {
    const entry = relative === '' ? name : `${relative}/${name}`;
    if (keep.includes(entry)) continue;
    if (keep.some((kept) => kept.startsWith(`${entry}/`))) clearSite(siteDir, keep, entry);
    else fs.rmSync(path.join(siteDir, entry), { recursive: true, force: true });
  }
}

function assemble() {
  const shellDist = path.join(ROOT, 'shell', 'dist');
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) throw new Error('shell/dist is missing: build the shell first');
  const problem = shellBuildProblem(shellDist);
  if (problem) throw new Error(`shell/dist: ${problem}`);

  fs.mkdirSync(SITE_DIR, { recursive: true });
  clearSite(SITE_DIR);
  // The shell's scripts at the root, their source maps in the private folder (never served).
  copyPublic(shellDist, SITE_DIR);
  copySourceMaps(shellDist, path.join(SITE_DIR, SOURCE_MAPS_DIR));

  const manifest = { remotes: {} };
  for (const remote of Object.keys(REMOTE_DIRS)) {
    const version = publishRemote(remote);
    manifest.remotes[remote] = manifestEntry(remote, version);
  }
  writeJson(path.join(SITE_DIR, 'deployment.json'), manifest);

  // Runtime config: kept if an operator already edited it, else the defaults.
  const configFile = path.join(SITE_DIR, 'config.json');
  if (!readJson(configFile, null)) {
    writeJson(configFile, readJson(path.join(ROOT, 'shell', 'config.default.json')));
  }
  writeBuildMetadata(SITE_DIR);

  // The static site stylesheet linked from index.html, and the public pages as HTML (prerender.mjs).
  const buildFolder = (remote) => `${path.posix.dirname(manifest.remotes[remote].manifest)}/`;
  const prerendered = prerenderSite(SITE_DIR, buildFolder('marketing'), undefined, { build: buildFolder('auth') });

  // The shell (everything outside remotes/) and the versions that go live now; earlier versions
  // were compressed when they were published.
  const started = Date.now();
  const total = precompress(SITE_DIR, { skipDirs: ['remotes', '.release'] });
  for (const entry of Object.values(manifest.remotes)) {
    const versionDir = path.join(SITE_DIR, path.posix.dirname(entry.manifest));
    const s = precompress(versionDir, { siteRoot: SITE_DIR });
    for (const key of Object.keys(total)) total[key] += s[key];
  }
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`site assembled in ${path.relative(ROOT, SITE_DIR) || '.'}:`);
  for (const [remote, entry] of Object.entries(manifest.remotes)) console.log(`  ${remote.padEnd(10)} ${entry.version}`);
  console.log(`  styles ${prerendered.siteCssFile}, ${prerendered.marketingCssFile}; prerendered ${prerendered.written.length} pages`);
  console.log(
    `  precompressed ${total.files} files (${total.written} new) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${kb(total.bytes)} → ${kb(total.brBytes)} br, ${kb(total.gzBytes)} gzip`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) assemble();
