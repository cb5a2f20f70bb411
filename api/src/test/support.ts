import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh temporary directory. mkdtemp makes it 0700; as root the embedded PostgreSQL runs
 * as the `postgres` user, which must be able to enter it, so it is opened up to 0755.
 */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export function removeDir(dir: string | undefined): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

/** The pid of a process that has exited (so no longer exists). */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn');
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}
