// The release operations over HTTP (scripts/release-http.mjs): deploy tokens per remote, hashed at rest.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publish, readDeployment, readHistory } from './release-core.mjs';
import { TOKENS, createToken, listTokens, revokeToken, serve } from './release-http.mjs';
import { LocalStore } from './release-store.mjs';
import { SHARED_NOW, fakeDist, makeSite } from './release-fixtures.mjs';

let tmp;
let store;
let server;
let base;
let marketing;
let admin;
const versions = {};

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-http-'));
  store = new LocalStore(makeSite(path.join(tmp, 'site')));
  for (const label of ['a', 'b', 'react18']) {
    const shared = label === 'react18' ? { ...SHARED_NOW, react: '18.3.1' } : SHARED_NOW;
    versions[label] = (await publish(store, { remote: 'marketing', distDir: fakeDist(tmp, label, label, { shared }), who: 'ci' })).version;
  }
  versions.auth = (await publish(store, { remote: 'auth', distDir: fakeDist(tmp, 'auth', 'auth'), who: 'ci' })).version;
  marketing = await createToken(store, { scope: 'marketing', who: 'team-marketing' });
  admin = await createToken(store, { scope: '*', who: 'release-manager' });
  server = await serve(store, { port: 0 });
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(tmp, { recursive: true, force: true });
});

