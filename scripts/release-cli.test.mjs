// The release CLI (scripts/release.mjs) on a throwaway site folder, as separate processes:
// publish, promote, rollback, the compatibility gate, canary, status, history, prune.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { REMOTE_DIRS, readJson } from './lib.mjs';
import { LocalStore } from './release-store.mjs';
import { prune, readHistory } from './release-core.mjs';
import { SHARED_NOW, fakeDist, makeSite, releaseSync } from './release-fixtures.mjs';

// Each test runs the CLI as several processes: on two busy cores that takes seconds (a hang detector, not a speed check).
vi.setConfig({ testTimeout: 60_000 });

let tmp;
let site;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-cli-'));
  site = makeSite(path.join(tmp, 'site'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const release = (...args) => releaseSync(site, args);
const deployment = () => readJson(path.join(site, 'deployment.json'));
const history = () =>
  fs
    .readFileSync(path.join(site, '.release', 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
const folder = (remote, version) => path.join(site, 'remotes', REMOTE_DIRS[remote], version);
const publishOk = (remote, label, options) => {
  const r = release('publish', remote, fakeDist(tmp, `${remote}-${label}`, label, options));
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};

describe('publish', () => {
  test('an immutable versioned folder with the build and its metadata; publishing it again is refused', () => {
    const dist = fakeDist(tmp, 'dist-a', 'a');
    const before = Date.now();
    const r = release('publish', 'marketing', dist, '--commit', 'abc123');
    expect(r.code, r.stderr).toBe(0);
    const version = r.stdout;
    expect(version).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    expect(fs.readdirSync(folder('marketing', version)).sort()).toEqual(['chunks', 'mf-manifest.json', 'release.json', 'remoteEntry.js']);
    const meta = readJson(path.join(folder('marketing', version), 'release.json'));
    expect(meta).toMatchObject({ remote: 'marketing', version, commit: 'abc123', publishedBy: 'tester', exposes: ['./lifecycles'] });
    expect(Date.parse(meta.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(meta.shared.react).toEqual({ version: '19.2.9', requiredVersion: '^19.2.9', singleton: true });
    expect(Object.keys(meta.shared).sort()).toEqual(Object.keys(SHARED_NOW).sort());
    // Publishing changes nothing live.
    expect(fs.existsSync(path.join(site, 'deployment.json'))).toBe(false);

    fs.writeFileSync(path.join(folder('marketing', version), 'marker'), 'untouched');
    const again = release('publish', 'marketing', dist);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `marketing ${version} is already published: versions are immutable (the same build gives the same version; promote it, or rebuild)`,
    );
    expect(fs.readFileSync(path.join(folder('marketing', version), 'marker'), 'utf8')).toBe('untouched');
    // --existing-ok (the e2e setup): the version, exit 0, the folder still untouched.
    expect(release('publish', 'marketing', dist, '--existing-ok')).toEqual({ code: 0, stdout: version, stderr: '' });
    expect(fs.readFileSync(path.join(folder('marketing', version), 'marker'), 'utf8')).toBe('untouched');
    expect(history().map((e) => [e.action, e.remote, e.to, e.who])).toEqual([['publish', 'marketing', version, 'tester']]);
    expect(fs.readdirSync(path.join(site, 'remotes', 'mfe-marketing'))).toEqual([version]);
  });

  test('the source maps land in the private .release/sourcemaps/ folder, not in the public one; prune removes them with the version', async () => {
    const r = release('publish', 'marketing', fakeDist(tmp, 'dist-m', 'm', { maps: true }));
    expect(r.code, r.stderr).toBe(0);
    const version = r.stdout;
    expect(fs.readdirSync(folder('marketing', version), { recursive: true }).filter((f) => f.endsWith('.map'))).toEqual([]);
    const maps = path.join(site, '.release', 'sourcemaps', 'remotes', 'mfe-marketing', version);
    expect(
      fs
        .readdirSync(maps, { recursive: true })
        .map((f) => f.split(path.sep).join('/'))
        .sort(),
    ).toEqual(['chunks', 'chunks/page.js.map', 'remoteEntry.js.map']);
    expect(readJson(path.join(maps, 'chunks', 'page.js.map')).sources).toEqual(['webpack://x/./src/m.ts']);

    // Never live, published long ago: pruned, its maps with it.
    const store = new LocalStore(site);
    const gone = await prune(store, { keepDays: 0, who: 'tester', now: () => new Date(Date.now() + 86_400_000) });
    expect(gone).toEqual([{ remote: 'marketing', version }]);
    expect(fs.existsSync(folder('marketing', version))).toBe(false);
    expect(fs.existsSync(maps)).toBe(false);
  });

  test('a folder without mf-manifest.json is refused', () => {
    const dist = fakeDist(tmp, 'dist', 'a');
    fs.rmSync(path.join(dist, 'mf-manifest.json'));
    const r = release('publish', 'marketing', dist);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/has no mf-manifest\.json: build mfe-marketing first/);
    expect(fs.existsSync(path.join(site, 'remotes'))).toBe(false);
  });
});

describe('promote and rollback', () => {
  test('promote makes a version live (revision, build id, history); rollback goes back to the one before', () => {
    const a = publishOk('marketing', 'a');
    const b = publishOk('marketing', 'b');
    expect(release('promote', 'marketing', a, '--why', 'first')).toEqual({ code: 0, stdout: `marketing: (none) → ${a}`, stderr: '' });
    expect(deployment()).toEqual({
      remotes: { marketing: { manifest: `/remotes/mfe-marketing/${a}/mf-manifest.json`, version: a } },
      revision: 1,
    });
    const idA = readJson(path.join(site, 'builds', 'latest.json')).id;

    expect(release('promote', 'marketing', b).stdout).toBe(`marketing: ${a} → ${b}`);
    expect(deployment().revision).toBe(2);
    const idB = readJson(path.join(site, 'builds', 'latest.json')).id;
    expect(idB).not.toBe(idA);

    expect(release('rollback', 'marketing', '--why', 'broken form')).toEqual({
      code: 0,
      stdout: `marketing: ${b} → ${a} (rollback)`,
      stderr: '',
    });
    expect(deployment().remotes.marketing.version).toBe(a);
    expect(readJson(path.join(site, 'builds', 'latest.json')).id).toBe(idA);

    const changes = history().filter((e) => e.action !== 'publish');
    expect(changes.map(({ action, from, to, why, who }) => ({ action, from, to, why, who }))).toEqual([
      { action: 'promote', from: null, to: a, why: 'first', who: 'tester' },
      { action: 'promote', from: a, to: b, why: null, who: 'tester' },
      { action: 'rollback', from: b, to: a, why: 'broken form', who: 'tester' },
    ]);
    for (const e of changes) expect(Number.isNaN(Date.parse(e.at))).toBe(false);

    // Rolling back again goes to what was live before a: nothing recorded → a clear refusal.
    const none = release('rollback', 'marketing');
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('no earlier live version of marketing is recorded in the history: name one with --to <version>');
    expect(release('rollback', 'marketing', '--to', b).stdout).toBe(`marketing: ${a} → ${b} (rollback)`);
  });

  test('an unpublished version is refused and nothing changes', () => {
    const a = publishOk('marketing', 'a');
    release('promote', 'marketing', a);
    const before = fs.readFileSync(path.join(site, 'deployment.json'), 'utf8');
    const r = release('promote', 'marketing', '0.0.0-0000000000');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^marketing 0\.0\.0-0000000000 is not published/);
    expect(fs.readFileSync(path.join(site, 'deployment.json'), 'utf8')).toBe(before);
  });

  test('--expect-live: refused with a retry message when the live version is no longer the one expected', () => {
    const a = publishOk('auth', 'a');
    const b = publishOk('auth', 'b');
    release('promote', 'auth', a);
    const r = release('promote', 'auth', b, '--expect-live', '0.0.0-0000000001');
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `conflict: auth was changed by another release meanwhile (now live ${a}); check \`pnpm release status\` and retry if your change still applies`,
    );
    expect(deployment().remotes.auth.version).toBe(a);
    expect(release('promote', 'auth', b, '--expect-live', a).code).toBe(0);
  });
});

describe('the compatibility gate', () => {
  test('a remote built against React 18 is refused, naming the mismatch; --force goes through, says and records what it skipped', () => {
    const ok = publishOk('entry', 'ok');
    release('promote', 'entry', ok);
    const old = publishOk('entry', 'react18', { shared: { ...SHARED_NOW, react: '18.3.1', 'react-dom': '18.3.1' } });
    const before = fs.readFileSync(path.join(site, 'deployment.json'), 'utf8');

    const r = release('promote', 'entry', old);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      [
        `entry ${old} is not compatible with the live shell, refused:`,
        '  - react: the remote requires ^18.3.1, the live shell provides 19.2.9',
        '  - react-dom: the remote requires ^18.3.1, the live shell provides 19.2.9',
        "rebuild the remote against the shell's versions (or deploy a new shell first); --force skips this check",
      ].join('\n'),
    );
    expect(fs.readFileSync(path.join(site, 'deployment.json'), 'utf8')).toBe(before);

    const forced = release('promote', 'entry', old, '--force', '--why', 'hotfix, shell follows');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe(`entry: ${ok} → ${old}`);
    expect(forced.stderr).toContain('--force: the compatibility gate was skipped, recorded in the history:');
    expect(forced.stderr).toContain('react: the remote requires ^18.3.1, the live shell provides 19.2.9');
    expect(history().at(-1)).toMatchObject({ action: 'promote', forced: true, why: 'hotfix, shell follows', to: old });
    expect(history().at(-1).skipped).toHaveLength(2);
    expect(release('history', 'entry').stdout.split('\n').at(-1)).toMatch(/ FORCED \(skipped: react: .*; react-dom: .*\)$/);
  });

  test('an @app/shared of another contract version, a missing singleton, a missing ./lifecycles are each named', () => {
    const withoutZustand = Object.fromEntries(Object.entries(SHARED_NOW).filter(([name]) => name !== 'zustand'));
    const v = publishOk('mypage', 'bad', { shared: { ...withoutZustand, '@app/shared': '0.1.0' }, exposes: ['./other'] });
    const r = release('promote', 'mypage', v);
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n').slice(1, -1)).toEqual([
      "  - zustand: the remote does not share it (it would run its own copy beside the shell's)",
      '  - @app/shared: the remote requires ^0.1.0, the live shell provides 0.2.0',
      '  - exposes: the remote does not expose ./lifecycles, which the shell imports',
    ]);
  });

  test("a remote built with an older React in the shell's major passes; one needing a newer React than the shell's does not", () => {
    const older = publishOk('auth', 'older', { shared: { ...SHARED_NOW, react: '19.0.0' } });
    expect(release('promote', 'auth', older).code).toBe(0);
    const newer = publishOk('auth', 'newer', { shared: { ...SHARED_NOW, react: '19.3.0' } });
    expect(release('promote', 'auth', newer).stderr).toContain('react: the remote requires ^19.3.0, the live shell provides 19.2.9');
    const nextMajor = publishOk('auth', 'next', { shared: { ...SHARED_NOW, zustand: '6.0.0' } });
    expect(release('promote', 'auth', nextMajor).stderr).toContain('zustand: the remote requires ^6.0.0, the live shell provides 5.1.0');
  });
});

