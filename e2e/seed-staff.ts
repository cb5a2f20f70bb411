// Staff accounts for the e2e tests: a few reviewers and approvers, created with the operator command
// (`staff:create`, api/README.md "Staff accounts") before the e2e API server starts, since two
// processes must not run the embedded database. The command prints the authenticator secret once;
// the accounts and their secrets are kept in DATA_DIR/staff-accounts.json for the specs (which
// compute TOTP codes from them, e2e/tests/staff.ts).
//
//   DATA_DIR=.data/e2e node --import tsx ../e2e/seed-staff.ts     (from api/, as playwright.config.ts does)
//
// Idempotent: with the file present nothing is done; an account that exists without a known secret
// gets a new one (`staff:reset-totp`). Node built-ins only (it runs before the server, from api/).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type StaffRole = 'reviewer' | 'approver';

export interface SeededStaff {
  readonly role: StaffRole;
  readonly email: string;
  readonly name: string;
  readonly password: string;
  /** The base32 TOTP secret (SHA-1, 6 digits, 30 s) of the authenticator app. */
  readonly secret: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const API_DIR = path.join(root, 'api');
export const E2E_DATA_DIR = path.join(root, '.data', 'e2e');
export const STAFF_FILE_NAME = 'staff-accounts.json';

/**
 * How many accounts of each role the specs share. A staff login spends one 30-second authenticator
 * step of its account (the server takes each step once, tests/staff.ts), so one account per role
 * let at most two logins a minute through and the suite's ~30 staff logins queued for the clock;
 * with a pool each login takes the account whose next step is free now.
 */
export const E2E_STAFF_POOL: Readonly<Record<StaffRole, number>> = { reviewer: 4, approver: 3 };

/** The accounts the specs log in with (the password passes the staff rules: 12+ characters, not like the address). */
export const E2E_STAFF: readonly Omit<SeededStaff, 'secret'>[] = (['reviewer', 'approver'] as const).flatMap((role) =>
  Array.from({ length: E2E_STAFF_POOL[role] }, (_, i) =>
    role === 'reviewer'
      ? { role, email: `e2e-reviewer-${i + 1}@tsumugi.example.jp`, name: `E2E 審査担当${i + 1}`, password: 'Kensa-Nagare-2026!' }
      : { role, email: `e2e-approver-${i + 1}@tsumugi.example.jp`, name: `E2E 承認者${i + 1}`, password: 'Shonin-Nagare-2026!' },
  ),
);

/** Runs the operator command (`pnpm --filter @app/api run staff:<command>` without pnpm in between). */
function staffCommand(args: readonly string[], dataDir: string, input?: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/staff.ts', ...args], {
    cwd: API_DIR,
    env: { ...process.env, DATA_DIR: dataDir },
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** The secret from the enrolment the command prints once (`otpauth://totp/…?secret=…`). */
function secretFrom(stdout: string): string {
  const uri = /otpauth:\/\/\S+/.exec(stdout)?.[0];
  const secret = uri ? new URL(uri).searchParams.get('secret') : null;
  if (!secret) throw new Error(`no otpauth:// URI in the staff command's output:\n${stdout}`);
  return secret;
}

function enrol(account: Omit<SeededStaff, 'secret'>, dataDir: string): SeededStaff {
  const created = staffCommand(
    ['create', '--email', account.email, '--name', account.name, '--role', account.role, '--password-stdin'],
    dataDir,
    `${account.password}\n`,
  );
  if (created.status === 0) return { ...account, secret: secretFrom(created.stdout) };
  if (!/exists already/.test(created.stderr)) throw new Error(`staff:create ${account.email} failed:\n${created.stderr}`);
  const reset = staffCommand(['reset-totp', '--email', account.email], dataDir);
  if (reset.status !== 0) throw new Error(`staff:reset-totp ${account.email} failed:\n${reset.stderr}`);
  return { ...account, secret: secretFrom(reset.stdout) };
}

/** Makes sure the e2e staff accounts exist and their secrets are on file; answers them. */
export function seedStaffAccounts(dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : E2E_DATA_DIR): SeededStaff[] {
  const file = path.join(dataDir, STAFF_FILE_NAME);
  const known = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SeededStaff[]) : [];
  const missing = E2E_STAFF.filter((account) => !known.some((k) => k.email === account.email));
  if (missing.length === 0) return known;
  const accounts = [
    ...known.filter((k) => E2E_STAFF.some((a) => a.email === k.email)),
    ...missing.map((account) => enrol(account, dataDir)),
  ];
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  console.log(`[e2e] staff accounts for the tests: ${accounts.map((a) => `${a.role} ${a.email}`).join(', ')}`);
  return accounts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) seedStaffAccounts();
