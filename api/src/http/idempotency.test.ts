import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, staffAgent, startTestApi, type TestApi } from '../test/api';
import { applicant, completeDocument, PDF, saveOver, uploadCompleteFiles, type Applicant, type Document } from '../modules/entries/testing';
import { IDEMPOTENCY_ABANDONED_AFTER_MS, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_MESSAGES, sweepIdempotencyKeys } from './idempotency';

/**
 * Issue 27, idempotent creates: an Idempotency-Key on an unsafe money-related request (the IETF
 * httpapi draft's semantics), on the real API and PostgreSQL.
 */

/** The test seam: a request can be held after its key is claimed, or fail there with a 500. */
const seam = {
  hold: undefined as Promise<void> | undefined,
  claimed: undefined as (() => void) | undefined,
  fail: false,
};
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    idempotencyTestSeam: {
      claimed: async () => {
        seam.claimed?.();
        if (seam.fail) throw new Error('the test seam failed the request');
        await seam.hold;
      },
    },
  });
});
afterAll(async () => {
  await api?.close();
});

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const count = async (table: string, userId: number) =>
  Number((await api.database.pool.query<{ n: string }>(`select count(*) as n from ${table} where user_id = $1`, [userId])).rows[0]?.n);

/** An applicant with a complete draft saved: the body of `POST /api/entries/`. */
async function readyToSubmit(): Promise<{ a: Applicant; body: Document & { draft_version: number } }> {
  const a = await applicant(api);
  const document = completeDocument(await uploadCompleteFiles(a.agent));
  const version = await saveOver(a.agent, document);
  return { a, body: { ...document, draft_version: version } };
}

describe('POST /api/entries/ with an Idempotency-Key', () => {
  it('the same key and body: the first answer again, byte for byte, and still one entry', async () => {
    const { a, body } = await readyToSubmit();
    const first = await a.agent.post('/api/entries/', body, withKey('submit-1'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await a.agent.post('/api/entries/', body, withKey('submit-1'));
    expect(again.statusCode).toBe(201);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('entries', a.user.id)).toBe(1);
    // Without a key the rule of today holds: the draft was used, a second submit is refused.
    const withoutKey = await a.agent.post('/api/entries/', body);
    expect(withoutKey.statusCode).not.toBe(201);
    expect(await count('entries', a.user.id)).toBe(1);
  });

  it('the same key with another body: 422 in Japanese, nothing created', async () => {
    const { a, body } = await readyToSubmit();
    expect((await a.agent.post('/api/entries/', body, withKey('submit-2'))).statusCode).toBe(201);
    const other = await a.agent.post('/api/entries/', { ...body, purchase_amount_desired: '1' }, withKey('submit-2'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.mismatch });
    expect(await count('entries', a.user.id)).toBe(1);
  });

  it('the same key while the first request is in progress: 409 in Japanese; the first then completes', async () => {
    const { a, body } = await readyToSubmit();
    let release!: () => void;
    seam.hold = new Promise<void>((resolve) => (release = resolve));
    const held = new Promise<void>((resolve) => (seam.claimed = resolve));
    const first = a.agent.post('/api/entries/', body, withKey('submit-3'));
    await held;
    seam.claimed = undefined;
    const duplicate = await a.agent.post('/api/entries/', body, withKey('submit-3'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.inProgress });
    release();
    seam.hold = undefined;
    expect((await first).statusCode).toBe(201);
    expect(await count('entries', a.user.id)).toBe(1);
  });

  it('a 5xx is not kept: the same key afterwards runs the request', async () => {
    const { a, body } = await readyToSubmit();
    seam.fail = true;
    const failed = await a.agent.post('/api/entries/', body, withKey('submit-4'));
    seam.fail = false;
    expect(failed.statusCode).toBe(500);
    expect(await count('entries', a.user.id)).toBe(0);
    const retried = await a.agent.post('/api/entries/', body, withKey('submit-4'));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('entries', a.user.id)).toBe(1);
  });
});

