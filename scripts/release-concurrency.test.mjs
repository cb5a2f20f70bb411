// Compare-and-swap on deployment.json with real concurrency: 20 CLI processes promoting at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REMOTE_DIRS, readJson } from './lib.mjs';
import { fakeDist, makeSite, releaseAsync, releaseSync } from './release-fixtures.mjs';

const REMOTES = Object.keys(REMOTE_DIRS);
let tmp;
/** Per remote: five published versions, the first of them live. */
const versions = {};

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-cas-'));
  const template = makeSite(path.join(tmp, 'template'));
  for (const remote of REMOTES) {
    versions[remote] = [0, 1, 2, 3, 4].map((i) => {
      const r = releaseSync(template, ['publish', remote, fakeDist(tmp, `${remote}-${i}`, `${remote} ${i}`)]);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    });
    expect(releaseSync(template, ['promote', remote, versions[remote][0]]).code).toBe(0);
  }
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function freshSite(name) {
  const site = path.join(tmp, name);
  fs.cpSync(path.join(tmp, 'template'), site, { recursive: true });
  return site;
}
const historyOf = (site) =>
  fs
    .readFileSync(path.join(site, '.release', 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((e) => e.action !== 'publish');

describe('20 parallel promotions', () => {
  test('across remotes, 4 per remote: every one lands, in an unbroken chain per remote; nothing lost', async () => {
    const site = freshSite('all-land');
    const jobs = REMOTES.flatMap((remote) =>
      [1, 2, 3, 4].map((i) => releaseAsync(site, ['promote', remote, versions[remote][i], '--why', `job ${remote} ${i}`])),
    );
    const results = await Promise.all(jobs);
    expect(results).toHaveLength(20);
    // Without --expect-live, a promotion decides on what it read; another remote's change is
    // retried automatically, a change of the same remote between its read and its write is refused.
    const failed = results.filter((r) => r.code !== 0);
    for (const r of failed) {
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/^conflict: \w+ was changed by another release meanwhile .*retry if your change still applies$/);
    }

    const deployment = readJson(path.join(site, 'deployment.json'));
    const history = historyOf(site).slice(REMOTES.length); // after the template's initial promotions
    // One history entry per successful promotion, and one revision each.
    expect(history).toHaveLength(20 - failed.length);
    expect(deployment.revision).toBe(REMOTES.length + history.length);
    expect(new Set(history.map((e) => e.revision)).size).toBe(history.length);
    for (const remote of REMOTES) {
      const chain = history.filter((e) => e.remote === remote).sort((a, b) => a.revision - b.revision);
      expect(chain.length).toBeGreaterThan(0);
      // No lost update: each promotion replaced exactly what the one before it made live …
      let live = versions[remote][0];
      for (const e of chain) {
        expect(e.from).toBe(live);
        live = e.to;
      }
      // … and the manifest holds the last one.
      expect(deployment.remotes[remote]).toEqual({ manifest: `/remotes/${REMOTE_DIRS[remote]}/${live}/mf-manifest.json`, version: live });
    }
    expect(fs.readdirSync(site).filter((f) => f.endsWith('.lock') || f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  test('with --expect-live, 4 promotions of the same remote at once: one wins, three are told to retry; other remotes unaffected', async () => {
    const site = freshSite('one-wins');
    const jobs = REMOTES.flatMap((remote) =>
      [1, 2, 3, 4].map((i) => releaseAsync(site, ['promote', remote, versions[remote][i], '--expect-live', versions[remote][0]])),
    );
    const results = await Promise.all(jobs);
    const deployment = readJson(path.join(site, 'deployment.json'));
    for (const remote of REMOTES) {
      const mine = results.filter((r) => r.args[1] === remote);
      const winners = mine.filter((r) => r.code === 0);
      expect(winners).toHaveLength(1);
      const winner = winners[0].args[2];
      expect(winners[0].stdout).toBe(`${remote}: ${versions[remote][0]} → ${winner}`);
      expect(deployment.remotes[remote].version).toBe(winner);
      for (const loser of mine.filter((r) => r.code !== 0)) {
        expect(loser.code).toBe(3);
        expect(loser.stderr).toBe(
          `conflict: ${remote} was changed by another release meanwhile (now live ${winner}); check \`pnpm release status\` and retry if your change still applies`,
        );
      }
    }
    expect(deployment.revision).toBe(REMOTES.length * 2);
    expect(historyOf(site).slice(REMOTES.length)).toHaveLength(REMOTES.length);
  }, 120_000);
});
