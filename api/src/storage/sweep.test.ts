import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads } from '../db/schema';
import { createUser, loggedIn, startTestApi, type TestApi, type TestUser } from '../test/api';
import { makeTempDir, removeDir } from '../test/support';
import { newUploadKey } from './keys';
import { LocalStorage } from './local';
import type { ObjectStorage } from './storage';
import { SWEEP_GRACE_MS, sweepStorage } from './sweep';
import { startS3Emulator, type S3Emulator } from './testing/s3-emulator';

// The sweep on the real embedded PostgreSQL (rows in `uploads`), over both adapters.

let api: TestApi;
let user: TestUser;
let emulator: S3Emulator;
const dirs: string[] = [];

beforeAll(async () => {
  api = await startTestApi();
  user = await createUser(api);
  emulator = await startS3Emulator();
});
afterAll(async () => {
  await emulator?.close();
  await api?.close();
  dirs.forEach(removeDir);
});

/** A moment at which everything written so far is past the grace period. */
const pastGrace = () => new Date(Date.now() + SWEEP_GRACE_MS + 60_000);

async function store(storage: ObjectStorage, key: string): Promise<string> {
  await storage.put(key, Readable.from([`bytes of ${key}`]));
  return key;
}

/** An `uploads` row for the key, as createUpload writes it. */
async function row(key: string): Promise<string> {
  await api.database.drizzle.insert(uploads).values({
    userId: user.id,
    kind: 'pl',
    name: 'pl.pdf',
    contentType: 'application/pdf',
    size: 1,
    sha256: '0'.repeat(64),
    storageKey: key,
    createdAt: new Date(),
  });
  return key;
}

