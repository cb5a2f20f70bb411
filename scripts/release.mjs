// Release tooling for one remote, no rebuild of anything else:
//   node scripts/release.mjs publish <remote> [distDir]   copy a build into its versioned folder
//   node scripts/release.mjs promote <remote> <version>   make that version live (swap or roll back)
//   node scripts/release.mjs status                        what is live, what is published
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_DIRS, SITE_DIR, publishRemote, readJson, setLiveVersion } from './lib.mjs';

const [command, remote, arg] = process.argv.slice(2);
const known = (r) => {
  if (!r || !Object.hasOwn(REMOTE_DIRS, r)) {
    console.error(`remote must be one of: ${Object.keys(REMOTE_DIRS).join(', ')}`);
    process.exit(2);
  }
  return r;
};

switch (command) {
  case 'publish': {
    const version = publishRemote(known(remote), arg ? path.resolve(arg) : undefined);
    console.log(version);
    break;
  }
  case 'promote': {
    if (!arg) {
      console.error('usage: release.mjs promote <remote> <version>');
      process.exit(2);
    }
    const previous = setLiveVersion(known(remote), arg);
    console.log(`${remote}: ${previous ?? '(none)'} → ${arg}`);
    break;
  }
  case 'status': {
    const manifest = readJson(path.join(SITE_DIR, 'deployment.json'), { remotes: {} });
    for (const r of Object.keys(REMOTE_DIRS)) {
      const dir = path.join(SITE_DIR, 'remotes', REMOTE_DIRS[r]);
      const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter((v) => !v.endsWith('.tmp')) : [];
      const live = manifest.remotes[r]?.version;
      console.log(`${r}: live ${live ?? '(none)'}; published ${versions.map((v) => (v === live ? `*${v}` : v)).join(', ') || '(none)'}`);
    }
    break;
  }
  default:
    console.error('usage: release.mjs publish|promote|status …');
    process.exit(2);
}
