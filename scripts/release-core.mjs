// The release operations on a store (scripts/release-store.mjs): publish, promote, rollback,
// canary, status, history, prune, and the compatibility gate. The CLI (scripts/release.mjs) is a
// thin layer over these. Every change of what is live goes through a compare-and-swap of
// deployment.json, and is recorded in .release/history.jsonl (append-only; not served).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { REMOTE_DIRS, ROOT, hashDir, isReleaseVersion, readJson } from './lib.mjs';
import { ConflictError } from './release-store.mjs';

export const DEPLOYMENT = 'deployment.json';
/** Not served: the site's static files skip dot-folders (api/src/site/serve.ts `dotfiles: 'ignore'`). */
export const HISTORY = '.release/history.jsonl';
export const SHELL_MANIFEST = 'mf-manifest.json';
export const RELEASE_META = 'release.json';
/**
 * The singletons a remote must share with the live shell (shared/build/federation.mjs `singletons`):
 * `@app/shared/core` holds the site's state (the auth store), `@app/shared` the rest of the package.
 */
export const GATED_SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'zustand', '@app/shared', '@app/shared/core'];
/** What the shell imports from every remote (shell/src/bootstrap.tsx). */
export const REQUIRED_EXPOSES = ['./lifecycles'];

/** A refusal the operator can act on: exit code, and the message says what to do. */
export class ReleaseError extends Error {
  name = 'ReleaseError';
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}
/** Someone else changed the same remote meanwhile: look, then retry. */
export const EXIT_CONFLICT = 3;
/** The compatibility gate refused the version. */
export const EXIT_INCOMPATIBLE = 4;

export function knownRemote(remote) {
  if (!remote || !Object.hasOwn(REMOTE_DIRS, remote)) {
    throw new ReleaseError(`remote must be one of: ${Object.keys(REMOTE_DIRS).join(', ')}`, 2);
  }
  return remote;
}

/**
 * A version as given (the CLI's argument or flag, a body field over HTTP), checked before it is
 * used: the version format only (lib.mjs), never a path — `../` would resolve inside the store.
 * A usage error (exit 2; 400 over HTTP).
 */
export function checkVersion(value, name = 'version') {
  if (isReleaseVersion(value)) return value;
  const shown = JSON.stringify(typeof value === 'string' ? value : String(value)).slice(0, 100);
  throw new ReleaseError(
    `${name} must be a release version (<package version>-<10 hex digits>, as publish prints it, e.g. 0.1.0-25c9b4226a), not ${shown}`,
    2,
  );
}

// Every key of a version goes through the check, whatever the caller checked before.
const versionPrefix = (remote, version) => `remotes/${REMOTE_DIRS[remote]}/${checkVersion(version)}`;
export const manifestUrl = (remote, version) => `/${versionPrefix(remote, version)}/mf-manifest.json`;

async function readJsonKey(store, key) {
  const got = await store.read(key);
  if (!got) return { value: null, etag: null };
  return { value: JSON.parse(got.body.toString('utf8')), etag: got.etag };
}

/** deployment.json and its etag (`{ remotes: {} }`, etag null, when there is none yet). */
export async function readDeployment(store) {
  const { value, etag } = await readJsonKey(store, DEPLOYMENT);
  return { deployment: { remotes: {}, ...value }, etag };
}

/**
 * Whether `version` is in `range` by npm's semver rules (the `semver` package, which npm itself uses):
 * `^`, `~`, comparisons, `x` ranges, hyphen ranges, `||`. A prerelease is only in a range that names
 * a prerelease of the same x.y.z. Anything but a valid range (not a string, or unparsable) matches nothing.
 */
export function satisfies(version, range) {
  return typeof range === 'string' && semver.satisfies(version, range);
}

/** `a` is a later version than `b` (both valid versions). */
const newer = (a, b) => semver.valid(a) !== null && semver.valid(b) !== null && semver.gt(a, b);

/** `{ name: { version, requiredVersion, singleton } }` from an mf-manifest's `shared` list. */
export function sharedOf(mfManifest) {
  return Object.fromEntries(
    (mfManifest?.shared ?? []).map((s) => [
      s.name,
      { version: s.version, requiredVersion: s.requiredVersion, singleton: s.singleton !== false },
    ]),
  );
}

