import {
  EXIT_CONFLICT,
  ReleaseError,
  knownRemote,
  checkVersion,
  manifestUrl,
  readDeployment,
  appendHistory,
  healthRecord,
  swapDeployment,
} from './release-state.mjs';
import { gate, promote } from './release-publish.mjs';

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

/**
 * A decision taken on a canary that may have changed meanwhile (the watch, scripts/release-watch.mjs):
 * `expectVersion` is the canary version judged; another one (or none) is a conflict.
 */
function checkExpected(remote, seen, expectVersion) {
  if (expectVersion !== undefined && expectVersion !== null && seen !== expectVersion) {
    throw new ReleaseError(`${remote}: the canary is ${seen ?? 'gone'}, not ${expectVersion}: someone else changed it`, EXIT_CONFLICT);
  }
}

/** The canary version becomes live for everyone. */
export async function canaryPromote(store, { remote, who, why = null, expectVersion, health = null, now = () => new Date() }) {
  knownRemote(remote);
  const { deployment } = await readDeployment(store);
  const canary = deployment.canary?.[remote];
  if (!canary && expectVersion === undefined) throw new ReleaseError(`${remote} has no canary`);
  checkExpected(remote, canary?.version ?? null, expectVersion);
  return promote(store, { remote, version: canary.version, who, why, action: 'canary-promote', health, now });
}

/** Ends the canary: everyone gets the live version again. */
export async function canaryAbort(store, { remote, who, why = null, expectVersion, health = null, now = () => new Date() }) {
  knownRemote(remote);
  const { deployment: first } = await readDeployment(store);
  const seen = first.canary?.[remote]?.version ?? null;
  checkExpected(remote, seen, expectVersion);
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
    ...healthRecord(health),
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
