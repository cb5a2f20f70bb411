import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live, behind one small interface: a local directory by default
 * (local.ts); an S3-compatible object store is the production option (not built yet: see the
 * README). Keys are opaque names chosen by the API, never anything a user typed.
 */
export interface StoredObject {
  readonly size: number;
  /** SHA-256 of the bytes, hex. */
  readonly sha256: string;
}

export interface ObjectStorage {
  /**
   * Stores the stream under `key`, atomically: either the whole object is there afterwards, or
   * nothing is (a failed or aborted stream leaves no partial object).
   */
  put(key: string, body: Readable): Promise<StoredObject>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key stored (for finding objects no row refers to). */
  list(): AsyncIterable<string>;
  /** Where it stores, for the start-up log line. */
  readonly description: string;
}
