// Fixtures of the release tests: a site folder with a shell, and remote builds as rspack leaves
// them (an mf-manifest.json with the shared singletons and exposes, an entry, a chunk).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** The shared singletons as the shell and a compatible remote are built with. */
export const SHARED_NOW = {
  react: '19.2.9',
  'react-dom': '19.2.9',
  'react-router-dom': '7.18.5',
  zustand: '5.1.0',
  '@app/shared': '0.2.0',
  '@app/shared/core': '0.2.0',
};

export function sharedList(versions) {
  return Object.entries(versions).map(([name, version]) => ({
    id: `x:${name}`,
    name,
    version,
    requiredVersion: `^${version}`,
    singleton: true,
    assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
  }));
}

/** A site folder as assemble-site leaves it: the shell's index.html and mf-manifest.json. */
export function makeSite(dir, shared = SHARED_NOW) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'shell', shared: sharedList(shared), exposes: [] }));
  return dir;
}

/** A remote's build: `label` makes its content (and so its version) distinct. */
export function fakeDist(parent, name, label, { shared = SHARED_NOW, exposes = ['./lifecycles'], maps = false } = {}) {
  const dir = path.join(parent, name);
  fs.mkdirSync(path.join(dir, 'chunks'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'x',
      label,
      shared: sharedList(shared),
      exposes: exposes.map((p) => ({ id: `x:${p}`, name: p.slice(2), path: p })),
    }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${label} */`);
  fs.writeFileSync(path.join(dir, 'chunks', 'page.js'), `export const label = ${JSON.stringify(label)};`);
  if (maps) {
    // Hidden source maps, as the production builds write them (no sourceMappingURL in the scripts).
    const map = (file) => JSON.stringify({ version: 3, file, sources: [`webpack://x/./src/${label}.ts`], names: [], mappings: 'AAAA' });
    fs.writeFileSync(path.join(dir, 'remoteEntry.js.map'), map('remoteEntry.js'));
    fs.writeFileSync(path.join(dir, 'chunks', 'page.js.map'), map('page.js'));
  }
  return dir;
}

const CLI = path.join(ROOT, 'scripts', 'release.mjs');

/** Runs the CLI on a site folder, synchronously. */
export function releaseSync(site, args, env = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, SITE_DIR: site, RELEASE_WHO: 'tester', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

/** Runs the CLI as a separate process, resolving when it exits (for parallel runs). */
export function releaseAsync(site, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, SITE_DIR: site, RELEASE_WHO: 'tester', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    // 'close', not 'exit': the child may have exited before its last output was read (seen on a
    // loaded machine: a conflict's exit code 3 with its message still in the pipe).
    child.on('close', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim(), args }));
  });
}
