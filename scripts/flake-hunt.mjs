#!/usr/bin/env node
// Runs the whole Playwright suite several times in a row, optionally with the machine's CPUs kept
// busy, and prints each test that failed in any run (issue 24: browser tests must wait on what the
// application says, never on time — a test that passes only on an idle machine is found here, not in
// CI). The suite runs as CI runs it: against the production build in .site/, no retries.
//
//   node scripts/flake-hunt.mjs --runs 3 --stress            # 3 runs, one busy thread per core
//   node scripts/flake-hunt.mjs --runs 5 --stress=4 -- --project=phone tests/entry-life.spec.ts
//   node scripts/flake-hunt.mjs --runs 2 --build             # build the site first
//
// Exit status 0 only when every run passed. Each run's JSON report: e2e/reports/flake-hunt-<n>.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = path.join(root, 'e2e');

/** `--runs N`, `--stress[=K]`, `--build`, and everything after `--` for Playwright. */
export function parseArgs(argv) {
  const options = { runs: 3, stress: 0, build: false, playwright: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      options.playwright = argv.slice(i + 1);
      break;
    }
    if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg.startsWith('--runs=')) options.runs = Number(arg.slice('--runs='.length));
    else if (arg === '--stress') options.stress = os.availableParallelism();
    else if (arg.startsWith('--stress=')) options.stress = Number(arg.slice('--stress='.length));
    else if (arg === '--build') options.build = true;
    else throw new Error(`unknown option ${arg} (--runs N, --stress[=threads], --build, -- <playwright args>)`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs needs a whole number of 1 or more');
  if (!Number.isInteger(options.stress) || options.stress < 0) throw new Error('--stress=K needs a whole number of threads');
  return options;
}

/** Every test result of a Playwright JSON report: `{ id, title, project, status, error }`. */
export function resultsOf(report) {
  const rows = [];
  const walk = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        const error = last?.error?.message ?? last?.errors?.[0]?.message ?? '';
        rows.push({
          id: `[${test.projectName}] ${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}`,
          status: test.status, // expected | unexpected | flaky | skipped
          error: error.split('\n').find((line) => line.trim() !== '') ?? '',
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return rows;
}

/** Failures per test over the runs, most failing first: `[{ id, failures, errors }]`. */
export function tally(runs) {
  const byTest = new Map();
  for (const rows of runs) {
    for (const row of rows) {
      if (row.status !== 'unexpected' && row.status !== 'flaky') continue;
      const entry = byTest.get(row.id) ?? { id: row.id, failures: 0, errors: [] };
      entry.failures += 1;
      if (row.error) entry.errors.push(row.error);
      byTest.set(row.id, entry);
    }
  }
  return [...byTest.values()].sort((a, b) => b.failures - a.failures || a.id.localeCompare(b.id));
}

/** Busy threads: the load of a shared CI machine or a phone-class CPU, on purpose. */
function startStress(threads) {
  const workers = [];
  for (let i = 0; i < threads; i += 1) {
    workers.push(new Worker('for (;;) { Math.sqrt(Math.random()); }', { eval: true }));
  }
  return () => Promise.all(workers.map((worker) => worker.terminate()));
}

function runSuite(run, playwrightArgs) {
  const report = path.join(e2eDir, 'reports', `flake-hunt-${run}.json`);
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', '--retries=0', '--reporter=dot,json', ...playwrightArgs], {
      cwd: e2eDir,
      env: { ...process.env, CI: process.env.CI ?? '1', PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('close', (code) => {
      const rows = fs.existsSync(report) ? resultsOf(JSON.parse(fs.readFileSync(report, 'utf8'))) : [];
      resolve({ code: code ?? 1, rows });
    });
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.build) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  if (!fs.existsSync(path.join(root, '.site', 'index.html'))) {
    console.error('flake-hunt: no production build in .site/ (run `npm run build`, or pass --build)');
    process.exit(2);
  }
  console.log(
    `flake-hunt: ${options.runs} run(s) of the Playwright suite, ${options.stress} busy thread(s) on ${os.availableParallelism()} core(s)`,
  );
  const stopStress = startStress(options.stress);
  const runs = [];
  const summaries = [];
  try {
    for (let run = 1; run <= options.runs; run += 1) {
      const started = Date.now();
      console.log(`\n── run ${run}/${options.runs} ──`);
      const { code, rows } = await runSuite(run, options.playwright);
      runs.push(rows);
      const failed = rows.filter((r) => r.status === 'unexpected' || r.status === 'flaky').length;
      const passed = rows.filter((r) => r.status === 'expected').length;
      const seconds = Math.round((Date.now() - started) / 1000);
      summaries.push({ run, code, passed, failed, seconds });
      if (rows.length === 0 && code !== 0) summaries.at(-1).failed = Number.NaN;
    }
  } finally {
    await stopStress();
  }

  console.log('\n── flake-hunt summary ──');
  for (const s of summaries) {
    const failed = Number.isNaN(s.failed) ? 'the run did not start (no report)' : `${s.failed} failed`;
    console.log(`run ${s.run}: ${s.passed} passed, ${failed}, exit ${s.code}, ${s.seconds} s`);
  }
  const failing = tally(runs);
  if (failing.length === 0) console.log(`no test failed in ${options.runs} run(s)`);
  for (const test of failing) {
    console.log(`${test.failures}/${options.runs}  ${test.id}`);
    for (const error of new Set(test.errors)) console.log(`      ${error.slice(0, 200)}`);
  }
  const ok = summaries.every((s) => s.code === 0) && failing.length === 0;
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
