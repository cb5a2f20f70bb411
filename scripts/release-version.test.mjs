// Issue 23 item 8: a release version is validated as the version format (never a path) on every
// command that takes one — promote, rollback --to, canary, --expect-live — from the CLI and over
// HTTP (`pnpm release serve`). `../` would otherwise resolve inside the store: with `force`, a team
// token could point its remote at another team's build or at the shell's manifest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isReleaseVersion, readJson } from './lib.mjs';
import { publish } from './release-core.mjs';
import { createToken, serve } from './release-http.mjs';
import { LocalStore } from './release-store.mjs';
import { fakeDist, makeSite, releaseSync } from './release-fixtures.mjs';

vi.setConfig({ testTimeout: 60_000 });

const NOT_VERSIONS = [
  '../shell',
  '../../mf-manifest.json',
  '../mfe-auth/0.1.0-0123456789',
  '0.1.0-0123456789/../../x',
  '..',
  '.',
  '',
  '0.1.0',
  '0.1.0-012345678',
  '0.1.0-0123456789a',
  '0.1.0-ABCDEF0123',
  '0.1.0-0123456789\n',
  ' 0.1.0-0123456789',
  '0.1.0-0123456789%2f..',
  '0.1.0-..-0123456789',
  `${'1.'.repeat(60)}1-0123456789`,
];

describe('isReleaseVersion: <package version>-<10 hex digits of the build>, as publish makes them', () => {
  test.each(['0.1.0-25c9b4226a', '10.20.30-0123456789', '1.2.3-beta.1-abcdef0123'])('%j is a version', (version) => {
    expect(isReleaseVersion(version)).toBe(true);
  });
  test.each(NOT_VERSIONS)('%j is not', (text) => {
    expect(isReleaseVersion(text)).toBe(false);
  });
  test('non-strings are not', () => {
    for (const value of [undefined, null, 1, ['0.1.0-0123456789'], { version: '0.1.0-0123456789' }]) {
      expect(isReleaseVersion(value)).toBe(false);
    }
  });
});

let tmp;
let site;
let store;
let live;
let server;
let base;
let marketing;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-version-'));
  site = makeSite(path.join(tmp, 'site'));
  store = new LocalStore(site);
  live = (await publish(store, { remote: 'marketing', distDir: fakeDist(tmp, 'a', 'a'), who: 'ci' })).version;
  expect(releaseSync(site, ['promote', 'marketing', live]).code).toBe(0);
  marketing = await createToken(store, { scope: 'marketing', who: 'team-marketing' });
  server = await serve(store, { port: 0 });
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(tmp, { recursive: true, force: true });
});

const deployment = () => fs.readFileSync(path.join(site, 'deployment.json'), 'utf8');
const BAD = '../../mf-manifest.json';

describe('the CLI refuses a path where a version goes: exit 2 (usage), nothing changes', () => {
  test.each([
    ['promote', ['promote', 'marketing', BAD, '--force']],
    ['rollback --to', ['rollback', 'marketing', '--to', BAD, '--force']],
    ['canary', ['canary', 'marketing', BAD, '--staff', '--force']],
    ['promote --expect-live', ['promote', 'marketing', '__LIVE__', '--expect-live', '../x']],
  ])('%s', (_label, args) => {
    const before = deployment();
    const r = releaseSync(
      site,
      args.map((arg) => (arg === '__LIVE__' ? live : arg)),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/must be a release version \(<package version>-<10 hex digits>/);
    expect(deployment()).toBe(before);
    expect(readJson(path.join(site, 'deployment.json')).remotes.marketing.version).toBe(live);
  });
});

describe('over HTTP: 400 with the reason, nothing changes', () => {
  const call = async (url, body) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${marketing.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  test.each([
    ['promote', '/remotes/marketing/promote', { version: BAD, force: true }],
    ['promote (the shell)', '/remotes/marketing/promote', { version: '../../..', force: true }],
    ['rollback', '/remotes/marketing/rollback', { to: BAD, force: true }],
    ['canary', '/remotes/marketing/canary', { version: BAD, staff: true, force: true }],
    ['promote expectLive', '/remotes/marketing/promote', { version: '__LIVE__', expectLive: '../x' }],
  ])('%s', async (_label, url, body) => {
    const before = deployment();
    const sent = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === '__LIVE__' ? live : v]));
    const r = await call(url, sent);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/must be a release version/);
    expect(deployment()).toBe(before);
  });
});
