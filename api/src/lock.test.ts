import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, isProcessAlive } from './lock';
import { deadPid, makeTempDir, removeDir } from './test/support';

let dataDir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = makeTempDir('api-lock');
  lockFile = path.join(dataDir, 'api.lock');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  removeDir(dataDir);
});

describe('acquireDataDirLock', () => {
  it('creates DATA_DIR/api.lock with our pid and removes it on release', () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const lock = acquireDataDirLock(nested);
    expect(lock.file).toBe(path.join(nested, 'api.lock'));
    expect(fs.readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    lock.release(); // twice is fine
  });

  it('refuses while another live process holds it, naming the directory, the pid and the fixes', () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    const pid = other.pid!;
    fs.writeFileSync(lockFile, `${pid}\n`);

    let error: unknown;
    try {
      acquireDataDirLock(dataDir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const locked = error as DataDirLockedError;
    expect(locked.pid).toBe(pid);
    expect(locked.message).toContain(dataDir);
    expect(locked.message).toContain(`pid ${pid}`);
    expect(locked.message).toContain('DATA_DIR=');
    expect(locked.message).toContain('DATABASE_URL=');
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(pid)); // left alone
  });

  it('refuses a second lock in the same process', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(dataDir).release();
  });

  it('replaces a stale lock whose process is gone', async () => {
    const pid = await deadPid();
    expect(isProcessAlive(pid)).toBe(false);
    fs.writeFileSync(lockFile, `${pid}\n`);

    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('replaces a lock file without a pid in it', () => {
    fs.writeFileSync(lockFile, 'garbage');
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('release never removes a lock that is no longer ours', () => {
    const lock = acquireDataDirLock(dataDir);
    fs.writeFileSync(lockFile, '999999\n');
    lock.release();
    expect(fs.readFileSync(lockFile, 'utf8')).toBe('999999\n');
  });
});
