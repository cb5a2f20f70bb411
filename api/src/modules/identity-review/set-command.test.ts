import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createUser, loggedIn, startTestApi, type TestApi } from '../../test/api';
import { makeTempDir, removeDir } from '../../test/support';
import { IdentityCommandError, parseIdentityCommand, runIdentityCommand, UsageError } from './set-command';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const identityOf = async (agent: Awaited<ReturnType<typeof loggedIn>>) =>
  (await agent.post('/api/me/', {})).json<{ identity_confirmation: number; identity_valid_date: string | null; version: number }>();

describe('the command line', () => {
  it.each<[string[], unknown]>([
    [['--help'], { kind: 'help' }],
    [['--', '--email', ' a@b.jp '], { kind: 'show', email: 'a@b.jp' }],
    [
      ['--', '--email', 'a@b.jp', '--status', 'confirmed', '--valid-date', '2031-03-31'],
      { kind: 'set', email: 'a@b.jp', status: 'confirmed', validDate: '2031-03-31' },
    ],
    [['--email', 'a@b.jp', '--status', 'inadequate'], { kind: 'set', email: 'a@b.jp', status: 'inadequate', validDate: undefined }],
    [['--email', 'a@b.jp', '--status', 'expired'], { kind: 'set', email: 'a@b.jp', status: 'expired', validDate: undefined }],
    [
      ['--email', 'a@b.jp', '--status', 'expired', '--valid-date', '2024-02-29'],
      { kind: 'set', email: 'a@b.jp', status: 'expired', validDate: '2024-02-29' },
    ],
  ])('%j', (argv, command) => {
    expect(parseIdentityCommand(argv)).toEqual(command);
  });

  it.each([
    [[], '--email is required'],
    [['--status', 'confirmed', '--valid-date', '2031-03-31'], '--email is required'],
    [['--email', 'a@b.jp', '--status', 'approved'], '--status must be one of confirming, inadequate, confirmed, nothing, expired'],
    [['--email', 'a@b.jp', '--status', 'confirmed'], '--status confirmed needs --valid-date'],
    [['--email', 'a@b.jp', '--status', 'confirmed', '--valid-date', '2031/03/31'], '--valid-date must be YYYY-MM-DD'],
    [['--email', 'a@b.jp', '--status', 'confirmed', '--valid-date', '2031-02-29'], 'not a calendar day'],
    [['--email', 'a@b.jp', '--status', 'confirming', '--valid-date', '2031-03-31'], 'goes with confirmed or expired, not confirming'],
    [['--email', 'a@b.jp', '--valid-date', '2031-03-31'], '--valid-date needs --status'],
    [['--email', 'a@b.jp', '--nope'], 'Unknown option'],
    [['extra'], 'Unexpected argument'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseIdentityCommand(argv)).toThrow(UsageError);
    expect(() => parseIdentityCommand(argv)).toThrow(message);
  });
});

describe('runIdentityCommand', () => {
  it('sets the status and valid date, audited with before/after; me shows it; the profile version stays', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const before = await identityOf(agent);
    expect(before).toMatchObject({ identity_confirmation: 4, identity_valid_date: null });

    const command = parseIdentityCommand(['--email', user.email.toUpperCase(), '--status', 'confirmed', '--valid-date', '2031-03-31']);
    if (command.kind === 'help') throw new Error('unexpected');
    const result = await runIdentityCommand(api.context.db, command, api.clock.now(), 'operator:test');
    expect(result).toEqual({
      user_id: user.id,
      email: user.email,
      identity_confirmation: 'confirmed',
      identity_valid_date: '2031-03-31',
      before: { identity_confirmation: 'nothing', identity_valid_date: null },
    });
    expect(await identityOf(agent)).toMatchObject({ identity_confirmation: 3, identity_valid_date: '2031-03-31', version: before.version });

    const rows = (await auditRows(api, 'identity.reviewed')).filter((r) => r.subject_id === String(user.id));
    expect(rows).toEqual([
      {
        actor: 'operator:test',
        subject_id: String(user.id),
        data: {
          before: { identity_confirmation: 'nothing', identity_valid_date: null },
          after: { identity_confirmation: 'confirmed', identity_valid_date: '2031-03-31' },
          identity_document_type: null,
        },
      },
    ]);
  });

  it('expired keeps the date unless given; the other statuses clear it; show prints the state; the actor is the login name', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const run = (...argv: string[]) => {
      const command = parseIdentityCommand(['--email', user.email, ...argv]);
      if (command.kind === 'help') throw new Error('unexpected');
      return runIdentityCommand(api.context.db, command, api.clock.now());
    };
    await run('--status', 'confirmed', '--valid-date', '2026-04-01'); // today in Japan still counts
    await run('--status', 'expired');
    expect(await identityOf(agent)).toMatchObject({ identity_confirmation: 5, identity_valid_date: '2026-04-01' });
    await run('--status', 'expired', '--valid-date', '2026-03-31');
    expect(await identityOf(agent)).toMatchObject({ identity_confirmation: 5, identity_valid_date: '2026-03-31' });
    await run('--status', 'inadequate');
    expect(await identityOf(agent)).toMatchObject({ identity_confirmation: 2, identity_valid_date: null });
    expect(await run()).toEqual({ user_id: user.id, email: user.email, identity_confirmation: 'inadequate', identity_valid_date: null });

    const rows = (await auditRows(api, 'identity.reviewed')).filter((r) => r.subject_id === String(user.id));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => /^operator:.+/.test(r.actor ?? ''))).toBe(true);
  });

  it('refuses an unknown address and a confirmed identity whose valid date has passed (nothing changes)', async () => {
    const set = (email: string, validDate: string) =>
      runIdentityCommand(api.context.db, { kind: 'set', email, status: 'confirmed', validDate }, api.clock.now(), 'operator:test');
    await expect(set('nobody-here@example.jp', '2031-03-31')).rejects.toThrow(IdentityCommandError);
    const user = await createUser(api);
    // The test clock is 2026-04-01 09:00 in Japan: 2026-03-31 is yesterday.
    await expect(set(user.email, '2026-03-31')).rejects.toThrow('is before today (2026-04-01)');
    expect(await identityOf(await loggedIn(api, user))).toMatchObject({ identity_confirmation: 4, identity_valid_date: null });
  });
});

describe('pnpm --filter @app/api run identity:set', () => {
  const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = makeTempDir('api-identity');
  });
  afterAll(() => removeDir(dataDir));

  function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete childEnv.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/identity-set.ts', ...args], { cwd: apiDir, env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  }

  it('exits 2 with the usage on a bad option', async () => {
    const result = await run(['--', '--email', 'a@b.jp', '--status', 'confirmed']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--status confirmed needs --valid-date');
    expect(result.stderr).toContain('Usage:');
  });

  it('exits 1 for an unknown address, after starting and stopping the embedded database (DATA_DIR released)', async () => {
    const result = await run(['--', '--email', 'nobody@example.jp', '--status', 'nothing']);
    expect(result.stderr).toContain('[identity] no account has the address nobody@example.jp');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(fs.existsSync(path.join(dataDir, 'api.lock'))).toBe(false);
  });
});