/**
 * The compatibility gate: every problem that would break the page if this remote went live beside
 * the live shell, one sentence each (empty: compatible). Both directions of each singleton: the
 * remote runs with the shell's copy (it must be in the remote's range) and the share scope may pick
 * the remote's copy (it must be in the shell's range).
 */
export function compatibilityProblems(shellManifest, remoteManifest) {
  const problems = [];
  const shell = sharedOf(shellManifest);
  const remote = sharedOf(remoteManifest);
  for (const name of GATED_SINGLETONS) {
    const s = shell[name];
    const r = remote[name];
    if (!r) {
      problems.push(`${name}: the remote does not share it (it would run its own copy beside the shell's)`);
      continue;
    }
    if (!s) {
      problems.push(`${name}: the live shell does not share it`);
      continue;
    }
    if (!r.singleton) problems.push(`${name}: the remote shares it without singleton: true`);
    if (!satisfies(s.version, r.requiredVersion)) {
      problems.push(`${name}: the remote requires ${r.requiredVersion}, the live shell provides ${s.version}`);
    } else if (newer(r.version, s.version) && !satisfies(r.version, s.requiredVersion)) {
      problems.push(`${name}: the remote was built with ${r.version}, outside the live shell's range ${s.requiredVersion}`);
    }
  }
  const exposed = new Set((remoteManifest?.exposes ?? []).map((e) => e.path ?? `./${e.name}`));
  for (const expose of REQUIRED_EXPOSES) {
    if (!exposed.has(expose)) problems.push(`exposes: the remote does not expose ${expose}, which the shell imports`);
  }
  return problems;
}

function appendHistory(store, entry) {
  return store.append(HISTORY, JSON.stringify(entry));
}

/** Every recorded change, oldest first (optionally of one remote). */
export async function readHistory(store, { remote } = {}) {
  const got = await store.read(HISTORY);
  if (!got) return [];
  return got.body
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((e) => !remote || e.remote === remote);
}

/** An id that changes whenever what the site runs changes: the remotes, the canaries and the shell. */
async function writeLatestBuild(store, now) {
  for (let i = 0; i < 5; i += 1) {
    const { deployment, etag } = await readDeployment(store);
    const index = await store.read('index.html');
    const hash = createHash('sha256')
      .update(JSON.stringify({ remotes: deployment.remotes, canary: deployment.canary ?? {} }))
      .update(index?.body ?? '');
    const latest = { id: hash.digest('hex').slice(0, 16), revision: deployment.revision ?? 0, builtAt: now().toISOString() };
    if (deployment.minClientBuild) latest.minClientBuild = deployment.minClientBuild;
    await store.write('builds/latest.json', `${JSON.stringify(latest, null, 2)}\n`);
    if ((await readDeployment(store)).etag === etag) return latest; // else another release landed meanwhile: describe that one
  }
  return null;
}

/**
 * Applies `change(deployment)` with compare-and-swap. `change` returns `{ from, to }` (or throws a
 * ReleaseError). `expect(deployment)` says whether the state this change was decided on still holds:
 * when the swap fails because someone else wrote, the manifest is read again; if `expect` still holds
 * (another remote changed) the change is retried, else it is refused as a conflict.
 */
async function swapDeployment(store, { remote, expect, change, now }) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { deployment, etag } = await readDeployment(store);
    if (!expect(deployment)) {
      const live = deployment.remotes[remote]?.version ?? '(none)';
      const canary = deployment.canary?.[remote]?.version;
      throw new ReleaseError(
        `conflict: ${remote} was changed by another release meanwhile (now live ${live}${canary ? `, canary ${canary}` : ''}); ` +
          'check `pnpm release status` and retry if your change still applies',
        EXIT_CONFLICT,
      );
    }
    const next = structuredClone(deployment);
    const result = change(next);
    next.revision = (deployment.revision ?? 0) + 1;
    try {
      await store.write(DEPLOYMENT, `${JSON.stringify(next, null, 2)}\n`, { ifMatch: etag });
      await writeLatestBuild(store, now);
      return { ...result, revision: next.revision };
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 15));
    }
  }
  throw new ReleaseError(`conflict: ${DEPLOYMENT} kept changing; retry`, EXIT_CONFLICT);
}