describe('a claim left by a process that died', () => {
  it('is in progress (409) until it is IDEMPOTENCY_ABANDONED_AFTER_MS old; then the retry runs', async () => {
    const { a, body } = await readyToSubmit();
    const owner = `applicant:${a.user.id}`;
    const now = api.clock.now();
    // What a SIGKILLed process leaves: the claim, never its answer.
    await api.database.pool.query(
      `insert into idempotency_keys (owner, key, fingerprint, created_at, expires_at) values ($1, 'died-1', 'x', $2, $3)`,
      [owner, new Date(now.getTime() - IDEMPOTENCY_ABANDONED_AFTER_MS + 1), new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS)],
    );
    expect((await a.agent.post('/api/entries/', body, withKey('died-1'))).statusCode).toBe(409);
    expect(await count('entries', a.user.id)).toBe(0);
    await api.database.pool.query(`update idempotency_keys set created_at = $2 where owner = $1`, [
      owner,
      new Date(now.getTime() - IDEMPOTENCY_ABANDONED_AFTER_MS),
    ]);
    const retried = await a.agent.post('/api/entries/', body, withKey('died-1'));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await count('entries', a.user.id)).toBe(1);
    expect((await a.agent.post('/api/entries/', body, withKey('died-1'))).headers['idempotent-replayed']).toBe('true');
  });
});

describe('a 4xx answer is kept too', () => {
  it('cancelling a missing entry: 404, replayed for the same key', async () => {
    const a = await applicant(api);
    const first = await a.agent.post('/api/entries/999999/cancel/', {}, withKey('cancel-1'));
    expect(first.statusCode).toBe(404);
    const again = await a.agent.post('/api/entries/999999/cancel/', {}, withKey('cancel-1'));
    expect(again.statusCode).toBe(404);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

describe('POST /api/uploads/ with an Idempotency-Key (multipart)', () => {
  it('the same parts (another boundary): the first upload answered again, one row; another file: 422', async () => {
    const a = await applicant(api);
    const send = (content: Buffer) =>
      a.agent.request('POST', '/api/uploads/', {
        ...(() => {
          const { payload, contentType } = multipartOf({ kind: 'invoice' }, { name: '請求書.pdf', content });
          return { body: payload, headers: { 'content-type': contentType, 'idempotency-key': 'upload-1' } };
        })(),
      });
    const first = await send(PDF);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(PDF);
    expect(again.statusCode).toBe(201);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('uploads', a.user.id)).toBe(1);
    const other = await send(Buffer.concat([PDF, Buffer.from('% another\n')]));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.mismatch });
    expect(await count('uploads', a.user.id)).toBe(1);
  });

  it('over a real connection: fetch sends the same FormData twice (a boundary of its own each time) → one upload', async () => {
    const a = await applicant(api);
    const address = await api.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = [...a.agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const form = new FormData();
    form.append('kind', 'invoice');
    form.append('content_file', new Blob([PDF], { type: 'application/pdf' }), '請求書.pdf');
    const send = async () => {
      const response = await fetch(`${address}/api/uploads/`, {
        method: 'POST',
        body: form,
        headers: { cookie, 'x-csrftoken': a.agent.cookies.get('csrftoken') ?? '', 'idempotency-key': 'real-1' },
      });
      return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: await response.text() };
    };
    const first = await send();
    expect(first.status, first.body).toBe(201);
    const again = await send();
    expect(again).toEqual({ status: 201, replayed: 'true', body: first.body });
    expect(await count('uploads', a.user.id)).toBe(1);
  });

  it("keys are per user: another applicant's same key is a request of their own", async () => {
    const a = await applicant(api);
    const b = await applicant(api);
    const upload = (who: Applicant) =>
      who.agent.request('POST', '/api/uploads/', {
        ...(() => {
          const { payload, contentType } = multipartOf({ kind: 'invoice' }, { name: '請求書.pdf', content: PDF });
          return { body: payload, headers: { 'content-type': contentType, 'idempotency-key': 'shared-key' } };
        })(),
      });
    const mine = await upload(a);
    const theirs = await upload(b);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ id: number }>().id).not.toBe(mine.json<{ id: number }>().id);
    expect(await count('uploads', a.user.id)).toBe(1);
    expect(await count('uploads', b.user.id)).toBe(1);
  });
});

