import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test/support';
import { LocalStorage } from './local';

let root: string;
let storage: LocalStorage;
beforeEach(() => {
  root = makeTempDir('storage');
  storage = new LocalStorage(root);
});
afterEach(() => removeDir(root));

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('LocalStorage', () => {
  it('stores a stream, reports size and SHA-256, reads it back, deletes it', async () => {
    const stored = await storage.put('u/1/abc', Readable.from(['こんにちは', ' world']));
    expect(stored).toEqual({ size: Buffer.byteLength('こんにちは world'), sha256: sha256('こんにちは world') });
    const body = await storage.get('u/1/abc');
    expect(body && (await text(body))).toBe('こんにちは world');
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual(['u/1/abc']);
    await storage.delete('u/1/abc');
    expect(await storage.get('u/1/abc')).toBeNull();
    await expect(storage.delete('u/1/abc')).resolves.toBeUndefined();
  });

  it('a stream that fails half-way leaves no object and no temporary file', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('u/1/broken', failing)).rejects.toThrow('connection reset');
    expect(await storage.get('u/1/broken')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it.each(['../etc/passwd', '/abs', 'a/../../b', 'Upper', ''])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow('invalid storage key');
  });

  it('lists nothing before the first write', async () => {
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual([]);
  });
});
