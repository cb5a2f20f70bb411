import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'api.lock';

/** Another live process holds DATA_DIR/api.lock. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      [
        `The data directory ${dataDir} is already in use by another API process (pid ${pid}).`,
        `Lock file: ${lockFile}`,
        'To fix this, do one of:',
        `  - stop the other process (e.g. Ctrl+C in its terminal, or \`kill ${pid}\`),`,
        '  - start this one with another data directory: DATA_DIR=/some/other/dir,',
        '  - or use an external PostgreSQL instead of the embedded one: DATABASE_URL=postgres://...',
        `If you are sure no process ${pid} of this app is running, delete ${lockFile}.`,
      ].join('\n'),
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void;
}

/** True if a process with this pid exists (we may lack permission to signal it: still alive). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Takes DATA_DIR/api.lock (created exclusively, containing our pid). A lock left by a
 * process that no longer exists is replaced; one held by a live process throws
 * DataDirLockedError.
 */
export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, `${pid}\n`, { flag: 'wx', mode: 0o600 });
      return makeLock(file, pid);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }

    const holder = readPid(file);
    if (holder !== undefined && isProcessAlive(holder)) {
      throw new DataDirLockedError(dataDir, file, holder);
    }
    // Stale (its process is gone) or unreadable: remove it and try again.
    try {
      fs.unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock ${file}: it keeps reappearing.`);
}

function makeLock(file: string, pid: number): DataDirLock {
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      // Only remove the file if it is still ours (never someone else's lock).
      if (readPid(file) === pid) {
        try {
          fs.unlinkSync(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },
  };
}
