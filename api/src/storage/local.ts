import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage, StoredObject } from './storage';

const KEY = /^[a-z0-9][a-z0-9/_-]*$/;

/**
 * Objects as files under `root/objects/<key>`. A write goes to `root/tmp/<random>` first and is
 * renamed into place when the stream has ended (same file system, so the rename is atomic); the
 * SHA-256 and the size are computed on the way, without holding the file in memory.
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
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(this.objects, key);
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

  async *list(): AsyncIterable<string> {
    const walk = async function* (dir: string, prefix: string): AsyncIterable<string> {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const key = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
        else yield key;
      }
    };
    yield* walk(this.objects, '');
  }
}
