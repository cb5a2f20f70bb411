import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { REMOTE_DIRS, isReleaseVersion } from './lib.mjs';
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
export const versionPrefix = (remote, version) => `remotes/${REMOTE_DIRS[remote]}/${checkVersion(version)}`;
export const manifestUrl = (remote, version) => `/${versionPrefix(remote, version)}/mf-manifest.json`;

export async function readJsonKey(store, key) {
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

export function appendHistory(store, entry) {
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
export async function swapDeployment(store, { remote, expect, change, now }) {
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
export async function readPublished(store, remote, version) {
  const { value } = await readJsonKey(store, `${versionPrefix(remote, version)}/mf-manifest.json`);
  if (!value) throw new ReleaseError(`${remote} ${version} is not published (no ${versionPrefix(remote, version)}/mf-manifest.json)`);
  return value;
}

export function gitCommit(dir) {
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

/** The numbers a decision was taken on, as recorded in the history (`health`, from the watch). */
export function healthRecord(report) {
  if (!report) return {};
  const { verdict, since, until, routes, candidate, baseline, errorRateRatio, lcpRatio, inpRatio, reasons, thresholds } = report;
  const newFingerprints = (report.newFingerprints ?? []).map(({ fingerprint, errors, message }) => ({ fingerprint, errors, message }));
  return {
    health: {
      verdict,
      since,
      until,
      routes,
      candidate,
      baseline,
      errorRateRatio,
      lcpRatio,
      inpRatio,
      thresholds,
      reasons,
      newFingerprints,
    },
  };
}
