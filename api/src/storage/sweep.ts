import { inArray } from 'drizzle-orm';
import type { Db } from '../context';
import { uploads } from '../db/schema';
import { isUploadKey } from './keys';
import type { ObjectStorage } from './storage';

/**
 * How old an unreferenced object must be before the sweep removes it. An upload writes its
 * object first and its row right after, so for a moment every new object has no row; on S3 a
 * multipart object's date can be when its upload began. A day is far longer than any upload takes.
 */
export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;

/** Rows looked up per query. */
const BATCH = 500;

export interface SweepOptions {
  /** Default SWEEP_GRACE_MS. */
  readonly graceMs?: number;
  /** Count, remove nothing. */
  readonly dryRun?: boolean;
}

export interface SweepReport {
  /** Objects looked at. */
  readonly scanned: number;
  /** Keys of the objects removed (with dryRun: that would be): no row refers to them, older than the grace period. */
  readonly removed: readonly string[];
  /** Objects without a row, younger than the grace period: perhaps an upload in progress; kept for now. */
  readonly young: number;
  /** Objects whose key the API never makes (u/<user id>/<uuid>): not ours, never touched. */
  readonly foreign: number;
  /** Incomplete writes removed (or that would be): temporary files, unfinished multipart uploads. */
  readonly incomplete: number;
}

/**
 * Removes the objects no `uploads` row refers to, once older than the grace period, and what
 * writes that never finished left behind. Such objects come from a process that died between
 * writing an object and its row, and from a delete whose object removal failed after the row was
 * gone (removeUpload deletes the row first, so a row never points at a missing object). Safe to
 * run at any time, from several processes at once.
 */
export async function sweepStorage(db: Db, storage: ObjectStorage, now: Date, options: SweepOptions = {}): Promise<SweepReport> {
  const cutoff = new Date(now.getTime() - (options.graceMs ?? SWEEP_GRACE_MS));
  const dryRun = options.dryRun ?? false;
  let scanned = 0;
  let young = 0;
  let foreign = 0;
  const removed: string[] = [];
  let batch: { key: string; old: boolean }[] = [];

  const settle = async () => {
    if (batch.length === 0) return;
    const keys = batch.map((object) => object.key);
    const rows = await db.select({ key: uploads.storageKey }).from(uploads).where(inArray(uploads.storageKey, keys));
    const referenced = new Set(rows.map((row) => row.key));
    for (const { key, old } of batch) {
      if (referenced.has(key)) continue;
      if (!old) {
        young += 1;
        continue;
      }
      if (!dryRun) await storage.delete(key);
      removed.push(key);
    }
    batch = [];
  };

  for await (const object of storage.list()) {
    scanned += 1;
    if (!isUploadKey(object.key)) {
      foreign += 1;
      continue;
    }
    batch.push({ key: object.key, old: object.modifiedAt < cutoff });
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  const incomplete = await storage.removeIncomplete(cutoff, dryRun);
  return { scanned, removed, young, foreign, incomplete };
}
