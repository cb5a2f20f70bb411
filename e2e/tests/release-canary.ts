// What the canary browser tests share (release-watch.spec.ts, release-health.spec.ts): the release CLI on
// the site the e2e server serves, the deployment file, the operator command that sets a user segment,
// logged-in applicants in their own browsers, and the shell's telemetry sent as a tab switch does.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { loggedInApplicant } from './applicants';
import { expect } from './fixtures';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SITE_DIR = path.join(ROOT, '.site');
export const RELEASE_CLI = path.join(ROOT, 'scripts', 'release.mjs');
export const RELEASE_ENV = { ...process.env, SITE_DIR, RELEASE_WHO: 'e2e' };

/** `pnpm release …` on the e2e site, its output. */
export const release = (...args: string[]) =>
  execFileSync(process.execPath, [RELEASE_CLI, ...args], { cwd: ROOT, env: RELEASE_ENV, encoding: 'utf8' }).trim();

export const deployment = () =>
  JSON.parse(fs.readFileSync(path.join(SITE_DIR, 'deployment.json'), 'utf8')) as {
    remotes: Record<string, { version: string }>;
    canary?: Record<string, { version: string }>;
  };

/** The operator command that puts applicants in a segment (api/README.md "User segments"), on the e2e server's database. */
export function putInSegment(emails: string[], segment: string) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/scripts/users-segment.ts', '--', ...emails.flatMap((e) => ['--email', e]), '--segment', segment],
    { cwd: path.join(ROOT, 'api'), env: { ...process.env, DATA_DIR: path.join(ROOT, '.data', 'e2e') }, encoding: 'utf8', stdio: 'pipe' },
  );
}

export interface Applicant {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly email: string;
}

/** A registered, logged-in applicant in a browser context of their own. */
export async function applicant(browser: Browser): Promise<Applicant> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page, email: await loggedInApplicant(page, 'corporate') };
}

/** The tab is switched away from: the shell sends what waits; resolves when the endpoint took it. */
export async function sendTelemetry(page: Page) {
  const taken = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/telemetry/' && r.status() === 204);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await taken;
}

/** What `GET /ops/canary-health/<remote>` says of a canary's sessions and errors, beside the live version's. */
interface StoredHealth {
  readonly candidate: { readonly sessions: number; readonly errors: number };
  readonly baseline: { readonly sessions: number };
}

/**
 * Resolves once the API's aggregates hold at least these sessions and errors since the canary
 * started (the beacons are taken at once, written in batches every TELEMETRY_FLUSH_MS): read from the
 * canary health the CLI reads, open to this loopback client.
 */
export async function telemetryStored(
  page: Page,
  remote: string,
  want: { canarySessions: number; canaryErrors: number; liveSessions: number },
) {
  await expect
    .poll(async () => {
      const response = await page.request.get(`/ops/canary-health/${remote}`);
      if (!response.ok()) return `HTTP ${response.status()}`;
      const health = (await response.json()) as StoredHealth;
      return (
        health.candidate.sessions >= want.canarySessions &&
        health.candidate.errors >= want.canaryErrors &&
        health.baseline.sessions >= want.liveSessions
      );
    })
    .toBe(true);
}
