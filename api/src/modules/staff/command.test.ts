import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../../env';
import { auditRows, createStaff, newAgent, staffAgent, staffOtp, startTestApi, type TestApi } from '../../test/api';
import { makeTempDir, removeDir } from '../../test/support';
import {
  createStaffMember,
  disableStaffMember,
  listStaffAccounts,
  parseStaffCommand,
  resetStaffTotp,
  StaffCommandError,
  staffPasswordProblems,
  UsageError,
} from './command';
import { totpCode } from './totp';
import { decryptTotpSecret, totpKeyFor } from './totp-secret';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const KEY = totpKeyFor(env);
const PASSWORD = 'Shinsa-no-tsukue-2026';

describe('the command line', () => {
  it.each<[string[], unknown]>([
    [['--help'], { kind: 'help' }],
    [['create', '--help'], { kind: 'help' }],
    [
      ['create', '--', '--email', ' a@b.jp ', '--name', ' 山田 花子 ', '--role', 'reviewer'],
      { kind: 'create', email: 'a@b.jp', name: '山田 花子', role: 'reviewer', passwordStdin: false },
    ],
    [
      ['create', '--email', 'a@b.jp', '--name', '管理', '--role', 'admin', '--password-stdin'],
      { kind: 'create', email: 'a@b.jp', name: '管理', role: 'admin', passwordStdin: true },
    ],
    [['disable', '--', '--email', 'a@b.jp'], { kind: 'disable', email: 'a@b.jp' }],
    [['reset-totp', '--email', 'a@b.jp'], { kind: 'reset-totp', email: 'a@b.jp' }],
    [['list'], { kind: 'list' }],
  ])('%j', (argv, command) => {
    expect(parseStaffCommand(argv)).toEqual(command);
  });

  it.each([
    [[], 'the command must be one of create, disable, reset-totp, list'],
    [['remove', '--email', 'a@b.jp'], '(got "remove")'],
    [['create', '--name', '山田', '--role', 'admin'], '--email is required'],
    [['create', '--email', 'not-an-address', '--name', '山田', '--role', 'admin'], '--email is not an e-mail address'],
    [['create', '--email', 'a@b.jp', '--role', 'admin'], '--name is required'],
    [['create', '--email', 'a@b.jp', '--name', '山田'], '--role is required'],
    [['create', '--email', 'a@b.jp', '--name', '山田', '--role', 'owner'], '--role must be one of reviewer, approver, admin'],
    [['create', '--email', 'a@b.jp', '--name', '山田', '--role', 'admin', '--password', 'x'], 'Unknown option'],
    [['disable', '--email', 'a@b.jp', '--role', 'admin'], 'disable does not take --role'],
    [['list', '--email', 'a@b.jp'], 'list does not take --email'],
    [['disable', 'a@b.jp'], 'Unexpected argument'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseStaffCommand(argv)).toThrow(UsageError);
    expect(() => parseStaffCommand(argv)).toThrow(message);
  });

  it('staff passwords: 12 characters at least, and Django’s rules', () => {
    const who = { email: 'hanako@tsumugi.example.jp', name: '山田' };
    expect(staffPasswordProblems(PASSWORD, who)).toEqual([]);
    expect(staffPasswordProblems('Kumo-2026', who)).toEqual([ACCOUNT_MESSAGES.passwordTooShort(12)]);
    expect(staffPasswordProblems('918273645501', who)).toEqual([ACCOUNT_MESSAGES.passwordEntirelyNumeric]);
    expect(staffPasswordProblems('hanako@tsumugi', who)).toEqual([ACCOUNT_MESSAGES.passwordTooSimilar('メールアドレス')]);
  });
});