/** Whether a version of a remote is published: its folder has an mf-manifest.json. */
async function readPublished(store, remote, version) {
  const { value } = await readJsonKey(store, `${versionPrefix(remote, version)}/mf-manifest.json`);
  if (!value) throw new ReleaseError(`${remote} ${version} is not published (no ${versionPrefix(remote, version)}/mf-manifest.json)`);
  return value;
}

function gitCommit(dir) {
  try {
    const head = fs.readFileSync(path.join(dir, '.git', 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    const ref = head.slice(5);
    const loose = path.join(dir, '.git', ref);
    if (fs.existsSync(loose)) return fs.readFileSync(loose, 'utf8').trim();
    const packed = fs.readFileSync(path.join(dir, '.git', 'packed-refs'), 'utf8');
    return (
      packed
        .split('\n')
        .find((l) => l.endsWith(` ${ref}`))
        ?.split(' ')[0] ?? null
    );
  } catch {
    return null;
  }
}

/**
 * Publishes a remote's build as an immutable version: the folder, with its mf-manifest.json, and
 * release.json (commit, build and publish time, who, the shared ranges and exposes it was built
 * with). Versions are `<package version>-<content hash>`; publishing a version that exists is refused
 * (`existingOk`: it is left as it is and its version returned, for scripts such as the e2e setup).
 */
export async function publish(store, { remote, distDir, who, commit, existingOk = false, now = () => new Date() }) {
  knownRemote(remote);
  const dist = distDir ?? path.join(ROOT, REMOTE_DIRS[remote], 'dist');
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile)) throw new ReleaseError(`${dist} has no mf-manifest.json: build ${REMOTE_DIRS[remote]} first`);
  const pkg = readJson(path.join(ROOT, REMOTE_DIRS[remote], 'package.json'), { version: '0.0.0' });
  const version = `${pkg.version}-${hashDir(dist).slice(0, 10)}`;
  const mf = readJson(manifestFile, {});
  const meta = {
    remote,
    version,
    commit: commit ?? gitCommit(ROOT),
    builtAt: fs.statSync(manifestFile).mtime.toISOString(),
    publishedAt: now().toISOString(),
    publishedBy: who,
    shared: Object.fromEntries(Object.entries(sharedOf(mf)).filter(([name]) => GATED_SINGLETONS.includes(name))),
    exposes: (mf.exposes ?? []).map((e) => e.path ?? `./${e.name}`),
  };
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(dist)), `.release-${remote}-`));
  try {
    fs.cpSync(dist, staging, { recursive: true });
    fs.writeFileSync(path.join(staging, RELEASE_META), `${JSON.stringify(meta, null, 2)}\n`);
    await store.putTree(versionPrefix(remote, version), staging, RELEASE_META);
  } catch (error) {
    if (error instanceof ConflictError) {
      // The same content is the same version: a script that only needs it published is done.
      if (existingOk) return { version, meta: null, existed: true };
      throw new ReleaseError(
        `${remote} ${version} is already published: versions are immutable (the same build gives the same version; promote it, or rebuild)`,
      );
    }
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  await appendHistory(store, {
    at: meta.publishedAt,
    who,
    action: 'publish',
    remote,
    from: null,
    to: version,
    why: null,
    commit: meta.commit,
  });
  return { version, meta };
}

/** The gate for one version: [] when compatible. */
async function gateProblems(store, remote, version) {
  const remoteManifest = await readPublished(store, remote, version);
  const { value: shellManifest } = await readJsonKey(store, SHELL_MANIFEST);
  if (!shellManifest) return [`the live shell's ${SHELL_MANIFEST} is missing: its shared ranges cannot be checked`];
  return compatibilityProblems(shellManifest, remoteManifest);
}

async function gate(store, { remote, version, force }) {
  const problems = await gateProblems(store, remote, version);
  if (problems.length > 0 && !force) {
    throw new ReleaseError(
      `${remote} ${version} is not compatible with the live shell, refused:\n  - ${problems.join('\n  - ')}\n` +
        "rebuild the remote against the shell's versions (or deploy a new shell first); --force skips this check",
      EXIT_INCOMPATIBLE,
    );
  }
  return problems;
}

