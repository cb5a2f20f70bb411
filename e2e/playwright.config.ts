import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** mfe-auth alone on its dev server against the in-browser mock API (`dev:mock`, mock-mode.spec.ts). */
export const MOCK_MODE_PORT = Number(process.env.E2E_MOCK_PORT ?? 3199);

/**
 * Browser tests against the production build (`.site/`, assembled by `pnpm build`) served by the
 * real API server on its own embedded database. Chromium comes from the OS (/usr/bin/chromium).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/results.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /release-(promote|watch|health)\.spec\.ts/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      testMatch:
        /(routes|onboarding|sessions|entry-wizard[\w-]*|entry-life|backoffice|backoffice-applicants|backoffice-assignee|line-breaks|line-breaks-offer|toasts|live-status|pdf-viewer)\.spec\.ts/,
    },
    {
      // A real promote and rollback of a remote for everyone: the site's pages change under every
      // open tab, so it runs after both other projects have finished (`dependencies`), one test at
      // a time. On its own: `npx playwright test --project=release-serial --no-deps` (without
      // --no-deps a run that selects it runs the whole desktop and phone suites first).
      name: 'release-serial',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /release-(promote|watch|health)\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
      fullyParallel: false,
      // One at a time across its files too: `fullyParallel: false` only orders a file's own tests,
      // and with two workers the health spec's canary of mypage was replaced by the watch spec's
      // while its applicants were being served (seen locally; a race CI had so far escaped).
      workers: 1,
    },
  ],
  webServer: [
    {
      // The back office's staff accounts are made first (seed-staff.ts, the operator command): one
      // process at a time on the embedded database.
      command: 'node --import tsx ../e2e/seed-staff.ts && node --import tsx src/server.ts',
      cwd: path.join(root, 'api'),
      url: `http://localhost:${E2E_PORT}/api/health/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: path.join(root, '.data', 'e2e'),
        MAIL_OUTBOX_DIR: path.join(root, '.data', 'e2e', 'mail'),
        SITE_DIR: path.join(root, '.site'),
        // Every test browser is on loopback: the per-client rate limits (registration, password
        // reset, activation) would otherwise count the whole suite as one client.
        RATE_LIMIT_EXEMPT: '127.0.0.1,::1',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // What an independent team runs: one remote, its own dev server, no API and no database.
      command: 'npx -y pnpm@10.34.8 --filter mfe-auth run dev:mock',
      cwd: root,
      url: `http://localhost:${MOCK_MODE_PORT}/login`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { DEV_PORT: String(MOCK_MODE_PORT) },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
