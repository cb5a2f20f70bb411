// `npm start`: install, build (the site, and the API compiled to plain JavaScript), then serve the whole site and the API on one origin
// (http://localhost:3000, PORT overrides) on the embedded PostgreSQL unless DATABASE_URL is set.
import { ROOT, pnpm } from './lib.mjs';

const step = (text) => console.log(`\n▶ ${text}`);
try {
  step('Installing dependencies (pnpm, frozen lockfile)');
  await pnpm(['install', '--frozen-lockfile']);
  step('Building the shell and the four remotes, assembling .site/');
  await pnpm(['run', 'build']);
  step('Compiling the API server (esbuild: api/dist/server.mjs)');
  await pnpm(['--filter', '@app/api', 'run', 'build']);
  step('Starting the API server and the site (node api/dist/server.mjs; migrations are applied on start)');
  await pnpm(['--filter', '@app/api', 'run', 'start:dist'], { cwd: ROOT });
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(error.code ?? 1);
}
