import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey } from './keys';
import type { ListedObject, ObjectStorage, StoredObject } from './storage';

/**
 * Objects as files under `root/objects/<key>`. A write goes to `root/tmp/<random>` first and is
 * renamed into place when the stream has ended (same file system, so the rename is atomic); the
 * SHA-256 and the size are computed on the way, without holding the file in memory. A process
 * that dies mid-write leaves its file in `tmp/`: `removeIncomplete` clears those.
 */
export class LocalStorage implements ObjectStorage {
  private readonly objects: string;
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.objects = path.join(root, 'objects');
    this.tmp = path.join(root, 'tmp');
  }

  get description(): string {
    return `local directory ${this.root}`;
  }

  private fileOf(key: string): string {
    return path.join(this.objects, checkKey(key));
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.fileOf(key);
    await fs.promises.mkdir(this.tmp, { recursive: true });
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(this.tmp, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, measure, fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
      await fs.promises.rename(temporary, target);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.fileOf(key);
    try {
      const handle = await fs.promises.open(file, 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.fileOf(key), { force: true });
  }

  async *list(): AsyncIterable<ListedObject> {
    const walk = async function* (dir: string, prefix: string): AsyncIterable<ListedObject> {
      for (const entry of await entriesOf(dir)) {
        const key = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          yield* walk(file, key);
          continue;
        }
        const modifiedAt = await modifiedAtOf(file);
        if (modifiedAt !== undefined) yield { key, modifiedAt };
      }
    };
    yield* walk(this.objects, '');
  }

  async removeIncomplete(before: Date, dryRun = false): Promise<number> {
    let removed = 0;
    for (const entry of await entriesOf(this.tmp)) {
      const file = path.join(this.tmp, entry.name);
      const modifiedAt = await modifiedAtOf(file);
      if (modifiedAt === undefined || modifiedAt >= before) continue;
      if (!dryRun) await fs.promises.rm(file, { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }
}

/** A directory's entries; none when it does not exist (yet). */
async function entriesOf(dir: string): Promise<fs.Dirent[]> {
  try {
    return await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A file's mtime; undefined when it has gone meanwhile (deleted, or renamed into place). */
async function modifiedAtOf(file: string): Promise<Date | undefined> {
  try {
    return (await fs.promises.stat(file)).mtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
