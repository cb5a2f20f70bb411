import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_DIRS, ROOT, SOURCE_MAPS_DIR, copyPublic, filesUnder, hashDir, isSourceMap, readJson } from './lib.mjs';
import { ConflictError } from './release-store.mjs';
import {
  SHELL_MANIFEST,
  RELEASE_META,
  GATED_SINGLETONS,
  ReleaseError,
  EXIT_INCOMPATIBLE,
  knownRemote,
  checkVersion,
  versionPrefix,
  manifestUrl,
  readJsonKey,
  readDeployment,
  sharedOf,
  compatibilityProblems,
  appendHistory,
  readHistory,
  swapDeployment,
  readPublished,
  gitCommit,
  healthRecord,
} from './release-state.mjs';

/**
 * Publishes a remote's build as an immutable version: the folder (without its source maps, which
 * go to the private `.release/sourcemaps/remotes/<remote>/<version>/`: never served), with its
 * mf-manifest.json, and release.json (commit, build and publish time, who, the shared ranges and exposes it was built
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
    // The source maps first, into the private folder (never served): a published version has its
    // maps. Each is written only if absent: the first publish of a version keeps its own.
    for (const file of filesUnder(dist).filter(isSourceMap)) {
      try {
        await store.write(`${SOURCE_MAPS_DIR}/${versionPrefix(remote, version)}/${file}`, fs.readFileSync(path.join(dist, file)), {
          ifMatch: null,
        });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    // The public folder: the build without its maps.
    copyPublic(dist, staging);
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

export async function gate(store, { remote, version, force }) {
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
  { remote, version, who, why = null, force = false, expectLive, action = 'promote', health = null, now = () => new Date() },
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
    ...healthRecord(health),
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
