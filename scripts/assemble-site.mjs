// Assembles the deployable site in .site/ from the builds: the shell at the root, every remote in
// its immutable versioned folder, the deployment manifest, runtime config and build metadata.
// Earlier remote versions stay (open tabs keep working; a rollback is one manifest change).
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_DIRS, ROOT, SITE_DIR, manifestEntry, publishRemote, readJson, writeBuildMetadata, writeJson } from './lib.mjs';

const shellDist = path.join(ROOT, 'shell', 'dist');
if (!fs.existsSync(path.join(shellDist, 'index.html'))) throw new Error('shell/dist is missing: build the shell first');

fs.mkdirSync(SITE_DIR, { recursive: true });
for (const name of fs.readdirSync(SITE_DIR)) {
  if (name !== 'remotes' && name !== 'config.json') fs.rmSync(path.join(SITE_DIR, name), { recursive: true, force: true });
}
fs.cpSync(shellDist, SITE_DIR, { recursive: true });

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
console.log(`site assembled in ${path.relative(ROOT, SITE_DIR) || '.'}:`);
for (const [remote, entry] of Object.entries(manifest.remotes)) console.log(`  ${remote.padEnd(10)} ${entry.version}`);