/**
 * Makes a version live (a promotion, or a rollback: `action`). `expectLive`: only if the live
 * version is still this one (what the caller saw); by default, what was live when the command read
 * the manifest. A concurrent change of another remote is retried; of the same remote, refused.
 */
export async function promote(
  store,
  { remote, version, who, why = null, force = false, expectLive, action = 'promote', now = () => new Date() },
) {
  knownRemote(remote);
  checkVersion(version);
  if (expectLive !== undefined && expectLive !== null) checkVersion(expectLive, 'expect-live');
  const skipped = await gate(store, { remote, version, force });
  const { deployment: first } = await readDeployment(store);
  const seen = expectLive === undefined ? (first.remotes[remote]?.version ?? null) : expectLive;
  const seenCanary = first.canary?.[remote]?.version ?? null;
  const result = await swapDeployment(store, {
    remote,
    now,
    expect: (d) => (d.remotes[remote]?.version ?? null) === seen && (d.canary?.[remote]?.version ?? null) === seenCanary,
    change: (d) => {
      const from = d.remotes[remote]?.version ?? null;
      d.remotes[remote] = { manifest: manifestUrl(remote, version), version };
      // The canary of this remote ends: everyone gets the version just made live.
      if (d.canary?.[remote]) delete d.canary[remote];
      return { from, to: version };
    },
  });
  await appendHistory(store, {
    at: now().toISOString(),
    who,
    action,
    remote,
    from: result.from,
    to: result.to,
    why,
    revision: result.revision,
    ...(skipped.length > 0 ? { forced: true, skipped } : {}),
  });
  return { ...result, skipped };
}

/** The version live before the current one, from the history (the rollback target). */
export async function previousLive(store, remote) {
  const { deployment } = await readDeployment(store);
  const live = deployment.remotes[remote]?.version ?? null;
  // The promotion that made the live version live (a rollback to it does not count: rolling back
  // twice goes further back, not forth again).
  const changes = (await readHistory(store, { remote })).filter((e) => ['promote', 'canary-promote'].includes(e.action));
  const last = changes.reverse().find((e) => e.to === live);
  return last?.from ?? null;
}

export async function rollback(store, { remote, to, ...rest }) {
  knownRemote(remote);
  if (to !== undefined && to !== null) checkVersion(to, 'to');
  const target = to ?? (await previousLive(store, remote));
  if (!target) throw new ReleaseError(`no earlier live version of ${remote} is recorded in the history: name one with --to <version>`);
  return promote(store, { ...rest, remote, version: target, action: 'rollback' });
}

/** `{ kind: 'staff' } | { kind: 'segment', segment } | { kind: 'percent', percent }`, described. */
export function describeAudience(a) {
  if (a.kind === 'staff') return 'staff only';
  if (a.kind === 'segment') return `user segment ${a.segment}`;
  return `${a.percent}% of applicants`;
}

/** Serves a published version of one remote to an audience, beside the live version for everyone else. */
export async function canaryStart(store, { remote, version, audience, who, why = null, force = false, now = () => new Date() }) {
  knownRemote(remote);
  checkVersion(version);
  if (audience.kind === 'percent' && !(Number.isInteger(audience.percent) && audience.percent >= 1 && audience.percent <= 100)) {
    throw new ReleaseError('--percent must be an integer from 1 to 100', 2);
  }
  const skipped = await gate(store, { remote, version, force });
  const { deployment: first } = await readDeployment(store);
  const seenCanary = first.canary?.[remote]?.version ?? null;
  const result = await swapDeployment(store, {
    remote,
    now,
    expect: (d) => (d.canary?.[remote]?.version ?? null) === seenCanary,
    change: (d) => {
      if (d.remotes[remote]?.version === version) throw new ReleaseError(`${remote} ${version} is already live for everyone`);
      const from = d.canary?.[remote]?.version ?? null;
      d.canary = { ...d.canary, [remote]: { manifest: manifestUrl(remote, version), version, audience, since: now().toISOString() } };
      return { from, to: version };
    },
  });
  await appendHistory(store, {
    at: now().toISOString(),
    who,
    action: 'canary',
    remote,
    from: result.from,
    to: result.to,
    audience,
    why,
    revision: result.revision,
    ...(skipped.length > 0 ? { forced: true, skipped } : {}),
  });
  return { ...result, skipped };
}

