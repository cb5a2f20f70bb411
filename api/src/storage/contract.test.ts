import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateMultipartUploadCommand, GetObjectCommand, ListObjectsV2Command, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test/support';
import { LocalStorage } from './local';
import { PART_SIZE, type S3Storage } from './s3';
import type { ListedObject, ObjectStorage } from './storage';
import { startS3Emulator, type S3Emulator } from './testing/s3-emulator';

/**
 * One contract, every adapter: the same cases run against LocalStorage (a temporary directory)
 * and S3Storage (an S3 emulator in this process, each test under its own key prefix).
 */
interface Subject {
  readonly storage: ObjectStorage;
  /** Leaves what a process that died in the middle of a write leaves behind. */
  leaveIncomplete(): Promise<void>;
  /** What incomplete writes are left, in the adapter's own terms (temporary files; multipart uploads). */
  leftovers(): string[];
  close(): Promise<void>;
}

interface Adapter {
  readonly name: string;
  start(): Promise<void>;
  subject(): Promise<Subject>;
  stop(): Promise<void>;
}

const local: Adapter = {
  name: 'LocalStorage',
  start: async () => undefined,
  async subject() {
    const root = makeTempDir('storage');
    const storage = new LocalStorage(root);
    const tmp = path.join(root, 'tmp');
    return {
      storage,
      async leaveIncomplete() {
        fs.mkdirSync(tmp, { recursive: true });
        fs.writeFileSync(path.join(tmp, randomUUID()), Buffer.alloc(1000, 1));
      },
      leftovers: () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []),
      close: async () => removeDir(root),
    };
  },
  stop: async () => undefined,
};

let emulator: S3Emulator;
let nextPrefix = 1;
const s3: Adapter = {
  name: 'S3Storage',
  async start() {
    emulator = await startS3Emulator();
  },
  async subject() {
    const prefix = `t${nextPrefix++}`;
    const storage = emulator.storage({ prefix });
    return {
      storage,
      async leaveIncomplete() {
        const Key = `${prefix}/u/1/${randomUUID()}`;
        const { UploadId } = await storage.client.send(new CreateMultipartUploadCommand({ Bucket: emulator.bucket, Key }));
        await storage.client.send(
          new UploadPartCommand({ Bucket: emulator.bucket, Key, UploadId, PartNumber: 1, Body: Buffer.alloc(PART_SIZE, 1) }),
        );
      },
      leftovers: () => emulator.pendingUploads().filter((key) => key.startsWith(`${prefix}/`)),
      close: async () => undefined,
    };
  },
  stop: async () => emulator?.close(),
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const MB = 1024 * 1024;

/** `size` bytes in 64 KiB chunks, made as they are read; the same bytes every time. */
function generated(size: number): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0, index = 0; offset < size; offset += 64 * 1024, index += 1) {
        yield Buffer.alloc(Math.min(64 * 1024, size - offset), index % 251);
      }
    })(),
  );
}

/** `bytes` of data, then the error a dropped connection gives. */
function failingAfter(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      yield* generated(bytes);
      throw new Error('connection reset');
    })(),
  );
}

async function read(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const body = await storage.get(key);
  return body === null ? null : buffer(body);
}

async function listAll(storage: ObjectStorage): Promise<ListedObject[]> {
  const objects: ListedObject[] = [];
  for await (const object of storage.list()) objects.push(object);
  return objects.sort((a, b) => (a.key < b.key ? -1 : 1));
}

const keysOf = async (storage: ObjectStorage) => (await listAll(storage)).map((object) => object.key);

