// `npm test`: install, then every test: typecheck, lint, the dependency rules, unit tests (incl.
// API integration tests on a real embedded PostgreSQL), the production build, and the browser tests
// in Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PNPM_VERSION, ROOT, pnpm, readJson, run } from './lib.mjs';

const UNIT_REPORT = path.join(ROOT, '.data', 'reports', 'unit.json');
const E2E_REPORT = path.join(ROOT, 'e2e', 'reports', 'results.json');
for (const report of [UNIT_REPORT, E2E_REPORT]) fs.rmSync(report, { force: true });

const started = Date.now();
/** Each step's name and start: their wall times are printed at the end (where CI's minutes go). */
const steps = [];
const step = (text) => {
  steps.push({ text, started: Date.now() });
  console.log(`\n▶ ${text}`);
};
function timings() {
  steps.forEach(({ text, started }, i) => {
    const seconds = Math.round(((steps[i + 1]?.started ?? Date.now()) - started) / 1000);
    console.log(`${String(seconds).padStart(5)} s  ${text}`);
  });
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `✖ The browser tests need Chromium at ${chromium}.\n  Debian/Ubuntu: sudo apt-get install -y chromium fonts-ipafont-gothic\n  Elsewhere: set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
  process.exit(1);
}
try {
  step('Installing dependencies (pnpm, frozen lockfile)');
  await pnpm(['install', '--frozen-lockfile']);
  step('Format check, typecheck, lint and the dependency rules');
  // Side by side: ESLint works on one core, the typecheck's tsc processes on both; the format check
  // and the dependency rules fit in beside them. Each one's output is printed when it ends.
  // No cycles, the pure contracts, remotes apart, the API's layers (.dependency-cruiser.cjs): a
  // violation prints the rule's name and the import, and fails the run.
  await together([
    [['run', 'lint']],
    [
      ['run', 'typecheck'],
      ['run', 'format:check'],
      ['run', 'lint:deps'],
    ],
  ]);
  step('Unit and API integration tests');
  await pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${UNIT_REPORT}`]);
  step('Unit and API tests again on Node 24 (the current LTS, from the npm registry)');
  await run(process.execPath, [path.join(ROOT, 'scripts', 'test-node24.mjs')]);
  step('Domain coverage gate (100% lines and branches)');
  await pnpm(['--filter', '@app/contracts', 'run', 'test:domain']);
  step('Domain mutation testing (StrykerJS, incremental; fails below 85%)');
  // Only the mutants of what changed since the committed results run (README, "Mutation
  // testing"); the run writes its results to a copy, so that the committed file changes only when
  // a developer refreshes it.
  const incremental = path.join(ROOT, '.data', 'reports', 'stryker-incremental.json');
  fs.mkdirSync(path.dirname(incremental), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'contracts', 'stryker-incremental.json'), incremental);
  await pnpm(['--filter', '@app/contracts', 'run', 'mutation', '--incrementalFile', incremental]);
  step('Production build');
  await pnpm(['run', 'build']);
  step('Browser tests (Playwright, Chromium)');
  fs.rmSync(path.join(ROOT, '.data', 'e2e'), { recursive: true, force: true });
  await pnpm(['run', 'test:e2e']);
  console.log(`\n✔ all tests passed in ${Math.round((Date.now() - started) / 1000)} s`);
  timings();
  summary();
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  timings();
  summary();
  process.exit(error.code ?? 1);
}

/**
 * Runs lanes of pnpm commands at once (the commands of a lane one after another), each command's
 * output held and printed whole when it ends; rejects after every lane has ended if any failed.
 */
async function together(lanes) {
  const results = await Promise.allSettled(
    lanes.map(async (lane) => {
      for (const args of lane) await captured(args);
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

function captured(args) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n── pnpm ${args.join(' ')} (${seconds} s, exit ${code ?? signal})`);
      process.stdout.write(Buffer.concat(output));
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`pnpm ${args.join(' ')} exited with ${code ?? signal}`), { code: code ?? 1 }));
    });
  });
}

/** One closing line over both runners: `N passed, N failed` (and skipped when any). */
function summary() {
  const unit = readJson(UNIT_REPORT, null);
  const e2e = readJson(E2E_REPORT, null);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
    console.log(`unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
  }
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
    console.log(`e2e: ${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed`);
  }
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