/** The canary version becomes live for everyone. */
export async function canaryPromote(store, { remote, who, why = null, now = () => new Date() }) {
  knownRemote(remote);
  const { deployment } = await readDeployment(store);
  const canary = deployment.canary?.[remote];
  if (!canary) throw new ReleaseError(`${remote} has no canary`);
  return promote(store, { remote, version: canary.version, who, why, action: 'canary-promote', now });
}

/** Ends the canary: everyone gets the live version again. */
export async function canaryAbort(store, { remote, who, why = null, now = () => new Date() }) {
  knownRemote(remote);
  const { deployment: first } = await readDeployment(store);
  const seen = first.canary?.[remote]?.version ?? null;
  if (!seen) throw new ReleaseError(`${remote} has no canary`);
  const result = await swapDeployment(store, {
    remote,
    now,
    expect: (d) => (d.canary?.[remote]?.version ?? null) === seen,
    change: (d) => {
      delete d.canary[remote];
      return { from: seen, to: null };
    },
  });
  await appendHistory(store, {
    at: now().toISOString(),
    who,
    action: 'canary-abort',
    remote,
    from: seen,
    to: null,
    why,
    revision: result.revision,
  });
  return result;
}

/**
 * Forced reload: pages that started before this release reload at their next API answer
 * (X-Min-Client-Build, once, through the chunk-error guard). The minimum is the revision this writes.
 */
export async function forceReload(store, { who, why = null, now = () => new Date() }) {
  const result = await swapDeployment(store, {
    remote: '*',
    now,
    expect: () => true,
    change: (d) => {
      const from = d.minClientBuild ?? null;
      d.minClientBuild = (d.revision ?? 0) + 1;
      return { from: from === null ? null : String(from), to: String(d.minClientBuild) };
    },
  });
  await appendHistory(store, {
    at: now().toISOString(),
    who,
    action: 'force-reload',
    remote: '*',
    from: result.from,
    to: result.to,
    why,
    revision: result.revision,
  });
  return result;
}

/** Per remote: live, canary, and the published versions (newest first by publish record, then name). */
export async function status(store) {
  const { deployment } = await readDeployment(store);
  const history = await readHistory(store);
  const publishedAt = new Map(history.filter((e) => e.action === 'publish').map((e) => [`${e.remote} ${e.to}`, e.at]));
  const out = {};
  for (const remote of Object.keys(REMOTE_DIRS)) {
    const versions = await store.children(`remotes/${REMOTE_DIRS[remote]}`);
    out[remote] = {
      live: deployment.remotes[remote]?.version ?? null,
      canary: deployment.canary?.[remote]
        ? { version: deployment.canary[remote].version, audience: deployment.canary[remote].audience }
        : null,
      published: versions.map((version) => ({ version, publishedAt: publishedAt.get(`${remote} ${version}`) ?? null })),
    };
  }
  return { revision: deployment.revision ?? 0, remotes: out };
}

/**
 * Skew protection: removes published versions that are neither live nor in canary and stopped being
 * live (or were published, if never live) more than `keepDays` days ago, by the history. Versions
 * the history does not know (published before it existed) are kept.
 */
export async function prune(store, { keepDays, who, dryRun = false, now = () => new Date() }) {
  const { deployment } = await readDeployment(store);
  const history = await readHistory(store);
  const cutoff = now().getTime() - keepDays * 86_400_000;
  const removed = [];
  for (const remote of Object.keys(REMOTE_DIRS)) {
    const keep = new Set([deployment.remotes[remote]?.version, deployment.canary?.[remote]?.version].filter(Boolean));
    for (const version of await store.children(`remotes/${REMOTE_DIRS[remote]}`)) {
      if (keep.has(version)) continue;
      const times = history.filter((e) => e.remote === remote && (e.from === version || e.to === version)).map((e) => Date.parse(e.at));
      if (times.length === 0 || Math.max(...times) > cutoff) continue;
      removed.push({ remote, version });
    }
  }
  if (!dryRun) {
    for (const { remote, version } of removed) {
      await store.removeTree(versionPrefix(remote, version));
      await appendHistory(store, {
        at: now().toISOString(),
        who,
        action: 'prune',
        remote,
        from: version,
        to: null,
        why: `not live for ${keepDays} days`,
      });
    }
  }
  return removed;
}