describe('canary', () => {
  test('start for a segment, status shows it, promote to everyone; a second canary is aborted', () => {
    const a = publishOk('mypage', 'a');
    const b = publishOk('mypage', 'b');
    const c = publishOk('mypage', 'c');
    release('promote', 'mypage', a);

    expect(release('canary', 'mypage', b, '--segment', 'pilot').stdout).toBe(`mypage: canary ${b} for user segment pilot`);
    expect(deployment().canary.mypage).toMatchObject({
      version: b,
      manifest: `/remotes/mfe-mypage/${b}/mf-manifest.json`,
      audience: { kind: 'segment', segment: 'pilot' },
    });
    expect(deployment().remotes.mypage.version).toBe(a);
    expect(release('status').stdout.split('\n')).toContain(
      `mypage: live ${a}; canary ${b} (user segment pilot); published ${[a, b, c]
        .sort()
        .map((v) => (v === a ? `*${v}` : v))
        .join(', ')}`,
    );

    expect(release('canary', 'promote', 'mypage').stdout).toBe(`mypage: ${a} → ${b} (canary promoted to everyone)`);
    expect(deployment().remotes.mypage.version).toBe(b);
    expect(deployment().canary).toEqual({});

    expect(release('canary', 'mypage', c, '--percent', '10').stdout).toBe(`mypage: canary ${c} for 10% of applicants`);
    expect(release('canary', 'abort', 'mypage', '--why', 'errors').stdout).toBe(`mypage: canary ${c} aborted`);
    expect(deployment().canary).toEqual({});
    expect(deployment().remotes.mypage.version).toBe(b);
    expect(
      history()
        .filter((e) => e.remote === 'mypage' && e.action !== 'publish')
        .map((e) => [e.action, e.from, e.to]),
    ).toEqual([
      ['promote', null, a],
      ['canary', null, b],
      ['canary-promote', a, b],
      ['canary', null, c],
      ['canary-abort', c, null],
    ]);
  });

  test('usage: exactly one audience; a percentage from 1 to 100; no canary to promote', () => {
    const a = publishOk('mypage', 'a');
    expect(release('canary', 'mypage', a).code).toBe(2);
    expect(release('canary', 'mypage', a, '--staff', '--percent', '5').code).toBe(2);
    expect(release('canary', 'mypage', a, '--percent', '0')).toMatchObject({
      code: 2,
      stderr: '--percent must be an integer from 1 to 100',
    });
    expect(release('canary', 'promote', 'mypage')).toMatchObject({ code: 1, stderr: 'mypage has no canary' });
  });
});

