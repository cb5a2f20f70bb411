// The release operations on a store (scripts/release-store.mjs): publish, promote, rollback,
// canary, status, history, prune, and the compatibility gate. The CLI (scripts/release.mjs) is a
// thin layer over these. Every change of what is live goes through a compare-and-swap of
// deployment.json, and is recorded in .release/history.jsonl (append-only; not served).

export {
  DEPLOYMENT,
  HISTORY,
  SHELL_MANIFEST,
  RELEASE_META,
  GATED_SINGLETONS,
  REQUIRED_EXPOSES,
  ReleaseError,
  EXIT_CONFLICT,
  EXIT_INCOMPATIBLE,
  knownRemote,
  checkVersion,
  manifestUrl,
  readDeployment,
  satisfies,
  sharedOf,
  compatibilityProblems,
  readHistory,
  readPublished,
} from './release-state.mjs';
export { publish, promote, previousLive, rollback } from './release-publish.mjs';
export { describeAudience, canaryStart, canaryPromote, canaryAbort, forceReload } from './release-audience.mjs';
export { status, prune } from './release-status.mjs';