describe('createStaffMember', () => {
  it('stores the account (argon2id, the secret encrypted), audits it, and returns the enrolment once', async () => {
    const { member, totp } = await createStaffMember(
      api.context.db,
      { email: 'Hanako@Tsumugi.example.jp', name: '山田 花子', role: 'admin', password: PASSWORD },
      api.clock.now(),
      KEY,
      'operator:test',
    );
    expect(member).toMatchObject({
      email: 'Hanako@Tsumugi.example.jp',
      name: '山田 花子',
      role: 'admin',
      last_login_at: null,
      disabled_at: null,
    });
    expect(totp.otpauth_uri).toContain(`secret=${totp.secret_base32}`);
    const { rows } = await api.database.pool.query<{ password_hash: string; totp_secret_encrypted: string; totp_last_counter: null }>(
      'select password_hash, totp_secret_encrypted, totp_last_counter from staff_members where id = $1',
      [member.id],
    );
    const row = rows[0]!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.totp_secret_encrypted).not.toContain(totp.secret_base32);
    expect(decryptTotpSecret(row.totp_secret_encrypted, KEY)).toBe(totp.secret_base32);
    expect(row.totp_last_counter).toBeNull();
    expect((await auditRows(api, 'staff.created')).filter((r) => r.subject_id === String(member.id))).toEqual([
      {
        actor: 'operator:test',
        subject_id: String(member.id),
        data: { email: 'Hanako@Tsumugi.example.jp', name: '山田 花子', role: 'admin' },
      },
    ]);

    // That account logs in with the app's code.
    const agent = await newAgent(api);
    const login = await agent.post('/api/staff/auth/', {
      email: 'hanako@tsumugi.example.jp',
      password: PASSWORD,
      otp: totpCode(totp.secret_base32, api.clock.now()),
    });
    expect(login.json()).toEqual({ id: member.id, email: 'Hanako@Tsumugi.example.jp', name: '山田 花子', role: 'admin' });
  });

  it('refuses an address taken (any case) and a weak password; nothing is stored', async () => {
    const staff = await createStaff(api);
    const create = (email: string, password: string) =>
      createStaffMember(api.context.db, { email, name: '別人', role: 'reviewer', password }, api.clock.now(), KEY, 'operator:test');
    await expect(create(staff.email.toUpperCase(), PASSWORD)).rejects.toThrow(
      `a staff account with the address ${staff.email.toUpperCase()} exists already`,
    );
    await expect(create('weak@tsumugi.example.jp', 'password')).rejects.toThrow(StaffCommandError);
    expect((await listStaffAccounts(api.context.db)).some((m) => m.email === 'weak@tsumugi.example.jp')).toBe(false);
  });

  it('the database refuses a second address differing only in case and an unknown role', async () => {
    const staff = await createStaff(api);
    const insert = (email: string, role: string) =>
      api.database.pool.query(
        `insert into staff_members (email, name, role, password_hash, totp_secret_encrypted, created_at, updated_at) values ($1, 'x', $2, 'h', 's', now(), now())`,
        [email, role],
      );
    await expect(insert(staff.email.toUpperCase(), 'admin')).rejects.toThrow(/staff_members_email_lower_key/);
    await expect(insert('role@tsumugi.example.jp', 'owner')).rejects.toThrow(/staff_members_role_check/);
  });
});

