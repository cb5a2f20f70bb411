// `npm test`: install, then every test: typecheck, lint, unit tests (incl. API integration tests on
// a real embedded PostgreSQL), the production build, and the browser tests in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, pnpm } from './lib.mjs';

const step = (text) => console.log(`\n▶ ${text}`);
const started = Date.now();
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
  step('Format check, typecheck and lint');
  await pnpm(['run', 'format:check']);
  await pnpm(['run', 'typecheck']);
  await pnpm(['run', 'lint']);
  step('Unit and API integration tests');
  await pnpm(['run', 'test:unit']);
  step('Production build');
  await pnpm(['run', 'build']);
  step('Browser tests (Playwright, Chromium)');
  fs.rmSync(path.join(ROOT, '.data', 'e2e'), { recursive: true, force: true });
  await pnpm(['run', 'test:e2e']);
  console.log(`\n✔ all tests passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(error.code ?? 1);
}
