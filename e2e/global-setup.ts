import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteDir, type RemoteName } from './remotes';
import { seedStaffAccounts } from './seed-staff';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const SWAP_FILE = path.join(here, 'test-results', 'swap-version.json');
/** The canary that fails (release-watch.spec.ts): mypage built to throw as it renders its page. */
export const FAULT_FILE = path.join(here, 'test-results', 'fault-version.json');

const run = promisify(execFile);

/** Builds a remote again with a BUILD_LABEL into its own folder and publishes it (not live): its version. */
async function labelledBuild(remote: RemoteName, label: string, name: string): Promise<string> {
  const dir = remoteDir(remote);
  const out = path.join(root, '.data', 'e2e-builds', `${dir}-${name}`);
  await run(
    process.execPath,
    [path.join(root, dir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '--mode', 'production'],
    {
      cwd: path.join(root, dir),
      env: { ...process.env, BUILD_LABEL: label, OUT_DIR: out },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return execFileSync(process.execPath, [path.join(root, 'scripts', 'release.mjs'), 'publish', remote, out, '--existing-ok'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
}

/**
 * The release tests need other builds of two remotes, published next to the live ones but not live:
 * marketing built again with BUILD_LABEL=swap-test (the swap, the staff preview and the healthy
 * canary), and mypage with BUILD_LABEL=fault:throw-on-mount (the canary the watch aborts). Nothing
 * else is rebuilt; the two builds run side by side.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(root, '.site', 'deployment.json'))) {
    throw new Error('The site is not built: run `pnpm build` (or `npm test`) first.');
  }
  // Normally done before the API server started (playwright.config.ts); a server that was already
  // running (reuseExistingServer) gets them now, through its own database connection.
  seedStaffAccounts();
  const [swap, fault] = await Promise.all([
    labelledBuild('marketing', 'swap-test', 'swap'),
    labelledBuild('mypage', 'fault:throw-on-mount', 'fault'),
  ]);
  fs.mkdirSync(path.dirname(SWAP_FILE), { recursive: true });
  fs.writeFileSync(SWAP_FILE, JSON.stringify({ remote: 'marketing', version: swap }));
  fs.writeFileSync(FAULT_FILE, JSON.stringify({ remote: 'mypage', version: fault }));
}
