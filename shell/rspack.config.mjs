// The shell: the only host. It knows no remote at build time; /deployment.json names them.
// A production build also makes the after-paint loader (shell/src/after-paint/loader.ts) and
// loader.json, the record the server reads (shared/build/after-paint.mjs). The dev server serves
// the shell's own index.html (its deferred script as is): the host alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { afterPaintBuild, hostConfig } from '@app/shared/build/federation';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The shell's own version, for field telemetry's tags (the remotes' come from the deployment
 * manifest): SHELL_VERSION if set, else `<package version>-<10 hex digits of the commit>`, else the
 * package version alone (no git, e.g. a tarball).
 */
function shellVersion() {
  if (process.env.SHELL_VERSION) return process.env.SHELL_VERSION;
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return /^[0-9a-f]{10}$/.test(commit) ? `${version}-${commit}` : version;
  } catch {
    return version;
  }
}

export default (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const base = hostConfig({ dir, mode });
  const host = {
    ...base,
    name: 'shell',
    plugins: [...base.plugins, new rspack.DefinePlugin({ __SHELL_VERSION__: JSON.stringify(shellVersion()) })],
  };
  if (mode !== 'production') return host;
  const afterPaint = afterPaintBuild({ hostName: host.name });
  return [{ ...host, plugins: [...host.plugins, afterPaint.hostPlugin] }, afterPaint.loaderConfig(host)];
};
