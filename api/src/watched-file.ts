import fs from 'node:fs';

/**
 * A file of the assembled site (config.json, deployment.json, …) that a release manager may rewrite
 * while the server runs, parsed once per version of the file (its mtime, size and inode: a release
 * replaces files by rename).
 *
 * - `current()` checks the file now: one `stat`. For what is asked rarely and must see a change at
 *   once (an HTML document, `GET /deployment.json`).
 * - `recent()` checks it at most once per `recheckMs` of the clock: for what every API answer reads
 *   (the minimum client build), where a `stat` per request was a measurable share of
 *   `POST /api/me/` (issue 12) and a change may take effect a second later.
 *
 * A missing or unparsable file reads as undefined (`parse` may throw).
 */
export interface WatchedFile<T> {
  current(): T | undefined;
  recent(): T | undefined;
}

export interface WatchedFileOptions {
  /** How long `recent()` trusts its last check (default 1 s). */
  readonly recheckMs?: number;
  /** The clock of those checks (the app's clock, so that tests can move it). */
  readonly now?: () => Date;
}

export const RECHECK_MS = 1000;

export function watchedFile<T>(file: string, parse: (text: string) => T, options: WatchedFileOptions = {}): WatchedFile<T> {
  const recheckMs = options.recheckMs ?? RECHECK_MS;
  const clock = options.now ?? (() => new Date());
  let version: string | undefined;
  let value: T | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;

  const current = (): T | undefined => {
    checkedAt = clock().getTime();
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      version = undefined;
      value = undefined;
      return undefined;
    }
    const seen = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    if (seen === version) return value;
    version = seen;
    try {
      value = parse(fs.readFileSync(file, 'utf8'));
    } catch {
      value = undefined;
    }
    return value;
  };

  const recent = (): T | undefined => {
    const now = clock().getTime();
    // A clock moved back (a test's, or the system's) counts as time to check again.
    if (now - checkedAt < recheckMs && now >= checkedAt) return value;
    return current();
  };

  return { current, recent };
}
