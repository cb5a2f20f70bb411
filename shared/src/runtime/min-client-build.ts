import { handleChunkLoadError } from './chunk-reload-guard';

/**
 * Forced reload (spec §8 "version mismatch (reload needed): page reloads"). A release can declare a
 * minimum client build (`pnpm release force-reload`): the deployment revision from which pages must
 * have started. The API then sends it on every response as `X-Min-Client-Build`; a page that started
 * at an older revision (builds/latest.json `revision`, read when the page started) reloads once,
 * through the same guard as a chunk that fails to load. This is not `me.version`, the version of the
 * user's record (the profile's 409).
 */
export { MIN_CLIENT_BUILD_HEADER } from '../constants';

let runningRevision: number | null = null;

/** The deployment revision this page started with: the first one reported wins. */
export function noteRunningRevision(revision: number): void {
  if (runningRevision === null && Number.isInteger(revision)) runningRevision = revision;
}

/** For tests: forget the page's revision. */
export function resetRunningRevision(): void {
  runningRevision = null;
}

/**
 * Checks a response's `X-Min-Client-Build`: 'ok', or the page is older and reloads ('reloading'),
 * unless it already did for this path moments ago ('gave-up', the chunk guard's rule).
 */
export function checkMinClientBuild(
  header: string | null,
  win: Pick<Window, 'location' | 'sessionStorage'> = window,
): 'ok' | 'reloading' | 'gave-up' {
  if (header === null || runningRevision === null) return 'ok';
  const minimum = Number(header);
  if (!Number.isInteger(minimum) || runningRevision >= minimum) return 'ok';
  return handleChunkLoadError(win);
}
