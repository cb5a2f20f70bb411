// `npm run bench` (issue 12): builds what it needs and prints one table, each figure next to a
// baseline measured in the same run, with the ratio and the target.
//   npm run bench                   everything (≈ 25 min: Lighthouse medians of 5, wrk rounds)
//   npm run bench -- --quick        one Lighthouse run per page and preset (≈ 6 min)
//   npm run bench -- --only=web     the browser half; --only=api the API half
//   npm run bench -- --no-build     use the .site and api/dist already built
// The API half is api/src/scripts/bench-api.ts (wrk against a bare Fastify + pg endpoint) and
// bench-upload-rss.ts; the browser half is web.mjs. Loopback only. Not part of `npm test`
// (table.test.mjs tests the pure parts). Exit 1 when a target is missed or a step fails.
import { spawnSync } from 'node:child_process';
import { ROOT, pnpm } from '../lib.mjs';
import { formatTable, parseApiTable, parseArgs, parseStaffBench } from './table.mjs';

const PNPM = ['-y', 'pnpm@10.34.8'];

/** Runs a pnpm script, echoing and returning its output. */
function pnpmOutput(args, env = {}) {
  const result = spawnSync('npx', [...PNPM, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  return { ok: result.status === 0, output: result.stdout ?? '' };
}

function apiRows(quick) {
  const rows = [];
  const bench = pnpmOutput(['--filter', '@app/api', 'run', 'bench:api'], quick ? { BENCH_ROUNDS: '1' } : {});
  const table = parseApiTable(bench.output);
  const pairs = [
    ['POST /api/me/ (logged in)', 'bare: the same query (+ profile files)', true],
    ['PATCH /api/profile/ (a save)', 'bare: join + user update', false],
  ];
  for (const [name, bare, checked] of pairs) {
    const own = table.get(name);
    const base = table.get(bare);
    if (!own || !base) continue;
    rows.push({
      name: `${name} req/s, 32 conn.`,
      site: own.rps,
      baseline: base.rps,
      unit: 'count',
      target: checked ? { check: (r) => r.site >= 0.8 * r.baseline, text: '≥ 0.8×' } : undefined,
    });
    rows.push({
      name: `${name} p99`,
      site: own.p99,
      baseline: base.p99,
      unit: 'ms-precise',
      target: checked ? { check: (r) => r.site <= 10, text: '≤ 10 ms' } : undefined,
    });
  }
  const upload = pnpmOutput(['--filter', '@app/api', 'run', 'bench:upload']);
  const match = upload.output.match(/upload of ([\d.]+) MB[\s\S]*?rise ([\d.]+) MB/);
  if (match) {
    const mb = 1024 * 1024;
    rows.push({
      name: 'upload: API RSS rise vs file size',
      site: Number(match[2]) * mb,
      baseline: Number(match[1]) * mb,
      unit: 'MB',
      target: { check: (r) => r.site <= 32 * mb, text: '≤ 32 MB' },
    });
  }
  // The back office at scale (issue 25): 10,000 applicants and 20,000 entries seeded into a
  // throwaway database; each page's API call against the staff session read of the same run.
  const staff = pnpmOutput(['--filter', '@app/api', 'run', 'bench:staff'], quick ? { BENCH_ROUNDS: '1' } : {});
  const staffLines = parseStaffBench(staff.output);
  for (const line of staffLines) {
    rows.push({
      name: `${line.name} p95 (10k/20k)`,
      site: line.p95,
      baseline: line.baselineP95,
      unit: 'ms-precise',
      target: { check: (r) => r.site <= 50, text: '≤ 50 ms' },
    });
  }
  return { rows, ok: bench.ok && upload.ok && match !== null && staffLines.length > 0 };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  if (options.build) {
    if (options.only !== 'api') await pnpm(['run', 'build']);
    await pnpm(['--filter', '@app/api', 'run', 'build']);
  }
  const rows = [];
  let ok = true;
  if (options.only !== 'api') {
    const { benchWeb } = await import('./web.mjs');
    rows.push(...(await benchWeb({ runs: options.quick ? 1 : 5 })));
  }
  if (options.only !== 'web') {
    const api = apiRows(options.quick);
    rows.push(...api.rows);
    ok &&= api.ok;
  }
  console.log(
    `\nnpm run bench${options.quick ? ' --quick' : ''}: site vs baseline measured in the same run ` +
      `(web: the plain single-bundle SPA; API: a bare Fastify + pg endpoint; back office: the staff session read; rebuild: the plain SPA's whole build; upload: the file's size), ` +
      `${Math.round((Date.now() - started) / 60_000)} min\n`,
  );
  console.log(formatTable(rows, { baselineName: 'baseline' }));
  const missed = rows.filter((row) => row.target && !row.target.check(row));
  if (missed.length > 0) console.log(`\n${missed.length} target(s) missed.`);
  return ok && missed.length === 0 ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\n✖ ${error.stack ?? error.message}`);
  process.exitCode = 1;
}
