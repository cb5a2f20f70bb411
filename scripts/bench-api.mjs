// `npm run bench` (issue 12), the API part for now: compiles the API (api/dist/server.mjs) and runs
// api/src/scripts/bench-api.ts, which starts it on an embedded PostgreSQL next to a bare Fastify + pg
// baseline and prints one table (req/s, p50, p99, ratio to the baseline in the same run). Needs wrk
// (apt-get install wrk). The browser part (Lighthouse against a plain SPA, cross-remote navigation)
// is not written yet. Not part of `npm test` or CI.
import { pnpm } from './lib.mjs';

try {
  await pnpm(['--filter', '@app/api', 'run', 'bench:api']);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(error.code ?? 1);
}
