import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIResponse, Browser, BrowserContext, Page } from '@playwright/test';
import { API_DIR, E2E_DATA_DIR, STAFF_FILE_NAME, type SeededStaff, type StaffRole } from '../seed-staff';
import { call } from './applicants';
import { expect, test } from './fixtures';

/**
 * Staff for the e2e specs: the reviewers and approvers that `seed-staff.ts` created with the
 * operator command before the API server started (playwright.config.ts), their TOTP codes, and a
 * login helper: `const reviewer = await loginAsStaff(page, 'reviewer')` (one of the pool).
 */
export type { StaffRole };

/** The seeded accounts of `role` (email, name, password, TOTP secret): the pool the logins share. */
export function staffAccounts(role: StaffRole): SeededStaff[] {
  const file = path.join(E2E_DATA_DIR, STAFF_FILE_NAME);
  const accounts = (JSON.parse(fs.readFileSync(file, 'utf8')) as SeededStaff[]).filter((a) => a.role === role);
  if (accounts.length === 0) throw new Error(`no ${role} in ${file}`);
  return accounts;
}

// otpauth, the API's own TOTP library (a dependency of @app/api): the same RFC 6238 codes an
// authenticator app shows.
interface Totp {
  generate(options: { timestamp: number }): string;
}
interface OtpAuth {
  TOTP: new (options: { secret: unknown; algorithm: string; digits: number; period: number }) => Totp;
  Secret: { fromBase32(secret: string): unknown };
}
const otpauth = createRequire(path.join(API_DIR, 'package.json'))('otpauth') as OtpAuth;

const PERIOD_MS = 30_000;

/** The code of the authenticator app at `timestamp` (ms). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new otpauth.TOTP({ secret: otpauth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });
}

const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/** The account's turn, if no other login holds it: its lock file taken (a lock left by a killed worker is stale after a minute). */
function takeTurn(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > 60_000) fs.rmSync(lock, { force: true });
    return false;
  }
}

/**
 * Runs `use` with an account of `role` and a fresh code for it, the account's turn held until it
 * returns. The server accepts the current 30-second step and one either side, each step once and
 * never one earlier than the last accepted, so parallel workers and repeated logins take turns
 * through a lock file per account: a login takes the first account of the pool whose next step is
 * usable now (the current step or the next one) and keeps the turn until its login has been
 * answered, so no earlier code arrives after a later one. When every account of the pool has used
 * both, it waits for the clock.
 */
export async function withFreshTotpCode<T>(role: StaffRole, use: (account: SeededStaff, code: string) => Promise<T>): Promise<T> {
  const pool = staffAccounts(role);
  for (;;) {
    for (const account of pool) {
      const stateFile = path.join(E2E_DATA_DIR, `staff-otp-${account.email}.json`);
      const lock = `${stateFile}.lock`;
      if (!takeTurn(lock)) continue;
      try {
        const last = fs.existsSync(stateFile) ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { step: number }).step : -1;
        // Never more than one step ahead of the clock.
        if (last + 1 > currentStep() + 1) continue;
        const step = Math.max(last + 1, currentStep());
        fs.writeFileSync(stateFile, JSON.stringify({ step }));
        return await use(account, totpCode(account.secret, step * PERIOD_MS));
      } finally {
        fs.rmSync(lock, { force: true });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Who each browser context that `loginAsStaff` logged in is logged in as. */
const loggedInAs = new WeakMap<BrowserContext, SeededStaff>();

/** The staff account a context is logged in as (`loginAsStaff`, `staffContext`; its name is what the pages show). */
export function staffOf(context: BrowserContext): SeededStaff {
  const account = loggedInAs.get(context);
  if (!account) throw new Error('no staff member was logged in in this context by loginAsStaff');
  return account;
}

/**
 * Logs in as a seeded staff member of `role` (one of the pool, answered) through /backoffice/login
 * (address, password and a fresh authenticator code) and waits for the review queue. `via: 'api'`
 * logs the page's context in with `POST /api/staff/auth/` instead (for journeys whose subject is
 * not the login).
 */
export async function loginAsStaff(page: Page, role: StaffRole, { via = 'form' }: { via?: 'form' | 'api' } = {}): Promise<SeededStaff> {
  if (via === 'api') {
    const context = page.context();
    await context.request.post('/api/staff/me/');
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    return withFreshTotpCode(role, async (account, otp) => {
      const response: APIResponse = await context.request.post('/api/staff/auth/', {
        headers: { 'X-CSRFToken': csrf },
        data: { email: account.email, password: account.password, otp },
      });
      expect(response.status(), `POST /api/staff/auth/: ${await response.text()}`).toBe(200);
      loggedInAs.set(context, account);
      return account;
    });
  }
  await page.goto('/backoffice/login');
  const account = await withFreshTotpCode(role, async (account, otp) => {
    await page.getByLabel('メールアドレス').fill(account.email);
    await page.getByLabel('パスワード').fill(account.password);
    await page.getByLabel('確認コード（6桁）').fill(otp);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '審査キュー' })).toBeVisible();
    return account;
  });
  await expect(page.getByRole('banner')).toContainText(account.name);
  loggedInAs.set(page.context(), account);
  return account;
}

