// The release helpers of scripts/lib.mjs on a throwaway site
// folder: publish (immutable, idempotent), promote (setLiveVersion), the build metadata, as
// scripts/assemble-site.mjs uses them. The release CLI itself: release-cli.test.mjs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { REMOTE_DIRS, ROOT, SOURCE_MAPS_DIR, hashDir, publishRemote, readJson, setLiveVersion, writeBuildMetadata } from './lib.mjs';

let tmp;
let site;
const PACKAGE_VERSION = readJson(path.join(ROOT, REMOTE_DIRS.marketing, 'package.json')).version;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-helpers-'));
  site = path.join(tmp, 'site');
  fs.mkdirSync(site);
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>shell</title>');
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A remote's build output as rspack leaves it: a manifest, an entry and a chunk in a subfolder. */
function fakeDist(parent, name, label) {
  const dir = path.join(parent, name);
  fs.mkdirSync(path.join(dir, 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'marketing', label }));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${label} */`);
  fs.writeFileSync(path.join(dir, 'chunks', 'page.js'), `export const label = ${JSON.stringify(label)};`);
  return dir;
}

/** Every file and folder under dir, relative, sorted. */
function tree(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((p) => p.split(path.sep).join('/'))
    .sort();
}

const published = (version) => path.join(site, 'remotes', REMOTE_DIRS.marketing, version);
const deploymentFile = () => path.join(site, 'deployment.json');
const latestId = () => readJson(path.join(site, 'builds', 'latest.json')).id;

describe('publishRemote', () => {
  test('copies the build into remotes/<package folder>/<package version>-<content hash>/ and changes nothing live', () => {
    const dist = fakeDist(tmp, 'dist', 'a');
    const version = publishRemote('marketing', dist, site);
    expect(version).toMatch(new RegExp(`^${PACKAGE_VERSION.replaceAll('.', '\\.')}-[0-9a-f]{10}$`));
    expect(tree(published(version))).toEqual(['chunks', 'chunks/page.js', 'mf-manifest.json', 'remoteEntry.js']);
    expect(fs.readFileSync(path.join(published(version), 'chunks', 'page.js'), 'utf8')).toBe('export const label = "a";');
    expect(fs.existsSync(deploymentFile())).toBe(false);
    expect(fs.existsSync(path.join(site, 'builds'))).toBe(false);
  });

  test('the same content gives the same version, and the published folder is not rewritten', () => {
    const version = publishRemote('marketing', fakeDist(tmp, 'dist', 'a'), site);
    const entry = path.join(published(version), 'remoteEntry.js');
    const before = fs.statSync(entry);
    // Left in the published folder: a rewrite (copy over, or replace the folder) would lose it.
    fs.writeFileSync(path.join(published(version), 'marker'), 'still here');

    const again = publishRemote('marketing', fakeDist(tmp, 'rebuilt-elsewhere', 'a'), site);
    expect(again).toBe(version);
    expect(fs.readFileSync(path.join(published(version), 'marker'), 'utf8')).toBe('still here');
    expect(fs.statSync(entry).ino).toBe(before.ino);
    expect(fs.statSync(entry).mtimeMs).toBe(before.mtimeMs);
    expect(fs.readdirSync(path.join(site, 'remotes', REMOTE_DIRS.marketing))).toEqual([version]);
  });

  test('other content gives another version, published beside the first', () => {
    const a = publishRemote('marketing', fakeDist(tmp, 'dist-a', 'a'), site);
    const b = publishRemote('marketing', fakeDist(tmp, 'dist-b', 'b'), site);
    expect(b).not.toBe(a);
    expect(fs.readdirSync(path.join(site, 'remotes', REMOTE_DIRS.marketing)).sort()).toEqual([a, b].sort());
    expect(fs.readFileSync(path.join(published(a), 'remoteEntry.js'), 'utf8')).toBe('/* a */');
    expect(fs.readFileSync(path.join(published(b), 'remoteEntry.js'), 'utf8')).toBe('/* b */');
  });

  test('a folder without mf-manifest.json is refused and nothing is written', () => {
    const dist = fakeDist(tmp, 'dist', 'a');
    fs.rmSync(path.join(dist, 'mf-manifest.json'));
    expect(() => publishRemote('marketing', dist, site)).toThrow(/has no mf-manifest\.json: build mfe-marketing first/);
    expect(fs.existsSync(path.join(site, 'remotes'))).toBe(false);
  });

  test('the source maps go to the private .release/sourcemaps/ folder, never into the public one; the version is that of what is served', () => {
    const plain = fakeDist(tmp, 'plain', 'a');
    const dist = fakeDist(tmp, 'dist', 'a');
    fs.writeFileSync(path.join(dist, 'remoteEntry.js.map'), '{"version":3}');
    fs.writeFileSync(path.join(dist, 'chunks', 'page.js.map'), '{"version":3,"x":1}');
    expect(hashDir(dist)).toBe(hashDir(plain));
    const version = publishRemote('marketing', dist, site);
    expect(tree(published(version))).toEqual(['chunks', 'chunks/page.js', 'mf-manifest.json', 'remoteEntry.js']);
    const maps = path.join(site, SOURCE_MAPS_DIR, 'remotes', REMOTE_DIRS.marketing, version);
    expect(maps).toBe(path.join(site, '.release', 'sourcemaps', 'remotes', 'mfe-marketing', version));
    expect(tree(maps)).toEqual(['chunks', 'chunks/page.js.map', 'remoteEntry.js.map']);
    expect(fs.readFileSync(path.join(maps, 'chunks', 'page.js.map'), 'utf8')).toBe('{"version":3,"x":1}');
    // Published again (the same version): the maps kept are the first ones.
    fs.writeFileSync(path.join(dist, 'remoteEntry.js.map'), '{"version":3,"other":true}');
    expect(publishRemote('marketing', dist, site)).toBe(version);
    expect(fs.readFileSync(path.join(maps, 'remoteEntry.js.map'), 'utf8')).toBe('{"version":3}');
    expect(tree(site).filter((p) => p.includes('.tmp'))).toEqual([]);
  });

  test('a version published without maps gets them from a build that has them', () => {
    const version = publishRemote('marketing', fakeDist(tmp, 'plain', 'a'), site);
    const maps = path.join(site, SOURCE_MAPS_DIR, 'remotes', REMOTE_DIRS.marketing, version);
    expect(fs.existsSync(maps)).toBe(false);
    const dist = fakeDist(tmp, 'dist', 'a');
    fs.writeFileSync(path.join(dist, 'remoteEntry.js.map'), '{"version":3}');
    expect(publishRemote('marketing', dist, site)).toBe(version);
    expect(tree(maps)).toEqual(['remoteEntry.js.map']);
    expect(tree(published(version))).not.toContain('remoteEntry.js.map');
  });

  test('leaves no .tmp folder behind', () => {
    publishRemote('marketing', fakeDist(tmp, 'dist', 'a'), site);
    expect(tree(site).filter((p) => p.includes('.tmp'))).toEqual([]);
  });
});

describe('setLiveVersion (promote)', () => {
  let a;
  let b;
  const AUTH_ENTRY = { manifest: '/remotes/mfe-auth/1/mf-manifest.json', version: '1' };
  beforeEach(() => {
    a = publishRemote('marketing', fakeDist(tmp, 'dist-a', 'a'), site);
    b = publishRemote('marketing', fakeDist(tmp, 'dist-b', 'b'), site);
    fs.writeFileSync(deploymentFile(), JSON.stringify({ remotes: { auth: AUTH_ENTRY } }));
  });

  test('points deployment.json at the version and returns the previous one; other remotes stay', () => {
    expect(setLiveVersion('marketing', a, site)).toBeNull();
    expect(readJson(deploymentFile()).remotes).toEqual({
      auth: AUTH_ENTRY,
      marketing: { manifest: `/remotes/mfe-marketing/${a}/mf-manifest.json`, version: a },
    });

    expect(setLiveVersion('marketing', b, site)).toBe(a);
    expect(readJson(deploymentFile()).remotes.marketing).toEqual({ manifest: `/remotes/mfe-marketing/${b}/mf-manifest.json`, version: b });

    // Rolling back is the same operation.
    expect(setLiveVersion('marketing', a, site)).toBe(b);
    expect(readJson(deploymentFile()).remotes.marketing.version).toBe(a);
    expect(readJson(deploymentFile()).remotes.auth).toEqual(AUTH_ENTRY);
  });

  test('an unpublished version throws and leaves deployment.json and builds/latest.json as they were', () => {
    setLiveVersion('marketing', a, site);
    const manifestBefore = fs.readFileSync(deploymentFile(), 'utf8');
    const latestBefore = fs.readFileSync(path.join(site, 'builds', 'latest.json'), 'utf8');

    expect(() => setLiveVersion('marketing', '9.9.9-0123456789', site)).toThrow(/marketing 9\.9\.9-0123456789 is not published/);
    // A folder without a manifest (a copy that never finished) is not published either.
    fs.mkdirSync(published('0.0.1-00000000aa'), { recursive: true });
    expect(() => setLiveVersion('marketing', '0.0.1-00000000aa', site)).toThrow(/is not published/);
    // Never a path: `../` would leave the remote's folder.
    expect(() => setLiveVersion('marketing', '../mfe-auth/0.1.0-0123456789', site)).toThrow(/is not a release version/);

    expect(fs.readFileSync(deploymentFile(), 'utf8')).toBe(manifestBefore);
    expect(fs.readFileSync(path.join(site, 'builds', 'latest.json'), 'utf8')).toBe(latestBefore);
  });

  test('builds/latest.json gets a new id when the live version changes, the same id when nothing changes', () => {
    setLiveVersion('marketing', a, site);
    const idA = latestId();
    expect(idA).toMatch(/^[0-9a-f]{16}$/);

    setLiveVersion('marketing', b, site);
    const idB = latestId();
    expect(idB).not.toBe(idA);

    setLiveVersion('marketing', b, site);
    expect(latestId()).toBe(idB);

    // Back to what ran before: the id that went with it.
    setLiveVersion('marketing', a, site);
    expect(latestId()).toBe(idA);
  });

  test('deployment.json is replaced at once (a reader of the old file still reads all of it) and no .tmp is left', () => {
    setLiveVersion('marketing', a, site);
    const oldText = fs.readFileSync(deploymentFile(), 'utf8');
    const oldInode = fs.statSync(deploymentFile()).ino;
    const reader = fs.openSync(deploymentFile(), 'r');
    try {
      setLiveVersion('marketing', b, site);
      // Written to a new file and renamed over the old one, never rewritten in place.
      expect(fs.statSync(deploymentFile()).ino).not.toBe(oldInode);
      const buffer = Buffer.alloc(oldText.length + 100);
      const read = fs.readSync(reader, buffer, 0, buffer.length, 0);
      expect(buffer.subarray(0, read).toString('utf8')).toBe(oldText);
    } finally {
      fs.closeSync(reader);
    }
    expect(JSON.parse(fs.readFileSync(deploymentFile(), 'utf8')).remotes.marketing.version).toBe(b);
    expect(tree(site).filter((p) => p.endsWith('.tmp'))).toEqual([]);
  });
});

describe('writeBuildMetadata', () => {
  beforeEach(() => {
    fs.writeFileSync(deploymentFile(), JSON.stringify({ remotes: {} }));
  });

  test('writes builds/latest.json: an id of what the site runs and when it was written', () => {
    const before = Date.now();
    writeBuildMetadata(site);
    const latest = readJson(path.join(site, 'builds', 'latest.json'));
    expect(Object.keys(latest).sort()).toEqual(['builtAt', 'id']);
    expect(latest.id).toMatch(/^[0-9a-f]{16}$/);
    expect(Date.parse(latest.builtAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  test('a new shell (index.html) is a new id; writing again without a change keeps it', () => {
    writeBuildMetadata(site);
    const first = latestId();
    writeBuildMetadata(site);
    expect(latestId()).toBe(first);
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>shell v2</title>');
    writeBuildMetadata(site);
    expect(latestId()).not.toBe(first);
  });

  test('without a deployment manifest there is nothing to describe: it throws', () => {
    fs.rmSync(deploymentFile());
    expect(() => writeBuildMetadata(site)).toThrow(/deployment\.json/);
    expect(fs.existsSync(path.join(site, 'builds', 'latest.json'))).toBe(false);
  });
});
