import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SuppressEntriesSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, auditRows, startTestApi, type TestApi } from '../../test/api';
import { makeTempDir, removeDir } from '../../test/support';
import { getSuppressEntries, setSuppressEntries } from './service';
import { parseSuppressCommand, runSuppressCommand, UsageError } from './suppress-command';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const URL = '/api/system_settings/supress_entries/';

describe('GET /api/system_settings/supress_entries/', () => {
  it('all null until an operator sets it; no login needed', async () => {
    const response = await new Agent(api.app).get(URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ method: null, segment: null, message: null });
    expect(SuppressEntriesSchema.safeParse(response.json()).error).toBeUndefined();
  });

  it('answers what the operator set, and records the change', async () => {
    const value = { method: 'stop_new_entry', segment: null, message: '現在、新規のお申し込みを停止しています。' };
    await runSuppressCommand(
      api.context.db,
      parseSuppressCommand(['--', '--method', 'stop_new_entry', '--message', value.message]),
      api.clock.now(),
    );
    expect((await new Agent(api.app).get(URL)).json()).toEqual(value);
    const audit = await auditRows(api, 'system_settings.changed');
    const { actor, ...last } = audit.at(-1)!;
    expect(actor).toMatch(/^operator:/);
    expect(last).toEqual({
      subject_id: 'suppress_entries',
      data: { before: { method: null, segment: null, message: null }, after: value },
    });

    await setSuppressEntries(
      api.context.db,
      { method: null, segment: null, message: null },
      { actor: 'operator:test', now: api.clock.now() },
    );
    expect(await getSuppressEntries(api.context.db)).toEqual({ method: null, segment: null, message: null });
  });
});

describe('the command line', () => {
  it.each<[string[], unknown]>([
    [[], { kind: 'show' }],
    [['--help'], { kind: 'help' }],
    [['--clear'], { kind: 'set', value: { method: null, segment: null, message: null } }],
    [['--method', 'maintenance'], { kind: 'set', value: { method: 'maintenance', segment: null, message: null } }],
    [
      ['--', '--method', 'stop_new_entry', '--segment', ' individual ', '--message', '停止中です'],
      { kind: 'set', value: { method: 'stop_new_entry', segment: 'individual', message: '停止中です' } },
    ],
  ])('%j', (argv, command) => {
    expect(parseSuppressCommand(argv)).toEqual(command);
  });

  it.each([[['--method', 'pause']], [['--message', 'x']], [['--clear', '--method', 'maintenance']], [['--nope']], [['extra']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseSuppressCommand(argv)).toThrow(UsageError);
    },
  );
});

describe('pnpm --filter @app/api run settings:suppress', () => {
  const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = makeTempDir('api-settings');
  });
  afterAll(() => removeDir(dataDir));

  function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...env };
    delete childEnv.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/settings-suppress.ts', ...args], { cwd: apiDir, env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  }

  it('with no server running: starts the embedded database, saves, and releases DATA_DIR', async () => {
    const saved = await run(['--', '--method', 'maintenance', '--message', 'メンテナンス中です']);
    expect(saved.stderr).toContain('saved to the embedded database');
    expect(saved.code).toBe(0);
    expect(JSON.parse(saved.stdout)).toEqual({ method: 'maintenance', segment: null, message: 'メンテナンス中です' });
    expect(fs.existsSync(path.join(dataDir, 'api.lock'))).toBe(false);

    const shown = await run([]);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ method: 'maintenance', segment: null, message: 'メンテナンス中です' });
  });

  it('while a server holds DATA_DIR: writes through its running database', async () => {
    // Stand in for a running server: its lock (our live pid) and its embedded PostgreSQL.
    const { startDatabase } = await import('../../db/database');
    const database = await startDatabase({ dataDir });
    fs.writeFileSync(path.join(dataDir, 'api.lock'), `${process.pid}\n`);
    try {
      const result = await run(['--clear']);
      expect(result.stderr).toContain(`the running API server's database (pid ${process.pid}`);
      expect(result.code).toBe(0);
      expect(await getSuppressEntries(database.drizzle)).toEqual({ method: null, segment: null, message: null });
    } finally {
      fs.rmSync(path.join(dataDir, 'api.lock'), { force: true });
      await database.stop();
    }
  });

  it('exits 2 with the usage on a bad option', async () => {
    const result = await run(['--method', 'pause']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--method must be one of stop_new_entry, maintenance');
    expect(result.stderr).toContain('Usage:');
  });
});