describe('status and history', () => {
  test('status lists every remote; history prints who, what, from, to, why', () => {
    const a = publishOk('marketing', 'a');
    release('promote', 'marketing', a, '--why', 'launch', '--who', 'sato');
    const lines = release('status').stdout.split('\n');
    expect(lines.map((l) => l.split(':')[0])).toEqual(Object.keys(REMOTE_DIRS));
    expect(lines[0]).toBe(`marketing: live ${a}; published *${a}`);
    expect(lines[1]).toBe('auth: live (none); published (none)');
    const json = JSON.parse(release('status', '--json').stdout);
    expect(json.revision).toBe(1);
    expect(json.remotes.marketing.published[0].version).toBe(a);

    const h = release('history').stdout.split('\n');
    expect(h).toHaveLength(2);
    expect(h[0]).toMatch(new RegExp(`^\\S+ tester publish marketing - → ${a}$`));
    expect(h[1]).toMatch(new RegExp(`^\\S+ sato promote marketing - → ${a} "launch"$`));
  });

  test.each([['publish', 'billing'], ['promote', 'toString', '1.0.0-abc'], ['publish'], ['history', 'nope']])(
    'an unknown or missing remote (%s %s) exits with 2 and names the remotes',
    (...args) => {
      const r = release(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`remote must be one of: ${Object.keys(REMOTE_DIRS).join(', ')}`);
    },
  );

  test.each([[['promote', 'marketing']], [['rollout', 'marketing']], [[]], [['status', '--bogus']]])(
    'bad usage %j exits with 2',
    (args) => {
      const r = release(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/usage: release\.mjs /);
    },
  );
});