const call = async (method, url, { token, body } = {}) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token.token ?? token}` } : {}), 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
};

describe('release over HTTP', () => {
  test('tokens are stored hashed; listing never shows them', async () => {
    const stored = fs.readFileSync(path.join(store.dir, TOKENS), 'utf8');
    expect(stored).not.toContain(marketing.token);
    expect(stored).toContain('"hash"');
    expect((await listTokens(store)).map((t) => t.scope).sort()).toEqual(['*', 'marketing']);
    expect(marketing.token).toMatch(/^rel_[A-Za-z0-9_-]{32}$/);
  });

  test('a team token promotes its remote, recorded with the token as who; another remote is 403', async () => {
    const ok = await call('POST', '/remotes/marketing/promote', { token: marketing, body: { version: versions.a, why: 'pipeline 12' } });
    expect(ok).toMatchObject({ status: 200, body: { from: null, to: versions.a } });
    expect((await readDeployment(store)).deployment.remotes.marketing.version).toBe(versions.a);
    expect((await readHistory(store)).at(-1)).toMatchObject({
      action: 'promote',
      who: `token:${marketing.id} (team-marketing, marketing)`,
      why: 'pipeline 12',
    });

    const other = await call('POST', '/remotes/auth/promote', { token: marketing, body: { version: versions.auth } });
    expect(other).toEqual({ status: 403, body: { error: 'this deploy token is for marketing, not auth' } });
    expect((await readDeployment(store)).deployment.remotes.auth).toBeUndefined();
    // The release manager's token reaches every remote.
    expect((await call('POST', '/remotes/auth/promote', { token: admin, body: { version: versions.auth } })).status).toBe(200);
  });

  test('no token or an unknown or revoked one: 401, nothing changes', async () => {
    expect((await call('GET', '/status')).status).toBe(401);
    expect(await call('GET', '/status', { token: 'rel_nope' })).toEqual({
      status: 401,
      body: { error: 'unknown or revoked deploy token' },
    });
    const temporary = await createToken(store, { scope: 'marketing', who: 'tmp' });
    expect((await call('GET', '/status', { token: temporary })).status).toBe(200);
    await revokeToken(store, temporary.id);
    expect((await call('POST', '/remotes/marketing/promote', { token: temporary, body: { version: versions.b } })).status).toBe(401);
  });

  test('status, history, canary, rollback; the gate is 422, a conflict 409, bad input 400', async () => {
    expect((await call('POST', '/remotes/marketing/canary', { token: marketing, body: { version: versions.b, percent: 20 } })).status).toBe(
      200,
    );
    const s = await call('GET', '/status', { token: marketing });
    expect(s.body.remotes.marketing.canary).toEqual({ version: versions.b, audience: { kind: 'percent', percent: 20 } });
    expect((await call('POST', '/remotes/marketing/canary/abort', { token: marketing, body: {} })).status).toBe(200);

    const refused = await call('POST', '/remotes/marketing/promote', { token: marketing, body: { version: versions.react18 } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toContain('react: the remote requires ^18.3.1, the live shell provides 19.2.9');

    const conflict = await call('POST', '/remotes/marketing/promote', {
      token: marketing,
      body: { version: versions.b, expectLive: '0.0.0-0000000003' },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatch(/^conflict: marketing was changed by another release meanwhile/);

    expect((await call('POST', '/remotes/marketing/promote', { token: marketing, body: { version: versions.b } })).status).toBe(200);
    expect(await call('POST', '/remotes/marketing/rollback', { token: marketing, body: { why: 'errors' } })).toMatchObject({
      status: 200,
      body: { from: versions.b, to: versions.a },
    });
    expect((await call('POST', '/remotes/marketing/promote', { token: marketing, body: {} })).status).toBe(400);
    expect((await call('POST', '/remotes/marketing/promote', { token: marketing, body: { version: '0.0.0-0000000002' } })).status).toBe(
      404,
    );

    const history = await call('GET', '/history?remote=marketing&limit=3', { token: marketing });
    expect(history.body.map((e) => e.action)).toEqual(['canary-abort', 'promote', 'rollback']);
  });
});

describe('publish over HTTP (a tar or tar.gz of the build)', () => {
  /** The build folder packed as CI packs it: `tar -czf - -C dist .` (GNU or BSD tar). */
  const tarGz = (dir) => execFileSync('tar', ['-czf', '-', '-C', dir, '.']);
  const upload = async (url, token, body) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token.token}`, 'Content-Type': 'application/gzip' },
      body,
    });
    return { status: response.status, body: await response.json() };
  };
  /** A tar made entry by entry (names a real tar command would not write). */
  const tarOf = async (entries) => {
    const pack = tar.pack();
    for (const entry of entries) pack.entry(entry, entry.content ?? undefined);
    pack.finalize();
    const chunks = [];
    for await (const chunk of pack) chunks.push(chunk);
    return Buffer.concat(chunks);
  };

  test('a team publishes its remote: the same version as the CLI would give, immutable; re-publishing is 409', async () => {
    const dist = fakeDist(tmp, 'http-build', 'http');
    const archive = tarGz(dist);
    const first = await upload('/remotes/marketing/publish?commit=abc1234', marketing, archive);
    expect(first.status).toBe(200);
    expect(first.body.version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(first.body.meta).toMatchObject({
      remote: 'marketing',
      commit: 'abc1234',
      publishedBy: `token:${marketing.id} (team-marketing, marketing)`,
    });
    const folder = path.join(store.dir, 'remotes', 'mfe-marketing', first.body.version);
    expect(fs.readFileSync(path.join(folder, 'chunks', 'page.js'), 'utf8')).toBe(
      fs.readFileSync(path.join(dist, 'chunks', 'page.js'), 'utf8'),
    );
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')).label).toBe('http');
    // The version is the content's: the CLI publishing the same folder would be told it exists.
    await expect(publish(store, { remote: 'marketing', distDir: dist, who: 'ci' })).rejects.toThrow(/is already published/);
    expect((await readHistory(store)).filter((e) => e.action === 'publish' && e.to === first.body.version)).toHaveLength(1);

    const again = await upload('/remotes/marketing/publish', marketing, archive);
    expect(again.status).toBe(409);
    expect(again.body.error).toContain(`marketing ${first.body.version} is already published: versions are immutable`);
    // Published, not live: it can then be promoted with the same token.
    expect((await call('POST', '/remotes/marketing/promote', { token: marketing, body: { version: first.body.version } })).status).toBe(
      200,
    );
  });

  test("another team's token is 403 and nothing is published; no token is 401", async () => {
    const archive = tarGz(fakeDist(tmp, 'http-auth', 'auth-http'));
    const before = fs.readdirSync(path.join(store.dir, 'remotes', 'mfe-auth')).sort();
    expect(await upload('/remotes/auth/publish', marketing, archive)).toEqual({
      status: 403,
      body: { error: 'this deploy token is for marketing, not auth' },
    });
    const anonymous = await fetch(`${base}/remotes/auth/publish`, { method: 'POST', body: archive });
    expect(anonymous.status).toBe(401);
    expect(fs.readdirSync(path.join(store.dir, 'remotes', 'mfe-auth')).sort()).toEqual(before);
    // The release manager's token may publish any remote.
    expect((await upload('/remotes/auth/publish', admin, archive)).status).toBe(200);
  });

  test('an archive with a path outside the build, a link, no manifest, or not a tar at all is 400; nothing is published', async () => {
    const published = () => fs.readdirSync(path.join(store.dir, 'remotes', 'mfe-marketing')).sort();
    const before = published();
    // The upload is unpacked in a folder of the OS's temporary folder: `..` would land there.
    const escape = `escape-${process.pid}-${Date.now()}.js`;
    const manifest = { name: 'mf-manifest.json', content: fs.readFileSync(path.join(fakeDist(tmp, 'bad', 'bad'), 'mf-manifest.json')) };
    const cases = [
      [[manifest, { name: `../${escape}`, content: 'x' }], `the archive has a path outside the build: ../${escape}`],
      [[manifest, { name: '/etc/cron.d/x', content: 'x' }], 'the archive has a path outside the build: /etc/cron.d/x'],
      [
        [manifest, { name: 'chunks/link.js', type: 'symlink', linkname: '/etc/passwd' }],
        'the archive may hold files and folders only: chunks/link.js is a symlink',
      ],
      [
        [{ name: 'remoteEntry.js', content: 'x' }],
        'the archive has no mf-manifest.json at its root: pack the contents of the dist folder (tar -czf - -C dist .)',
      ],
    ];
    for (const [entries, error] of cases) {
      expect(await upload('/remotes/marketing/publish', marketing, await tarOf(entries))).toEqual({ status: 400, body: { error } });
    }
    const garbage = await upload('/remotes/marketing/publish', marketing, Buffer.from('not a tar archive at all'));
    expect(garbage.status).toBe(400);
    expect(fs.existsSync(path.join(os.tmpdir(), escape))).toBe(false);
    expect(published()).toEqual(before);
  });
});
