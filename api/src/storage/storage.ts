import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live, behind one small interface: a local directory by default
 * (local.ts) or an S3-compatible object store (s3.ts: AWS S3, Cloudflare R2, MinIO), chosen by
 * STORAGE (create.ts). Keys are opaque names chosen by the API, never anything a user typed
 * (keys.ts). Both adapters pass the same contract tests (contract.test.ts).
 */
export interface StoredObject {
  readonly size: number;
  /** SHA-256 of the bytes, hex. */
  readonly sha256: string;
}

export interface ListedObject {
  readonly key: string;
  /** When the object was written (a file's mtime; S3's LastModified). */
  readonly modifiedAt: Date;
}

export interface ObjectStorage {
  /**
   * Stores the stream under `key`, atomically: either the whole object is there afterwards, or
   * nothing is (a failed or aborted stream leaves no partial object). Storing under a key that
   * exists replaces that object. The stream is never held whole in memory.
   */
  put(key: string, body: Readable): Promise<StoredObject>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object stored (for finding objects no row refers to: sweep.ts). */
  list(): AsyncIterable<ListedObject>;
  /**
   * Removes what writes that never finished left behind — a process that died in the middle of
   * a `put` (local: temporary files; S3: multipart uploads neither completed nor aborted) — when
   * started before `before`, so that writes still in progress are left alone. Never a complete
   * object. Returns how many there were; with `dryRun`, only counts them.
   */
  removeIncomplete(before: Date, dryRun?: boolean): Promise<number>;
  /** Where it stores, for the start-up log line. */
  readonly description: string;
}
