import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { field, loggedInApplicant } from './applicants';
import { expect, shellIdle, shellWarm, test, type Page } from './fixtures';
import { OUTBOX } from './mail';

/**
 * Fault injection (issue 13): the API process restarts while an applicant is in the middle of the
 * profile form. This test runs its own API server (its own port and data directory, the same built
 * site, mail to the suite's outbox) so that stopping it touches no other test. What was typed before
 * and during the outage stays in the form; a save while the API is down shows the §8 network
 * error; once the API is back (same database, same session) the save works.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const PORT = Number(process.env.E2E_RESTART_PORT ?? 3188);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.join(root, '.data', 'e2e-restart');

let api: ChildProcess | undefined;

async function startApi(): Promise<void> {
  api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      MAIL_OUTBOX_DIR: OUTBOX,
      SITE_DIR: path.join(root, '.site'),
      RATE_LIMIT_EXEMPT: '127.0.0.1,::1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child = api;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Ready when the server says so: it prints "[api] Listening on …" once it accepts requests (or it
  // exits). No polling: the test's own budget bounds the wait.
  await new Promise<void>((resolve, reject) => {
    let stdout = '';
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stdout.includes('[api] Listening on ')) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      child.stdout?.resume(); // keep draining what it prints later
      resolve();
    };
    const onExit = (code: number | null) => reject(new Error(`the API exited (${code}) before listening:\n${stderr}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
  expect((await fetch(`${BASE}/api/health/`)).ok).toBe(true);
}

async function stopApi(): Promise<void> {
  const child = api;
  api = undefined;
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Lets the page finish what the shell does in the background (shell/src/prefetch.ts), as the shell
 * reports it (shell/src/app-state.ts): the idle-time prefetch of the remotes the page links to, then
 * the warm-up a visitor's first scroll starts (the header's pages in other remotes), each settled.
 * The outage then cuts off nothing but the save.
 */
async function settle(page: Page): Promise<void> {
  await shellIdle(page);
  await page.mouse.wheel(0, 1);
  await shellWarm(page);
}

test.describe.configure({ mode: 'serial' });
test.use({
  baseURL: BASE,
  expectedConsoleErrors: {
    // The live-status stream (GET /api/events/) ends with the API and tries again with back-off
    // (shared/src/auth-store/live-stream.ts); Chromium logs each try that falls in the outage. How
    // many do depends on how long the API takes to come back, so they share the save's entry
    // (whose error the page shows, checked below) rather than an entry that must always match.
    'the save (and any reconnect of the live-status stream) while the API is down gets no answer':
      /^Failed to load resource: net::ERR_CONNECTION_REFUSED @ https?:\/\/[^/]+\/api\/(?:profile|events)\/$/,
  },
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  await startApi();
});
test.afterAll(async () => {
  await stopApi();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test('the API restarts mid-form: nothing typed is lost, the save works after the restart', async ({ page }) => {
  test.setTimeout(150_000);
  await loggedInApplicant(page, 'corporate');
  await page.goto('/profile');
  await field(page, 'business_summary').fill('再起動の前に入力');
  await settle(page);

  await stopApi();
  // Typing goes on while the API is down.
  await field(page, 'office_building_number').fill('停止中に入力 3階');
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page.getByText('通信できませんでした。インターネット接続をご確認のうえ、もう一度お試しください。')).toBeVisible();
  await expect(field(page, 'business_summary')).toHaveValue('再起動の前に入力');
  await expect(field(page, 'office_building_number')).toHaveValue('停止中に入力 3階');

  await startApi();
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page.getByText('登録情報を保存しました')).toBeVisible();
  const profile = (await (await page.context().request.get('/api/profile/')).json()) as Record<string, string>;
  expect(profile).toMatchObject({ business_summary: '再起動の前に入力', office_building_number: '停止中に入力 3階' });
  await page.reload();
  await expect(field(page, 'office_building_number')).toHaveValue('停止中に入力 3階');
});
