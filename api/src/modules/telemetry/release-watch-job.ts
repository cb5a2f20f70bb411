import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../paths';
import { readDeployment } from './health';

/** The job's advisory lock (server.ts runs it with jobs.ts `runExclusiveJob`): one API process checks the canaries at a time. */
export const RELEASE_WATCH_JOB = 'release-watch';

/** The release CLI the job runs (scripts/release.mjs: the same decisions as a release manager's watch). */
export const RELEASE_CLI = path.join(REPO_ROOT, 'scripts', 'release.mjs');

export interface WatchRun {
  readonly remote: string;
  /** The CLI's exit code: 0 promoted or nothing decided yet, 5 aborted, 3 changed meanwhile, else a failure. */
  readonly code: number | null;
  readonly output: string;
}

export interface ReleaseWatchOptions {
  readonly siteDir: string;
  /** This API, as the CLI reaches it for the numbers (loopback: /ops/canary-health is open to it). */
  readonly apiUrl: string;
  /** RELEASE_WATCH_OPTIONS, split (`--min-sessions 50 --promote-after 2h`). */
  readonly options: readonly string[];
  readonly cli?: string;
  /** Extra environment of the CLI (tests). */
  readonly env?: NodeJS.ProcessEnv;
}

function runCli(cli: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: output.trim() }));
  });
}

/**
 * RELEASE_WATCH=1 (issue 26): every canary of the site checked once — `pnpm release canary watch
 * <remote> --once` (scripts/release-watch.mjs: abort when worse, promote when healthy for the
 * period, the decision and its numbers in the release history as `api:release-watch`). The CLI keeps
 * no state, so whichever API process holds the job's lock (RELEASE_WATCH_JOB) this time decides as a
 * release manager's own watch would; with several processes each period's check runs once.
 */
export async function watchCanariesOnce(options: ReleaseWatchOptions): Promise<WatchRun[]> {
  const runs: WatchRun[] = [];
  const env = { ...process.env, SITE_DIR: options.siteDir, RELEASE_WHO: 'api:release-watch', ...options.env };
  for (const remote of Object.keys(readDeployment(options.siteDir).canary ?? {})) {
    const args = ['canary', 'watch', remote, '--once', '--api', options.apiUrl, ...options.options];
    runs.push({ remote, ...(await runCli(options.cli ?? RELEASE_CLI, args, env)) });
  }
  return runs;
}