describe.each([local, s3])('$name', (adapter) => {
  let subject: Subject;
  let storage: ObjectStorage;

  beforeAll(() => adapter.start());
  afterAll(() => adapter.stop());
  beforeEach(async () => {
    subject = await adapter.subject();
    storage = subject.storage;
  });
  afterEach(() => subject.close());

  it('stores a stream, reports its size and SHA-256, and gives the bytes back', async () => {
    const stored = await storage.put('u/1/abc', Readable.from(['こんにちは', ' world']));
    expect(stored).toEqual({ size: Buffer.byteLength('こんにちは world'), sha256: sha256('こんにちは world') });
    expect((await read(storage, 'u/1/abc'))?.toString()).toBe('こんにちは world');
  });

  it('stores an empty stream', async () => {
    expect(await storage.put('u/1/empty', Readable.from([]))).toEqual({ size: 0, sha256: sha256('') });
    expect(await read(storage, 'u/1/empty')).toEqual(Buffer.alloc(0));
  });

  it('a put under an existing key replaces the object', async () => {
    await storage.put('u/1/same', Readable.from([Buffer.from('first version, longer')]));
    const second = await storage.put('u/1/same', Readable.from([Buffer.from('second')]));
    expect(second).toEqual({ size: 6, sha256: sha256('second') });
    expect((await read(storage, 'u/1/same'))?.toString()).toBe('second');
    expect(await keysOf(storage)).toEqual(['u/1/same']);
  });

  it('get of a missing key is null', async () => {
    expect(await storage.get('u/1/never-stored')).toBeNull();
  });

  it('delete removes the object; deleting again, or a key never stored, is fine', async () => {
    await storage.put('u/1/gone', Readable.from(['x']));
    await storage.put('u/1/stays', Readable.from(['y']));
    await storage.delete('u/1/gone');
    expect(await storage.get('u/1/gone')).toBeNull();
    await expect(storage.delete('u/1/gone')).resolves.toBeUndefined();
    await expect(storage.delete('u/9/never-stored')).resolves.toBeUndefined();
    expect(await keysOf(storage)).toEqual(['u/1/stays']);
  });

  it('lists every object with when it was written; nothing before the first write', async () => {
    expect(await listAll(storage)).toEqual([]);
    const before = Date.now() - 2000; // S3 dates have whole seconds
    for (const key of ['u/1/a', 'u/1/b', 'u/22/c', 'x']) await storage.put(key, Readable.from([key]));
    const listed = await listAll(storage);
    expect(listed.map((object) => object.key)).toEqual(['u/1/a', 'u/1/b', 'u/22/c', 'x']);
    for (const { modifiedAt } of listed) {
      expect(modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
  });

  it.each([
    ['after 1 KB', 1024],
    ['after 6 MB (more than one S3 part)', 6 * MB],
  ])('a stream that fails %s leaves no object and nothing incomplete', async (_label, bytes) => {
    await storage.put('u/1/kept', Readable.from(['kept']));
    await expect(storage.put('u/1/broken', failingAfter(bytes))).rejects.toThrow('connection reset');
    expect(await storage.get('u/1/broken')).toBeNull();
    expect(await keysOf(storage)).toEqual(['u/1/kept']);
    expect(subject.leftovers()).toEqual([]);
  });

  it('a failed replacement leaves the previous object as it was', async () => {
    await storage.put('u/1/doc', Readable.from(['version 1']));
    await expect(storage.put('u/1/doc', failingAfter(6 * MB))).rejects.toThrow('connection reset');
    expect((await read(storage, 'u/1/doc'))?.toString()).toBe('version 1');
  });

  it('stores a 20 MB stream part by part, with the right size and SHA-256', async () => {
    const size = 20 * MB + 12_345;
    const expected = createHash('sha256');
    for await (const chunk of generated(size)) expected.update(chunk as Buffer);
    const stored = await storage.put('u/1/big', generated(size));
    expect(stored).toEqual({ size, sha256: expected.digest('hex') });
    const back = await storage.get('u/1/big');
    const actual = createHash('sha256');
    let length = 0;
    for await (const chunk of back ?? []) {
      actual.update(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
    expect({ size: length, sha256: actual.digest('hex') }).toEqual(stored);
  });

  it.each(['../etc/passwd', '/abs', 'a/../../b', 'Upper', '', 'u//x', 'u/1/'])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow('invalid storage key');
    await expect(storage.get(key)).rejects.toThrow('invalid storage key');
    await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
  });

  it('removeIncomplete clears what a write that died left, once it is older than the cut-off', async () => {
    await storage.put('u/1/complete', Readable.from(['complete']));
    await subject.leaveIncomplete();
    expect(subject.leftovers()).toHaveLength(1);
    // Started after the cut-off: maybe still being written, left alone.
    expect(await storage.removeIncomplete(new Date(Date.now() - 60_000))).toBe(0);
    expect(await storage.removeIncomplete(new Date(Date.now() + 60_000), true)).toBe(1);
    expect(subject.leftovers()).toHaveLength(1);
    expect(await storage.removeIncomplete(new Date(Date.now() + 60_000))).toBe(1);
    expect(subject.leftovers()).toEqual([]);
    expect(await keysOf(storage)).toEqual(['u/1/complete']);
  });

  it('says where it stores', () => {
    expect(storage.description).toMatch(/^(local directory \/|S3 bucket uploads-test under t\d+\/ at http:\/\/127\.0\.0\.1:\d+$)/);
  });
});

/** The names of the commands the storage's client sends, as they are sent; `probe()` is read at each. */
function recordCommands(storage: S3Storage, probe: () => unknown = () => undefined): { name: string; probe: unknown }[] {
  const sent: { name: string; probe: unknown }[] = [];
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ name: context.commandName ?? '?', probe: probe() });
      return next(args);
    },
    { step: 'initialize' },
  );
  return sent;
}