describe('disableStaffMember and resetStaffTotp', () => {
  it('disable: no more logins, every session ended, audited; twice is an error; unknown address is an error', async () => {
    const staff = await createStaff(api, { role: 'admin' });
    const laptop = await staffAgent(api, staff);
    const phone = await staffAgent(api, staff);
    const result = await disableStaffMember(api.context.db, staff.email.toUpperCase(), api.clock.now(), 'operator:test');
    expect(result).toMatchObject({
      sessions_ended: 2,
      member: { id: staff.id, disabled_at: expect.stringMatching(/\+09:00$/) as unknown },
    });
    for (const agent of [laptop, phone]) expect((await agent.post('/api/staff/me/', {})).json()).toEqual({});
    expect((await auditRows(api, 'staff.disabled')).filter((r) => r.subject_id === String(staff.id))).toEqual([
      { actor: 'operator:test', subject_id: String(staff.id), data: { email: staff.email, sessions_ended: 2 } },
    ]);
    await expect(disableStaffMember(api.context.db, staff.email, api.clock.now(), 'operator:test')).rejects.toThrow(
      'has been disabled already',
    );
    await expect(disableStaffMember(api.context.db, 'nobody@tsumugi.example.jp', api.clock.now())).rejects.toThrow(
      'no staff account has the address nobody@tsumugi.example.jp',
    );
  });

  it('reset-totp: the old app’s codes stop working, the new secret’s work; sessions ended; audited', async () => {
    const staff = await createStaff(api);
    const agent = await staffAgent(api, staff);
    const { totp, sessions_ended } = await resetStaffTotp(api.context.db, staff.email, api.clock.now(), KEY, 'operator:test');
    expect(totp.secret_base32).not.toBe(staff.secret);
    expect(sessions_ended).toBe(1);
    expect((await agent.post('/api/staff/me/', {})).json()).toEqual({});
    api.clock.advance(30_000);
    const old = await newAgent(api);
    const oldCode = await staffOtp(api, staff);
    expect((await old.post('/api/staff/auth/', { email: staff.email, password: staff.password, otp: oldCode })).statusCode).toBe(401);
    const renewed = { ...staff, secret: totp.secret_base32 };
    expect((await staffAgent(api, renewed)).cookies.has('staff_sessionid')).toBe(true);
    expect((await auditRows(api, 'staff.totp_reset')).filter((r) => r.subject_id === String(staff.id))).toHaveLength(1);
  });
});

describe('pnpm --filter @app/api run staff:*', () => {
  const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = makeTempDir('api-staff');
  });
  afterAll(() => removeDir(dataDir));

  function run(args: string[], stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete childEnv.DATABASE_URL;
    delete childEnv.STAFF_TOTP_KEY;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/staff.ts', ...args], { cwd: apiDir, env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin ?? '');
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  }

  it('exits 2 with the usage on a bad option, and when there is no password to read', async () => {
    const bad = await run(['create', '--', '--email', 'a@b.jp', '--role', 'admin']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--name is required');
    expect(bad.stderr).toContain('Usage:');
    // stdin is a pipe, not a terminal: nobody to ask.
    const noTerminal = await run(['create', '--', '--email', 'a@b.jp', '--name', '山田', '--role', 'admin']);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('pipe it in with --password-stdin');
  });

  it('create --password-stdin prints the account and, once, the otpauth:// URI and the secret; exits 0 and releases DATA_DIR', async () => {
    const created = await run(
      ['create', '--', '--email', 'first-admin@tsumugi.example.jp', '--name', '管理 花子', '--role', 'admin', '--password-stdin'],
      `${PASSWORD}\n`,
    );
    expect(created.stderr).toContain('STAFF_TOTP_KEY is not set');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('"email": "first-admin@tsumugi.example.jp"');
    expect(created.stdout).toMatch(/otpauth:\/\/totp\/\S+secret=[A-Z2-7]{32}/);
    expect(created.stdout).toMatch(/secret \(base32\): ([A-Z2-7]{4} ){7}[A-Z2-7]{4}/);
    expect(fs.existsSync(path.join(dataDir, 'api.lock'))).toBe(false);

    const weak = await run(
      ['create', '--', '--email', 'weak@tsumugi.example.jp', '--name', '弱い', '--role', 'reviewer', '--password-stdin'],
      'short\n',
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('the password is refused');

    const disabled = await run(['disable', '--', '--email', 'FIRST-ADMIN@tsumugi.example.jp']);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toContain('"sessions_ended": 0');
    const list = await run(['list']);
    expect(list.code).toBe(0);
    const accounts = JSON.parse(list.stdout) as { email: string; disabled_at: string | null }[];
    expect(accounts).toEqual([
      expect.objectContaining({ email: 'first-admin@tsumugi.example.jp', disabled_at: expect.any(String) as unknown }),
    ]);
    expect(list.stdout).not.toMatch(/secret|password|argon2/i);
  });
});
