import { REMOTE_DIRS, SOURCE_MAPS_DIR } from './lib.mjs';
import { versionPrefix, readDeployment, appendHistory, readHistory } from './release-state.mjs';

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
      await store.removeTree(`${SOURCE_MAPS_DIR}/${versionPrefix(remote, version)}`);
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
