// The shell: the only host. It knows no remote at build time; /deployment.json names them.
// A production build also makes the after-paint loader (shell/src/after-paint/loader.ts) and
// loader.json, the record the server reads (shared/build/after-paint.mjs). The dev server serves
// the shell's own index.html (its deferred script as is): the host alone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterPaintBuild, hostConfig } from '@app/shared/build/federation';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const host = { ...hostConfig({ dir, mode }), name: 'shell' };
  if (mode !== 'production') return host;
  const afterPaint = afterPaintBuild({ hostName: host.name });
  return [{ ...host, plugins: [...host.plugins, afterPaint.hostPlugin] }, afterPaint.loaderConfig(host)];
};