describe('staff decisions with an Idempotency-Key', () => {
  it("a reviewer's decision is replayed for the same key; another staff member's same key is a request of their own", async () => {
    const { a, body } = await readyToSubmit();
    const entry = await a.agent.post('/api/entries/', body);
    expect(entry.statusCode, entry.body).toBe(201);
    const id = entry.json<{ id: number }>().id;
    const one = await staffAgent(api, await createStaff(api, { role: 'reviewer' }));
    const other = await staffAgent(api, await createStaff(api, { role: 'reviewer' }));
    const decision = { group: 'withdrawals_detail', decision: 'confirmed' };
    const audits = async () =>
      Number(
        (
          await api.database.pool.query<{ n: string }>(
            "select count(*) as n from audit_log where subject_type = 'entry' and subject_id = $1",
            [String(id)],
          )
        ).rows[0]?.n,
      );
    const first = await one.post(`/api/staff/entries/${id}/documents/`, decision, withKey('decide-1'));
    expect(first.statusCode, first.body).toBe(200);
    const recorded = await audits();
    expect(recorded).toBeGreaterThan(0);
    const again = await one.post(`/api/staff/entries/${id}/documents/`, decision, withKey('decide-1'));
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await audits()).toBe(recorded);
    const theirs = await other.post(`/api/staff/entries/${id}/documents/`, decision, withKey('decide-1'));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the header', () => {
  it.each([
    ['empty', ''],
    ['with a space', 'a b'],
    ['not ASCII', 'キー'],
    ['256 characters', 'k'.repeat(256)],
  ])('%s: 400 with a Japanese message, nothing created', async (_case, key) => {
    const { a, body } = await readyToSubmit();
    const response = await a.agent.post('/api/entries/', body, withKey(key));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'idempotency-key': ['Idempotency-Key は 1〜255 文字の半角英数字・記号で指定してください。'] });
    expect(await count('entries', a.user.id)).toBe(0);
  });

  it('255 visible ASCII characters are a key', async () => {
    const { a, body } = await readyToSubmit();
    const response = await a.agent.post('/api/entries/', body, withKey(`${'k'.repeat(254)}~`));
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('keys are kept 24 h', () => {
  it('the sweep removes the expired keys only; an expired key is a new request', async () => {
    const a = await applicant(api);
    const owner = `applicant:${a.user.id}`;
    const cancel = () => a.agent.post('/api/entries/999998/cancel/', {}, withKey('sweep-1'));
    expect((await cancel()).statusCode).toBe(404);
    const expiresAt = async () =>
      (await api.database.pool.query<{ expires_at: Date }>('select expires_at from idempotency_keys where owner = $1', [owner])).rows.map(
        (row) => row.expires_at.getTime(),
      );
    const now = api.clock.now().getTime();
    expect(await expiresAt()).toEqual([now + IDEMPOTENCY_KEY_TTL_MS]);
    expect(await sweepIdempotencyKeys(api.context.db, new Date(now + IDEMPOTENCY_KEY_TTL_MS - 1))).toBe(0);
    expect((await cancel()).headers['idempotent-replayed']).toBe('true');
    // Past its 24 h but not swept yet: answered afresh (and kept again from now).
    await api.database.pool.query('update idempotency_keys set expires_at = $2 where owner = $1', [owner, new Date(now)]);
    expect((await cancel()).headers['idempotent-replayed']).toBeUndefined();
    expect(await expiresAt()).toEqual([now + IDEMPOTENCY_KEY_TTL_MS]);
    // The hourly sweep: gone at its expiry.
    expect(await sweepIdempotencyKeys(api.context.db, new Date(now + IDEMPOTENCY_KEY_TTL_MS))).toBeGreaterThanOrEqual(1);
    expect(await expiresAt()).toEqual([]);
  });
});

/** A multipart body with a boundary of its own each time (as a browser draws one per send). */
function multipartOf(fields: Record<string, string>, file: { name: string; content: Buffer }): { payload: Buffer; contentType: string } {
  const boundary = `----idem${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="content_file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