describe('force-reload', () => {
  test('declares the minimum client build: the revision it writes, in deployment.json, builds/latest.json and the history', () => {
    const a = publishOk('marketing', 'a');
    release('promote', 'marketing', a);
    expect(release('force-reload', '--why', 'breaking API change')).toEqual({
      code: 0,
      stdout: 'pages started before revision 2 reload at their next API answer',
      stderr: '',
    });
    expect(deployment()).toMatchObject({ revision: 2, minClientBuild: 2 });
    expect(readJson(path.join(site, 'builds', 'latest.json'))).toMatchObject({ revision: 2, minClientBuild: 2 });
    expect(history().at(-1)).toMatchObject({ action: 'force-reload', remote: '*', from: null, to: '2', why: 'breaking API change' });
  });
});

describe('prune (skew protection)', () => {
  test('removes only versions out of live for longer than N days; never the live or the canary one', async () => {
    const store = new LocalStore(site);
    const [v1, v2, v3, v4, v5] = ['v1', 'v2', 'v3', 'v4', 'v5'].map((l) => publishOk('marketing', l));
    release('promote', 'marketing', v1);
    release('promote', 'marketing', v2); // v1 stops being live
    release('promote', 'marketing', v3); // v2 stops being live
    release('canary', 'marketing', v4, '--staff');
    const day = 86_400_000;
    const nowPlus = (days) => () => new Date(Date.now() + days * day);

    // Within N days of being replaced: everything stays (open tabs still load v1 and v2).
    expect(await prune(store, { keepDays: 7, who: 'tester', now: nowPlus(6) })).toEqual([]);
    // Past N days: v1, v2 and v5 (published, never live) go; v3 is live and v4 in canary.
    const gone = await prune(store, { keepDays: 7, who: 'tester', now: nowPlus(8) });
    expect(gone.map((g) => g.version).sort()).toEqual([v1, v2, v5].sort());
    expect(fs.readdirSync(path.join(site, 'remotes', 'mfe-marketing')).sort()).toEqual([v3, v4].sort());
    expect(
      (await readHistory(store))
        .filter((e) => e.action === 'prune')
        .map((e) => e.from)
        .sort(),
    ).toEqual([v1, v2, v5].sort());
    // Even far later, the live and the canary version stay.
    expect(await prune(store, { keepDays: 0, who: 'tester', now: nowPlus(1000) })).toEqual([]);
  });

  test('the CLI keeps what is recent; --dry-run removes nothing', () => {
    const a = publishOk('marketing', 'a');
    const b = publishOk('marketing', 'b');
    release('promote', 'marketing', b);
    expect(release('prune', '--keep-days', '0', '--dry-run').stdout).toBe(`would remove marketing ${a}`);
    expect(fs.existsSync(folder('marketing', a))).toBe(true);
    expect(release('prune').stdout).toBe('nothing to prune');
  });
});

describe('preview', () => {
  test('prints the back-office link for a published version; an unpublished one is refused', () => {
    const version = publishOk('entry', 'p');
    const r = releaseSync(site, ['preview', 'entry', version], { PUBLIC_URL: 'https://factoring.example.jp/' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`https://factoring.example.jp/backoffice/releases?preview=entry@${version}`);
    expect(r.stderr).toContain('it asks before this browser runs the version');
    const missing = release('preview', 'entry', '0.1.0-0000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('entry 0.1.0-0000000000 is not published (no remotes/mfe-entry/0.1.0-0000000000/mf-manifest.json)');
  });
});
