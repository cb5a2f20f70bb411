import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test/support';
import { newUploadKey } from './keys';
import { startS3Emulator, type S3Emulator } from './testing/s3-emulator';

// `pnpm --filter @app/api run storage:sweep`, as an operator runs it: a child process on its own
// embedded database in DATA_DIR (no upload rows there, so every old upload-shaped object is an orphan).

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DAY = 24 * 60 * 60 * 1000;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function sweep(args: string[], vars: Record<string, string>): Promise<Run> {
  // Only the variables given decide the database and the storage.
  const inherited = Object.entries(process.env).filter(
    ([name]) => name !== 'DATABASE_URL' && name !== 'STORAGE' && !name.startsWith('S3_'),
  );
  const env: NodeJS.ProcessEnv = { ...Object.fromEntries(inherited), ...vars };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/storage-sweep.ts', ...args], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const reportOf = (run: Run) => JSON.parse(run.stdout) as { dryRun: boolean; removed: string[]; young: number; incomplete: number };

let dataDir: string;
let emulator: S3Emulator;
beforeAll(async () => {
  dataDir = makeTempDir('storage-sweep');
  emulator = await startS3Emulator();
});
afterAll(async () => {
  await emulator?.close();
  removeDir(dataDir);
});

describe('storage:sweep', () => {
  it('local storage: --dry-run lists, then a run removes old orphans and old temporary files', async () => {
    const uploadsDir = path.join(dataDir, 'uploads');
    const orphan = newUploadKey(1);
    const young = newUploadKey(1);
    const old = new Date(Date.now() - 2 * DAY);
    for (const key of [orphan, young]) {
      fs.mkdirSync(path.dirname(path.join(uploadsDir, 'objects', key)), { recursive: true });
      fs.writeFileSync(path.join(uploadsDir, 'objects', key), key);
    }
    fs.utimesSync(path.join(uploadsDir, 'objects', orphan), old, old);
    fs.mkdirSync(path.join(uploadsDir, 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, 'tmp', 'left-by-a-crash'), 'half');
    fs.utimesSync(path.join(uploadsDir, 'tmp', 'left-by-a-crash'), old, old);

    const dry = await sweep(['--', '--dry-run'], { DATA_DIR: dataDir });
    expect(dry.code, dry.stderr).toBe(0);
    expect(reportOf(dry)).toMatchObject({ dryRun: true, removed: [orphan], young: 1, incomplete: 1 });
    expect(dry.stderr).toContain(`local directory ${uploadsDir}`);
    expect(dry.stderr).toContain('would remove 1 orphaned and 1 incomplete');
    expect(fs.existsSync(path.join(uploadsDir, 'objects', orphan))).toBe(true);

    const real = await sweep([], { DATA_DIR: dataDir });
    expect(real.code, real.stderr).toBe(0);
    expect(reportOf(real)).toMatchObject({ dryRun: false, removed: [orphan], young: 1, incomplete: 1 });
    expect(fs.existsSync(path.join(uploadsDir, 'objects', orphan))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir, 'objects', young))).toBe(true);
    expect(fs.readdirSync(path.join(uploadsDir, 'tmp'))).toEqual([]);
  });

  it('STORAGE=s3: the bucket and prefix the environment names', async () => {
    const storage = emulator.storage({ prefix: 'cmd' });
    const orphan = newUploadKey(1);
    await storage.put(orphan, Readable.from(['orphan']));
    emulator.backdate(`cmd/${orphan}`, 2 * DAY);
    const run = await sweep(['--grace-hours', '36'], {
      DATA_DIR: dataDir,
      STORAGE: 's3',
      S3_BUCKET: emulator.bucket,
      S3_ENDPOINT: emulator.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'cmd',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(reportOf(run)).toMatchObject({ removed: [orphan], young: 0, incomplete: 0 });
    expect(run.stderr).toContain(`S3 bucket ${emulator.bucket} under cmd/ at ${emulator.endpoint}`);
    expect(await storage.get(orphan)).toBeNull();
  });

  it('a bad option: exit code 2 and the usage', async () => {
    const run = await sweep(['--grace-hours', '0.1'], { DATA_DIR: dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--grace-hours must be a number of hours, at least 1');
    expect(run.stderr).toContain('Usage: pnpm --filter @app/api run storage:sweep');
  });

  it('STORAGE=s3 without S3_BUCKET: exit code 1, naming the variable', async () => {
    const run = await sweep([], { DATA_DIR: dataDir, STORAGE: 's3' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('S3_BUCKET="": required when STORAGE=s3');
  });
});
