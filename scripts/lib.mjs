// Helpers for the repository scripts (start, test, assemble, release). Node built-ins only, so they
// run before anything is installed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SITE_DIR = process.env.SITE_DIR ? path.resolve(process.env.SITE_DIR) : path.join(ROOT, '.site');
export const PNPM_VERSION = '10.34.8';

/**
 * The one list of remotes and dev ports, contracts/remotes.json (also read by the front-end code, the
 * rspack builds and the e2e tests). JSON, read with built-ins: these scripts run before any install.
 */
export const REMOTE_LIST = JSON.parse(fs.readFileSync(path.join(ROOT, 'contracts', 'remotes.json'), 'utf8'));
/** Package folder of each remote, by name (marketing → mfe-marketing, …). */
export const REMOTE_DIRS = Object.fromEntries(Object.entries(REMOTE_LIST.remotes).map(([name, r]) => [name, r.dir]));

/** Runs a command, inheriting stdio; rejects with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(Object.assign(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`), { code: code ?? 1 })),
    );
  });
}

/** pnpm 10 without a global install: `npx -y pnpm@10.x` (Node ≥ 20.19 and npm are all we need). */
export function pnpm(args, options) {
  return run('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args], options);
}

/**
 * The content hash of a build folder: what is served from it, so its source maps (kept private, see
 * SOURCE_MAPS_DIR) are not part of it: a build with or without maps is the same version.
 */
export function hashDir(dir) {
  const hash = createHash('sha256');
  const walk = (d) => {
    for (const name of fs.readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (!isSourceMap(full)) hash.update(path.relative(dir, full)).update('\0').update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * Where the builds' source maps are kept, relative to the site root (and as a release store's key
 * prefix): `.release/` is never served (a dot folder the server does not expose; keep it off the
 * CDN, as the history). The map of the public script `<path>.js` is `<SOURCE_MAPS_DIR>/<path>.js.map`:
 * `remotes/mfe-mypage/0.1.0-abc/page.1234.js` → `.release/sourcemaps/remotes/mfe-mypage/0.1.0-abc/page.1234.js.map`,
 * the shell's `assets/main.1234.js` → `.release/sourcemaps/assets/main.1234.js.map`. The API maps the
 * stack frames of field errors through them (api/src/modules/telemetry/source-maps.ts).
 */
export const SOURCE_MAPS_DIR = '.release/sourcemaps';

/** A source map of a build (`*.map`): never copied into the public tree. */
export const isSourceMap = (file) => file.endsWith('.map');

/** The files under `dir` (relative, `/`-separated), sorted. */
export function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Copies a build folder into the public tree (`publicDir`) without its source maps. */
export function copyPublic(distDir, publicDir) {
  fs.cpSync(distDir, publicDir, { recursive: true, filter: (source) => !isSourceMap(source) });
}

/** Copies a build's source maps into `privateDir` (the same relative paths). Returns how many. */
export function copySourceMaps(distDir, privateDir) {
  const maps = filesUnder(distDir).filter(isSourceMap);
  for (const file of maps) {
    fs.mkdirSync(path.dirname(path.join(privateDir, file)), { recursive: true });
    fs.copyFileSync(path.join(distDir, file), path.join(privateDir, file));
  }
  return maps.length;
}

/**
 * Keeps a remote version's source maps in `privateDir` unless that folder is there already
 * (immutable, as the versions; written whole or not at all). Returns the number of maps copied.
 */
export function keepSourceMaps(distDir, privateDir) {
  if (fs.existsSync(privateDir) || !filesUnder(distDir).some(isSourceMap)) return 0;
  const tmp = `${privateDir}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const copied = copySourceMaps(distDir, tmp);
  fs.mkdirSync(path.dirname(privateDir), { recursive: true });
  fs.renameSync(tmp, privateDir);
  return copied;
}

export function readJson(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

export function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(tmp, file); // atomic: a reader never sees half a manifest
}

/**
 * Copies a remote's build into its immutable, versioned folder under the site (its source maps into
 * the private SOURCE_MAPS_DIR) and returns the version (package version + content hash of what is
 * served). Publishing never changes what is live.
 */
export function publishRemote(remote, distDir = path.join(ROOT, REMOTE_DIRS[remote], 'dist'), siteDir = SITE_DIR) {
  if (!fs.existsSync(path.join(distDir, 'mf-manifest.json')))
    throw new Error(`${distDir} has no mf-manifest.json: build ${REMOTE_DIRS[remote]} first`);
  const pkg = readJson(path.join(ROOT, REMOTE_DIRS[remote], 'package.json'), { version: '0.0.0' });
  const version = `${pkg.version}-${hashDir(distDir).slice(0, 10)}`;
  const folder = path.join('remotes', REMOTE_DIRS[remote], version);
  const target = path.join(siteDir, folder);
  // The maps first (private, kept for a version published before without them): a published
  // version has its maps.
  keepSourceMaps(distDir, path.join(siteDir, SOURCE_MAPS_DIR, folder));
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    copyPublic(distDir, `${target}.tmp`);
    fs.renameSync(`${target}.tmp`, target);
  }
  return version;
}

export function manifestEntry(remote, version) {
  return { manifest: `/remotes/${REMOTE_DIRS[remote]}/${version}/mf-manifest.json`, version };
}

/** Points the deployment manifest at one version of one remote, and bumps builds/latest.json. */
export function setLiveVersion(remote, version, siteDir = SITE_DIR) {
  if (!isReleaseVersion(version)) throw new Error(`${remote}: ${JSON.stringify(version)} is not a release version`);
  const dir = path.join(siteDir, 'remotes', REMOTE_DIRS[remote], version);
  if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) throw new Error(`${remote} ${version} is not published in ${dir}`);
  const file = path.join(siteDir, 'deployment.json');
  const manifest = readJson(file, { remotes: {} });
  const previous = manifest.remotes[remote]?.version ?? null;
  manifest.remotes[remote] = manifestEntry(remote, version);
  writeJson(file, manifest);
  writeBuildMetadata(siteDir);
  return previous;
}

/** builds/latest.json: an id that changes whenever what the site runs changes. */
export function writeBuildMetadata(siteDir = SITE_DIR) {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(siteDir, 'deployment.json')));
  hash.update(fs.readFileSync(path.join(siteDir, 'index.html')));
  writeJson(path.join(siteDir, 'builds', 'latest.json'), { id: hash.digest('hex').slice(0, 16), builtAt: new Date().toISOString() });
}

/**
 * A release version: `<package version>-<the first 10 hex digits of the build's hash>`, as publish
 * makes them (`0.1.0-25c9b4226a`; a prerelease package version such as `1.2.3-beta.1` included). It
 * becomes a folder name in the store, so nothing else is accepted where one goes: never a path
 * (`../shell`, `a/b`), never empty, at most 80 characters.
 */
const RELEASE_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?-[0-9a-f]{10}$/;
export function isReleaseVersion(value) {
  return typeof value === 'string' && value.length <= 80 && RELEASE_VERSION.test(value);
}