async function keysOf(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

let nextPrefix = 1;
const adapters: { name: string; make(): { storage: ObjectStorage; leaveIncomplete: () => Promise<void> } }[] = [
  {
    name: 'LocalStorage',
    make() {
      const root = makeTempDir('sweep');
      dirs.push(root);
      return {
        storage: new LocalStorage(root),
        leaveIncomplete: async () => {
          fs.mkdirSync(path.join(root, 'tmp'), { recursive: true });
          fs.writeFileSync(path.join(root, 'tmp', randomUUID()), 'half a file');
        },
      };
    },
  },
  {
    name: 'S3Storage',
    make() {
      const prefix = `sweep${nextPrefix++}`;
      const storage = emulator.storage({ prefix });
      return {
        storage,
        leaveIncomplete: async () => {
          await storage.client.send(
            new CreateMultipartUploadCommand({ Bucket: emulator.bucket, Key: `${prefix}/${newUploadKey(user.id)}` }),
          );
        },
      };
    },
  },
];

describe.each(adapters)('sweepStorage over $name', (adapter) => {
  it('removes old objects no row refers to; keeps referenced ones, young ones and keys the API never makes', async () => {
    const { storage } = adapter.make();
    const referenced = await row(await store(storage, newUploadKey(user.id)));
    const orphan = await store(storage, newUploadKey(user.id));
    const foreign = [await store(storage, 'backups/db'), await store(storage, `u/${user.id}/not-a-uuid`)];

    // Right now the orphan is young: maybe an upload whose row is about to be written.
    const now = await sweepStorage(api.database.drizzle, storage, new Date());
    expect(now).toEqual({ scanned: 4, removed: [], young: 1, foreign: 2, incomplete: 0 });

    const later = await sweepStorage(api.database.drizzle, storage, pastGrace());
    expect(later).toEqual({ scanned: 4, removed: [orphan], young: 0, foreign: 2, incomplete: 0 });
    expect(await keysOf(storage)).toEqual([referenced, ...foreign].sort());
    expect(await storage.get(orphan)).toBeNull();
  });

  it('a dry run reports and removes nothing', async () => {
    const { storage, leaveIncomplete } = adapter.make();
    const orphan = await store(storage, newUploadKey(user.id));
    await leaveIncomplete();
    const report = await sweepStorage(api.database.drizzle, storage, pastGrace(), { dryRun: true });
    expect(report).toEqual({ scanned: 1, removed: [orphan], young: 0, foreign: 0, incomplete: 1 });
    expect(await keysOf(storage)).toEqual([orphan]);
    expect(await storage.removeIncomplete(pastGrace(), true)).toBe(1);
  });

  it('clears incomplete writes once past the grace period', async () => {
    const { storage, leaveIncomplete } = adapter.make();
    await leaveIncomplete();
    expect((await sweepStorage(api.database.drizzle, storage, new Date())).incomplete).toBe(0);
    expect((await sweepStorage(api.database.drizzle, storage, pastGrace())).incomplete).toBe(1);
    expect(await storage.removeIncomplete(pastGrace(), true)).toBe(0);
  });

  it('a shorter grace period', async () => {
    const { storage } = adapter.make();
    const orphan = await store(storage, newUploadKey(user.id));
    const report = await sweepStorage(api.database.drizzle, storage, new Date(Date.now() + 5 * 60_000), { graceMs: 60_000 });
    expect(report.removed).toEqual([orphan]);
  });
});

describe('sweepStorage in batches', () => {
  it('looks rows up 500 keys at a time, with rows among them', async () => {
    const storage = new LocalStorage(makeTempDir('sweep-many'));
    dirs.push(storage.root);
    const orphans: string[] = [];
    const kept: string[] = [];
    for (let i = 0; i < 1100; i++) {
      const key = await store(storage, newUploadKey(user.id));
      if (i % 100 === 7) kept.push(await row(key));
      else orphans.push(key);
    }
    const select = vi.spyOn(api.database.drizzle, 'select');
    const report = await sweepStorage(api.database.drizzle, storage, pastGrace());
    expect(select).toHaveBeenCalledTimes(3);
    select.mockRestore();
    expect(report.scanned).toBe(1100);
    expect([...report.removed].sort()).toEqual(orphans.sort());
    expect(await keysOf(storage)).toEqual(kept.sort());
  });
});

describe('deleting an upload', () => {
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createUser(api);
  });
  afterEach(() => vi.restoreAllMocks());

  it('removes the row, then the object; if the object cannot be removed, the sweep removes it later', async () => {
    const agent = await loggedIn(api, owner);
    const created = await agent.upload('/api/uploads/', { kind: 'pl' }, { name: 'pl.pdf', content: PDF });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const [stored] = await api.database.drizzle.select().from(uploads).where(eq(uploads.id, id));
    const key = stored?.storageKey ?? '';
    expect(await keysOf(api.context.storage)).toContain(key);

    vi.spyOn(api.context.storage, 'delete').mockRejectedValueOnce(new Error('storage unreachable'));
    expect((await agent.delete(`/api/uploads/${id}/`)).statusCode).toBe(204);
    expect(await api.database.drizzle.select().from(uploads).where(eq(uploads.id, id))).toEqual([]);
    expect((await agent.get('/api/uploads/')).json()).toEqual([]);
    expect(await keysOf(api.context.storage)).toContain(key);

    expect((await sweepStorage(api.database.drizzle, api.context.storage, new Date())).removed).toEqual([]);
    const report = await sweepStorage(api.database.drizzle, api.context.storage, pastGrace());
    expect(report.removed).toEqual([key]);
    expect(await keysOf(api.context.storage)).not.toContain(key);
  });

  it('a row whose insert fails leaves no object, even when removing it fails too (the sweep does)', async () => {
    const agent = await loggedIn(api, owner);
    const before = await keysOf(api.context.storage);
    vi.spyOn(api.context.db, 'transaction').mockRejectedValueOnce(new Error('database went away'));
    vi.spyOn(api.context.storage, 'delete').mockRejectedValueOnce(new Error('storage unreachable'));
    const response = await agent.upload('/api/uploads/', { kind: 'pl' }, { name: 'pl.pdf', content: PDF });
    expect(response.statusCode).toBe(500);
    const left = (await keysOf(api.context.storage)).filter((key) => !before.includes(key));
    expect(left).toHaveLength(1);
    const report = await sweepStorage(api.database.drizzle, api.context.storage, pastGrace());
    expect(report.removed).toEqual(left);
  });
});
