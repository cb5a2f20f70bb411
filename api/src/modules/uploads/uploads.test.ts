import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MESSAGES, UploadListSchema, UploadSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_DETAIL } from '../../http/errors';
import { createUser, loggedIn, newAgent, startTestApi, type Agent, type TestApi, type TestUser } from '../../test/api';

/** Real file heads: what the type is decided by. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(32),
]);
const CSV = Buffer.from('日付,摘要,お預り金額,お引出金額\n2026-10-01,振込 ツムギショウジ,100000,\n');
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(0x3a),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(0x40),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

let api: TestApi;
let alice: TestUser;
let aliceAgent: Agent;
let bobAgent: Agent;

beforeAll(async () => {
  api = await startTestApi();
  alice = await createUser(api, { last_name: '有栖', first_name: '花子' });
  const bob = await createUser(api, { last_name: '坊', first_name: '太郎' });
  aliceAgent = await loggedIn(api, alice);
  bobAgent = await loggedIn(api, bob);
});
afterAll(async () => {
  await api?.close();
});

const objects = () => {
  const root = path.join(api.dataDir, 'uploads', 'objects');
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [e.name]))
      : [];
  return walk(root);
};
const listOf = async (agent: Agent) => UploadListSchema.parse((await agent.get('/api/uploads/')).json());

describe('POST /api/uploads/', () => {
  it.each([
    ['a PNG', 'pl', PNG, 'image/png', 'pl.png'],
    ['a JPEG', 'bs', JPEG, 'image/jpeg', '決算書.jpg'],
    ['a PDF', 'financial_statements', PDF, 'application/pdf', '決算書.pdf'],
    ['a HEIC photo', 'tax_returns', HEIC, 'image/heic', 'IMG_0001.HEIC'],
    ['a CSV statement', 'ib_details', CSV, 'text/csv', '入出金明細.csv'],
  ])('stores %s: 201, the type read from its bytes, the name kept for display', async (_label, kind, content, type, name) => {
    const response = await aliceAgent.upload('/api/uploads/', { kind }, { name, content, type: 'application/octet-stream' });
    expect(response.statusCode).toBe(201);
    const upload = UploadSchema.parse(response.json());
    expect(upload).toMatchObject({ kind, side: null, name, content_type: type, size: content.length, active: false });
    const back = await aliceAgent.get(`/api/uploads/${upload.id}/content/`);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(content)).toBe(true);
    expect(back.headers['content-type']).toBe(type);
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('identity documents say which side; the side is required for them and refused for others', async () => {
    const front = await aliceAgent.upload('/api/uploads/', { kind: 'identity', side: 'front' }, { name: '免許証 表.jpg', content: JPEG });
    expect(front.statusCode).toBe(201);
    expect(front.json()).toMatchObject({ kind: 'identity', side: 'front' });
    const noSide = await aliceAgent.upload('/api/uploads/', { kind: 'identity' }, { name: 'a.jpg', content: JPEG });
    expect([noSide.statusCode, noSide.json()]).toEqual([400, { side: [UPLOAD_MESSAGES.sideRequired] }]);
    const sideOnPl = await aliceAgent.upload('/api/uploads/', { kind: 'pl', side: 'back' }, { name: 'a.jpg', content: JPEG });
    expect([sideOnPl.statusCode, sideOnPl.json()]).toEqual([400, { side: [UPLOAD_MESSAGES.sideNotForKind] }]);
  });

  it.each([
    ['an .exe renamed .png', 'pl', { name: 'photo.png', content: EXE, type: 'image/png' }, UPLOAD_MESSAGES.unsupported('pl')],
    ['HTML posing as a PDF', 'pl', { name: 'a.pdf', content: HTML, type: 'application/pdf' }, UPLOAD_MESSAGES.unsupported('pl')],
    ['a CSV where only documents are taken', 'pl', { name: 'a.csv', content: CSV, type: 'text/csv' }, UPLOAD_MESSAGES.unsupported('pl')],
    ['an empty file', 'pl', { name: 'empty.pdf', content: Buffer.alloc(0) }, UPLOAD_MESSAGES.empty],
    ['a path in the file name', 'pl', { name: '../../etc/passwd.png', content: PNG }, UPLOAD_MESSAGES.pathInName],
    ['a Windows path in the file name', 'pl', { name: 'C:\\Users\\a.png', content: PNG }, UPLOAD_MESSAGES.pathInName],
  ])('refuses %s: 400 with the Japanese message, nothing stored, other files untouched', async (_label, kind, file, message) => {
    const before = await listOf(aliceAgent);
    const stored = objects().length;
    const response = await aliceAgent.upload('/api/uploads/', { kind }, file);
    expect([response.statusCode, response.json()]).toEqual([400, { content_file: [message] }]);
    expect(await listOf(aliceAgent)).toEqual(before);
    expect(objects().length).toBe(stored);
  });

  it('refuses no file, an unknown kind, a file before its fields', async () => {
    expect((await aliceAgent.upload('/api/uploads/', { kind: 'pl' })).json()).toEqual({ content_file: [UPLOAD_MESSAGES.noFile] });
    const unknownKind = await aliceAgent.upload('/api/uploads/', { kind: 'passport_photo' }, { name: 'a.png', content: PNG });
    expect(unknownKind.statusCode).toBe(400);
    expect(Object.keys(unknownKind.json<Record<string, unknown>>())).toEqual(['kind']);
  });

  it('a multipart body sent to an endpoint that takes JSON (POST /api/me/): 415, nothing stored', async () => {
    const before = objects().length;
    const response = await aliceAgent.upload('/api/me/', { kind: 'pl' }, { name: 'a.png', content: PNG });
    expect(response.statusCode).toBe(415);
    expect(objects()).toHaveLength(before);
  });

  it('a file over the limit: 400, nothing stored', async () => {
    const stored = objects().length;
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 1 - PDF.length, 0x20)]);
    const response = await aliceAgent.upload('/api/uploads/', { kind: 'pl' }, { name: 'big.pdf', content: big });
    expect([response.statusCode, response.json()]).toEqual([400, { content_file: [UPLOAD_MESSAGES.tooLarge] }]);
    expect(objects().length).toBe(stored);
  });

  it('a body cut off in the middle of the file: 400, nothing stored', async () => {
    const stored = objects().length;
    const agent = aliceAgent;
    const boundary = '----cut';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\npl\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content_file"; filename="a.pdf"\r\n\r\n`),
      PDF.subarray(0, 20),
    ]);
    const response = await agent.request('POST', '/api/uploads/', {
      body: payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ content_file: [UPLOAD_MESSAGES.interrupted] });
    expect(objects().length).toBe(stored);
  });

  it('control and bidi characters are dropped from the name, NFC kept', async () => {
    const name = 'ka\u0301\u202e\u0007決算書.pdf';
    const response = await aliceAgent.upload('/api/uploads/', { kind: 'pl' }, { name, content: PDF });
    expect(response.json()).toMatchObject({ name: 'ká決算書.pdf' });
  });
});

describe("another user's files (every {id} is someone's)", () => {
  let aliceFile: number;
  beforeAll(async () => {
    aliceFile = UploadSchema.parse((await aliceAgent.upload('/api/uploads/', { kind: 'bs' }, { name: 'bs.pdf', content: PDF })).json()).id;
  });

  it('GET …/content/ of someone else’s file: 404, like a missing one', async () => {
    const response = await bobAgent.get(`/api/uploads/${aliceFile}/content/`);
    expect([response.statusCode, response.json()]).toEqual([404, { detail: NOT_FOUND_DETAIL }]);
    expect((await bobAgent.get('/api/uploads/999999/content/')).statusCode).toBe(404);
  });

  it('DELETE of someone else’s file: 404, and it is still there', async () => {
    expect((await bobAgent.delete(`/api/uploads/${aliceFile}/`)).statusCode).toBe(404);
    expect((await aliceAgent.get(`/api/uploads/${aliceFile}/content/`)).statusCode).toBe(200);
  });

  it('the list shows only one’s own files', async () => {
    expect((await listOf(bobAgent)).map((u) => u.id)).not.toContain(aliceFile);
    expect((await listOf(aliceAgent)).map((u) => u.id)).toContain(aliceFile);
  });

  it('activating someone else’s delinquency file: 400, nothing changes', async () => {
    const own = UploadSchema.parse(
      (await aliceAgent.upload('/api/uploads/', { kind: 'delinquency' }, { name: '納税証明.pdf', content: PDF })).json(),
    );
    const response = await bobAgent.patch('/api/uploads/active_delinquency/', { ids: [own.id] });
    expect([response.statusCode, response.json()]).toEqual([400, { ids: [UPLOAD_MESSAGES.notDelinquency(own.id)] }]);
    expect((await listOf(aliceAgent)).find((u) => u.id === own.id)?.active).toBe(false);
  });

  it('a visitor gets 403 on every upload route', async () => {
    const visitor = await newAgent(api);
    for (const response of [
      await visitor.get('/api/uploads/'),
      await visitor.get(`/api/uploads/${aliceFile}/content/`),
      await visitor.delete(`/api/uploads/${aliceFile}/`),
      await visitor.upload('/api/uploads/', { kind: 'pl' }, { name: 'a.pdf', content: PDF }),
      await visitor.patch('/api/uploads/active_delinquency/', { ids: [aliceFile] }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('DELETE /api/uploads/{id}/ and active delinquency', () => {
  it('deletes the row and the object; the other files stay', async () => {
    const keep = UploadSchema.parse((await aliceAgent.upload('/api/uploads/', { kind: 'pl' }, { name: 'keep.pdf', content: PDF })).json());
    const gone = UploadSchema.parse((await aliceAgent.upload('/api/uploads/', { kind: 'pl' }, { name: 'gone.pdf', content: PDF })).json());
    const stored = objects().length;
    expect((await aliceAgent.delete(`/api/uploads/${gone.id}/`)).statusCode).toBe(204);
    expect(objects().length).toBe(stored - 1);
    expect((await aliceAgent.get(`/api/uploads/${gone.id}/content/`)).statusCode).toBe(404);
    expect((await aliceAgent.delete(`/api/uploads/${gone.id}/`)).statusCode).toBe(404);
    expect((await aliceAgent.get(`/api/uploads/${keep.id}/content/`)).statusCode).toBe(200);
  });

  it('activates one’s own delinquency files; another kind is refused', async () => {
    const file = UploadSchema.parse(
      (await aliceAgent.upload('/api/uploads/', { kind: 'delinquency' }, { name: '分納誓約書.pdf', content: PDF })).json(),
    );
    const other = UploadSchema.parse((await aliceAgent.upload('/api/uploads/', { kind: 'pl' }, { name: 'pl.pdf', content: PDF })).json());
    const refused = await aliceAgent.patch('/api/uploads/active_delinquency/', { ids: [file.id, other.id] });
    expect([refused.statusCode, refused.json()]).toEqual([400, { ids: [UPLOAD_MESSAGES.notDelinquency(other.id)] }]);
    const response = await aliceAgent.patch('/api/uploads/active_delinquency/', { ids: [file.id] });
    expect(response.statusCode).toBe(200);
    expect(UploadListSchema.parse(response.json()).find((u) => u.id === file.id)?.active).toBe(true);
  });

  it('a bad id in the path is refused before anything is read', async () => {
    expect((await aliceAgent.delete('/api/uploads/abc/')).statusCode).toBe(400);
  });
});
