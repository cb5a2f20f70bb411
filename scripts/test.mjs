// `npm test`: install, then every test: typecheck, lint, the dependency rules, unit tests (incl.
// API integration tests on a real embedded PostgreSQL), the production build, and the browser tests
// in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, pnpm, readJson, run } from './lib.mjs';

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
  await pnpm(['run', 'format:check']);
  await pnpm(['run', 'typecheck']);
  await pnpm(['run', 'lint']);
  // No cycles, the pure contracts, remotes apart, the API's layers (.dependency-cruiser.cjs): a
  // violation prints the rule's name and the import, and fails the run.
  await pnpm(['run', 'lint:deps']);
  step('Unit and API integration tests');
  await pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${UNIT_REPORT}`]);
  step('Unit and API tests again on Node 24 (the current LTS, from the npm registry)');
  await run(process.execPath, [path.join(ROOT, 'scripts', 'test-node24.mjs')]);
  step('Domain coverage gate (100% lines and branches)');
  await pnpm(['--filter', '@app/contracts', 'run', 'test:domain']);
  step('Domain mutation testing (StrykerJS; fails below 85%)');
  await pnpm(['--filter', '@app/contracts', 'run', 'mutation']);
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
