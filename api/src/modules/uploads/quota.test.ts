import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MESSAGES, UploadSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loggedIn, startTestApi, type TestApi } from '../../test/api';

/**
 * The per-applicant quota under parallel uploads (issue 23, item 2). The real figures are 500 MB
 * and 20 MB files; here the quota is scaled down 1024 times (500 KB, 20 KB files), the same 25
 * files fit, so 28 parallel uploads overshoot it by three as 28 × 20 MB did.
 */
const FILE_BYTES = 20 * 1024;
const QUOTA = 25 * FILE_BYTES;
const pdf = (n: number) => {
  const head = Buffer.from(`%PDF-1.7\n% upload ${n}\n`);
  return Buffer.concat([head, Buffer.alloc(FILE_BYTES - head.length, 0x20)]);
};

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ uploadQuotaBytes: QUOTA });
});
afterAll(async () => {
  await api?.close();
});

const objectCount = () => {
  const walk = (dir: string): number =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : 1), 0)
      : 0;
  return walk(path.join(api.dataDir, 'uploads', 'objects'));
};

describe('the upload quota under parallel uploads', () => {
  it('28 parallel uploads of one applicant: the stored total never exceeds the quota, the rest get 400 with the Japanese message', async () => {
    const user = await createUser(api, { email: 'parallel@example.jp' });
    const agent = await loggedIn(api, user);
    const answers = await Promise.all(
      Array.from({ length: 28 }, (_, n) => agent.upload('/api/uploads/', { kind: 'pl' }, { name: `決算書${n}.pdf`, content: pdf(n) })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(created).toHaveLength(25);
    expect(refused.map((a): [number, unknown] => [a.statusCode, a.json()])).toEqual(
      Array.from({ length: 3 }, () => [400, { content_file: [UPLOAD_MESSAGES.quota] }]),
    );
    for (const answer of created) expect(UploadSchema.parse(answer.json()).size).toBe(FILE_BYTES);

    const { rows } = await api.database.pool.query<{ total: string; n: number }>(
      'select coalesce(sum(size), 0)::bigint as total, count(*)::int as n from uploads where user_id = $1',
      [user.id],
    );
    expect(Number(rows[0]?.total)).toBe(QUOTA);
    expect(rows[0]?.n).toBe(25);
    // The refused files' bytes were removed again: one object per row.
    expect(objectCount()).toBe(25);
  });
});