describe('S3Storage only', () => {
  beforeAll(async () => {
    emulator = await startS3Emulator();
  });
  afterAll(() => emulator?.close());

  it('keeps every key under its prefix, and sees nothing outside it', async () => {
    const one = emulator.storage({ prefix: '/app/one/' });
    const other = emulator.storage({ prefix: 'app/other' });
    await one.put('u/1/a', Readable.from(['a']));
    const raw = await one.client.send(new ListObjectsV2Command({ Bucket: emulator.bucket, Prefix: 'app/' }));
    expect(raw.Contents?.map((object) => object.Key)).toEqual(['app/one/u/1/a']);
    expect(await keysOf(one)).toEqual(['u/1/a']);
    expect(await keysOf(other)).toEqual([]);
    expect(await other.get('u/1/a')).toBeNull();
    await other.delete('u/1/a');
    expect(await read(one, 'u/1/a')).toEqual(Buffer.from('a'));
  });

  it('lists page by page', async () => {
    const storage = emulator.storage({ prefix: 'paged', listPageSize: 2 });
    const keys = ['u/1/a', 'u/1/b', 'u/1/c', 'u/1/d', 'u/1/e'];
    for (const key of keys) await storage.put(key, Readable.from([key]));
    const sent = recordCommands(storage);
    expect(await keysOf(storage)).toEqual(keys);
    expect(sent.map((command) => command.name)).toEqual(Array<string>(3).fill('ListObjectsV2Command'));
  });

  it('reads a big stream one part at a time: never much more than a part ahead of what was sent', async () => {
    const storage = emulator.storage({ prefix: 'streamed' });
    let pulled = 0;
    const size = 20 * MB;
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of generated(size)) {
          pulled += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      })(),
    );
    const sent = recordCommands(storage, () => pulled);
    await storage.put('u/1/big', counted);
    expect(sent.map((command) => command.name)).toEqual([
      'CreateMultipartUploadCommand',
      ...Array<string>(4).fill('UploadPartCommand'),
      'CompleteMultipartUploadCommand',
    ]);
    const parts = sent.filter((command) => command.name === 'UploadPartCommand');
    // What the stream has given when each part goes out: that part and what it reads ahead.
    parts.forEach((part, index) => expect(part.probe).toBeLessThanOrEqual((index + 1) * PART_SIZE + 2 * MB));
  });

  it('a stream that fails after a part was sent aborts the multipart upload', async () => {
    const storage = emulator.storage({ prefix: 'aborted' });
    const sent = recordCommands(storage);
    await expect(storage.put('u/1/x', failingAfter(6 * MB))).rejects.toThrow('connection reset');
    expect(sent.map((command) => command.name)).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'AbortMultipartUploadCommand',
    ]);
    expect(emulator.pendingUploads().filter((key) => key.startsWith('aborted/'))).toEqual([]);
  });

  it('a small object goes in one PutObject', async () => {
    const storage = emulator.storage({ prefix: 'single' });
    const sent = recordCommands(storage);
    await storage.put('u/1/x', generated(PART_SIZE));
    expect(sent.map((command) => command.name)).toEqual(['PutObjectCommand']);
  });

  it('a multipart object is whole and the same as what was sent', async () => {
    const storage = emulator.storage({ prefix: 'multipart' });
    const size = 2 * PART_SIZE + 1;
    const stored = await storage.put('u/1/m', generated(size));
    const object = await storage.client.send(new GetObjectCommand({ Bucket: emulator.bucket, Key: 'multipart/u/1/m' }));
    expect(object.ContentLength).toBe(size);
    expect(sha256(await buffer(object.Body as Readable))).toBe(stored.sha256);
  });

  it('a missing bucket is an error, not a missing object', async () => {
    const storage = emulator.storage({ bucket: 'no-such-bucket' });
    await expect(storage.get('u/1/a')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
