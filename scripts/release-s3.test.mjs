// The release operations on the S3 store, against the S3 emulator the uploads' tests use
// (@20minutes/s3rver). s3rver ignores conditional writes; a middleware in front of its routes
// adds them as S3 has them since 2024 (PutObject with If-Match / If-None-Match: *, 412
// PreconditionFailed, one conditional write per key at a time), so that what is tested is the
// store's use of them: the headers it sends and what it does with a 412. It also makes reads of a
// key wait for a write of it (s3rver rewrites the file in place; S3 reads are atomic).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REMOTE_DIRS, ROOT } from './lib.mjs';
import { canaryStart, promote, publish, readDeployment, readHistory, rollback, status } from './release-core.mjs';
import { ConflictError, S3Store } from './release-store.mjs';
import { SHARED_NOW, fakeDist, sharedList } from './release-fixtures.mjs';

const requireFromApi = createRequire(path.join(ROOT, 'api', 'package.json'));
const S3rver = requireFromApi('@20minutes/s3rver');
const BUCKET = 'site-test';

let tmp;
let server;
let endpoint;
const stores = [];
const newStore = (prefix = 'site') => {
  const store = new S3Store({ bucket: BUCKET, prefix, endpoint, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  stores.push(store);
  return store;
};

/** S3's conditional PutObject, in front of s3rver (which stores `<key>._S3rver_object` files). */
function conditionalWrites(directory) {
  const queues = new Map();
  return async (ctx, next) => {
    const ifMatch = ctx.headers['if-match'];
    const ifNoneMatch = ctx.headers['if-none-match'];
    const key = decodeURIComponent(ctx.path).replace(/^\/+/, '');
    if (!['GET', 'PUT'].includes(ctx.method) || !key.includes('/')) return next();
    const previous = queues.get(key) ?? Promise.resolve();
    let release;
    const mine = new Promise((resolve) => (release = resolve));
    queues.set(
      key,
      previous.then(() => mine),
    );
    await previous;
    try {
      const file = path.join(directory, `${key}._S3rver_object`);
      if (ctx.method === 'GET' || (ifMatch === undefined && ifNoneMatch === undefined)) return await next();
      const etag = fs.existsSync(file) ? `"${createHash('md5').update(fs.readFileSync(file)).digest('hex')}"` : null;
      if ((ifNoneMatch === '*' && etag !== null) || (ifMatch !== undefined && ifMatch !== etag)) {
        ctx.status = 412;
        ctx.type = 'application/xml';
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>';
        return;
      }
      await next();
    } finally {
      release();
    }
  };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-s3-'));
  const directory = path.join(tmp, 's3');
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: BUCKET }],
  });
  server.middleware.splice(-1, 0, conditionalWrites(directory));
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // The live shell's manifest, for the compatibility gate.
  await newStore().write('mf-manifest.json', JSON.stringify({ name: 'shell', shared: sharedList(SHARED_NOW) }));
  await newStore().write('index.html', '<!doctype html>');
}, 60_000);
afterAll(async () => {
  for (const store of stores) store.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('S3Store', () => {
  test('compare-and-swap: If-None-Match for a new object, If-Match for a change; a stale etag is a ConflictError', async () => {
    const store = newStore('cas');
    const first = await store.write('x.json', '{"a":1}', { ifMatch: null });
    await expect(store.write('x.json', '{"a":2}', { ifMatch: null })).rejects.toBeInstanceOf(ConflictError);
    const second = await store.write('x.json', '{"a":2}', { ifMatch: first });
    await expect(store.write('x.json', '{"a":3}', { ifMatch: first })).rejects.toBeInstanceOf(ConflictError);
    expect((await store.read('x.json')).body.toString()).toBe('{"a":2}');
    expect((await store.read('x.json')).etag).toBe(second);
    expect(await store.read('missing.json')).toBeNull();
  });

  test('publish, promote, rollback, canary, status, history in the bucket; cache headers for a CDN', async () => {
    const store = newStore();
    const a = await publish(store, { remote: 'marketing', distDir: fakeDist(tmp, 'a', 'a'), who: 'ci', commit: 'c1' });
    const b = await publish(store, { remote: 'marketing', distDir: fakeDist(tmp, 'b', 'b'), who: 'ci', commit: 'c2' });
    await expect(publish(store, { remote: 'marketing', distDir: fakeDist(tmp, 'a2', 'a'), who: 'ci' })).rejects.toThrow(
      /is already published/,
    );

    expect(await promote(store, { remote: 'marketing', version: a.version, who: 'rm' })).toMatchObject({ from: null, to: a.version });
    expect(await promote(store, { remote: 'marketing', version: b.version, who: 'rm' })).toMatchObject({ from: a.version, to: b.version });
    expect(await rollback(store, { remote: 'marketing', who: 'rm', why: 'errors' })).toMatchObject({ from: b.version, to: a.version });
    await canaryStart(store, { remote: 'marketing', version: b.version, audience: { kind: 'staff' }, who: 'rm' });

    const { deployment } = await readDeployment(store);
    expect(deployment.remotes.marketing.version).toBe(a.version);
    expect(deployment.canary.marketing).toMatchObject({ version: b.version, audience: { kind: 'staff' } });
    const s = await status(store);
    expect(s.remotes.marketing.published.map((p) => p.version).sort()).toEqual([a.version, b.version].sort());
    expect((await readHistory(store)).map((e) => e.action)).toEqual(['publish', 'publish', 'promote', 'promote', 'rollback', 'canary']);

    const { HeadObjectCommand } = requireFromApi('@aws-sdk/client-s3');
    const head = (key) => store.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `site/${key}` }));
    expect((await head('deployment.json')).CacheControl).toBe('no-cache');
    expect((await head(`remotes/${REMOTE_DIRS.marketing}/${a.version}/remoteEntry.js`)).CacheControl).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await head(`remotes/${REMOTE_DIRS.marketing}/${a.version}/release.json`)).ContentType).toBe('application/json; charset=utf-8');
  });

  test("a build's source maps go to the bucket's private .release/sourcemaps/ prefix, none under remotes/", async () => {
    const store = newStore('maps');
    const { version } = await publish(store, { remote: 'marketing', distDir: fakeDist(tmp, 'm', 'm', { maps: true }), who: 'ci' });
    const { ListObjectsV2Command } = requireFromApi('@aws-sdk/client-s3');
    const listed = await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'maps/' }));
    const keys = (listed.Contents ?? []).map((o) => o.Key.slice('maps/'.length));
    const folder = `remotes/${REMOTE_DIRS.marketing}/${version}`;
    expect(keys.filter((k) => k.endsWith('.map')).sort()).toEqual([
      `.release/sourcemaps/${folder}/chunks/page.js.map`,
      `.release/sourcemaps/${folder}/remoteEntry.js.map`,
    ]);
    expect(keys.filter((k) => k.startsWith(`${folder}/`)).sort()).toEqual(
      ['chunks/page.js', 'mf-manifest.json', 'release.json', 'remoteEntry.js'].map((f) => `${folder}/${f}`),
    );
  });

  test('20 parallel promotions across remotes through the bucket: each remote ends at its last promotion, the history chains', async () => {
    const store = newStore('parallel');
    await store.write('mf-manifest.json', JSON.stringify({ name: 'shell', shared: sharedList(SHARED_NOW) }));
    const remotes = Object.keys(REMOTE_DIRS);
    const versions = {};
    for (const remote of remotes) {
      versions[remote] = [];
      for (const i of [1, 2, 3, 4])
        versions[remote].push(
          (await publish(store, { remote, distDir: fakeDist(tmp, `${remote}-p${i}`, `${remote}${i}`), who: 'ci' })).version,
        );
    }
    // Each promotion on its own client, as separate pipelines would be.
    const results = await Promise.allSettled(
      remotes.flatMap((remote) =>
        versions[remote].map((version) => promote(newStore('parallel'), { remote, version, who: `team-${remote}` })),
      ),
    );
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect(r.reason.message).toMatch(/^conflict: \w+ was changed by another release meanwhile/);
    const landed = results.filter((x) => x.status === 'fulfilled').length;
    const { deployment } = await readDeployment(store);
    const history = (await readHistory(store)).filter((e) => e.action === 'promote');
    expect(history).toHaveLength(landed);
    expect(deployment.revision).toBe(landed);
    for (const remote of remotes) {
      let live = null;
      for (const e of history.filter((h) => h.remote === remote).sort((x, y) => x.revision - y.revision)) {
        expect(e.from).toBe(live);
        live = e.to;
      }
      expect(live).not.toBeNull();
      expect(deployment.remotes[remote].version).toBe(live);
    }
  }, 120_000);
});