/**
 * The id of the entry with this code, as the logged-in staff member's review queue lists it (any
 * status, newest first): for journeys that go straight to `/backoffice/entries/{id}`.
 */
export async function staffEntryIdByCode(page: Page, code: string): Promise<number> {
  const statuses = ['under_review', 'inadequate', 'reviewed', 'contracted', 'transferred', 'archived'];
  for (const status of statuses) {
    const response = await page.context().request.get(`/api/staff/entries/?status=${status}&order=newest&limit=100`);
    expect(response.status(), `GET /api/staff/entries/: ${await response.text()}`).toBe(200);
    const queue = (await response.json()) as { results: { id: number; code: string }[] };
    const found = queue.results.find((item) => item.code === code);
    if (found) return found.id;
  }
  throw new Error(`no entry ${code} in the review queue`);
}

/**
 * A staff member of `role` in a browser context of their own (desktop size; `asProject`: the test
 * project's screen, 375 px in `phone`), logged in through the API; its page is `context.pages()[0]`
 * and `staffOf(context)` the account.
 */
export async function staffContext(browser: Browser, role: StaffRole, { asProject = false } = {}): Promise<BrowserContext> {
  const { baseURL, viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    ...(asProject ? { viewport, isMobile, hasTouch } : {}),
  });
  await loginAsStaff(await context.newPage(), role, { via: 'api' });
  return context;
}

/** The pricing of every claim in the journeys: 80 % of the face, a 5 % fee, a 660 yen bank charge. */
export const E2E_TERMS = { decision: 'can_buy', purchase_ratio: '0.8', purchase_fee_ratio: '0.05', bank_charge: '660' } as const;

/** The staff view of an entry (the parts the journeys read). */
export async function staffEntry(reviewer: BrowserContext, id: number): Promise<{ user: number; claims: { id: number }[] }> {
  const detail = (await (await reviewer.request.get(`/api/staff/entries/${id}/`)).json()) as {
    entry: { user: number; claims: { id: number }[] };
  };
  return detail.entry;
}

/**
 * Through the API the back office calls, as the reviewer: the bank statements and financial
 * statements confirmed, each claim's invoice confirmed and the claim priced (E2E_TERMS); the
 * entry is then ready for an approver.
 */
export async function confirmAndPriceViaApi(reviewer: BrowserContext, id: number): Promise<void> {
  const entry = await staffEntry(reviewer, id);
  for (const group of ['withdrawals_detail', 'financial_statements'])
    await call(reviewer, 'POST', `/api/staff/entries/${id}/documents/`, { group, decision: 'confirmed' });
  for (const claim of entry.claims) {
    await call(reviewer, 'POST', `/api/staff/entries/${id}/documents/`, { group: 'invoice', claim_id: claim.id, decision: 'confirmed' });
    await call(reviewer, 'POST', `/api/staff/claims/${claim.id}/decision/`, E2E_TERMS);
  }
}
