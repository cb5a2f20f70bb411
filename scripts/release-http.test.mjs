// The release operations over HTTP (scripts/release-http.mjs): deploy tokens per remote, hashed at rest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

    const conflict = await call('POST', '/remotes/marketing/promote', { token: marketing, body: { version: versions.b, expectLive: 'x' } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatch(/^conflict: marketing was changed by another release meanwhile/);

    expect((await call('POST', '/remotes/marketing/promote', { token: marketing, body: { version: versions.b } })).status).toBe(200);
    expect(await call('POST', '/remotes/marketing/rollback', { token: marketing, body: { why: 'errors' } })).toMatchObject({
      status: 200,
      body: { from: versions.b, to: versions.a },
    });
    expect((await call('POST', '/remotes/marketing/promote', { token: marketing, body: {} })).status).toBe(400);
    expect((await call('POST', '/remotes/marketing/promote', { token: marketing, body: { version: '0.0.0-none' } })).status).toBe(404);

    const history = await call('GET', '/history?remote=marketing&limit=3', { token: marketing });
    expect(history.body.map((e) => e.action)).toEqual(['canary-abort', 'promote', 'rollback']);
  });
});
