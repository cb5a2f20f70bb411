import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteDir } from './remotes';
import { seedStaffAccounts } from './seed-staff';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const SWAP_FILE = path.join(here, 'test-results', 'swap-version.json');

/**
 * The swap test needs a second build of one remote, published next to the live one but not live:
 * the marketing remote built again with BUILD_LABEL=swap-test. Nothing else is rebuilt.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(root, '.site', 'deployment.json'))) {
    throw new Error('The site is not built: run `pnpm build` (or `npm test`) first.');
  }
  // Normally done before the API server started (playwright.config.ts); a server that was already
  // running (reuseExistingServer) gets them now, through its own database connection.
  seedStaffAccounts();
  const dir = remoteDir('marketing');
  const out = path.join(root, '.data', 'e2e-builds', `${dir}-swap`);
  execFileSync(
    process.execPath,
    [path.join(root, dir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '--mode', 'production'],
    {
      cwd: path.join(root, dir),
      env: { ...process.env, BUILD_LABEL: 'swap-test', OUT_DIR: out },
      stdio: 'pipe',
    },
  );
  const version = execFileSync(
    process.execPath,
    [path.join(root, 'scripts', 'release.mjs'), 'publish', 'marketing', out, '--existing-ok'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  ).trim();
  fs.mkdirSync(path.dirname(SWAP_FILE), { recursive: true });
  fs.writeFileSync(SWAP_FILE, JSON.stringify({ remote: 'marketing', version }));
}
