import fs from 'node:fs';
import path from 'node:path';
import { endpoints, type ReleaseHistoryEntry, type ReleaseStatus } from '@app/contracts';
import type { AppContext } from '../../context';
import { env } from '../../env';
import { implement, type Implementation } from '../../http/endpoints';
import type { CanaryAudience, StoredDeployment } from './deployment';

/** How many changes of the history the back office shows. */
export const HISTORY_SHOWN = 50;

interface StoredHistoryEntry {
  readonly at: string;
  readonly who: string;
  readonly action: string;
  readonly remote: string;
  readonly from?: string | null;
  readonly to?: string | null;
  readonly why?: string | null;
  readonly forced?: boolean;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The releases of the site in `siteDir` as `pnpm release` left them (deployment.json and
 * .release/history.jsonl, scripts/release-core.mjs): live and canary per remote, the latest changes first.
 */
export function releaseStatusOf(siteDir: string): ReleaseStatus {
  const deployment = readJson<StoredDeployment>(path.join(siteDir, 'deployment.json')) ?? { remotes: {} };
  let lines: string[] = [];
  try {
    lines = fs
      .readFileSync(path.join(siteDir, '.release', 'history.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean);
  } catch {
    // no release recorded yet
  }
  const history: ReleaseHistoryEntry[] = lines
    .slice(-HISTORY_SHOWN)
    .reverse()
    .flatMap((line) => {
      try {
        const e = JSON.parse(line) as StoredHistoryEntry;
        return [
          {
            at: e.at,
            who: e.who,
            action: e.action,
            remote: e.remote,
            from: e.from ?? null,
            to: e.to ?? null,
            why: e.why ?? null,
            forced: e.forced === true,
          },
        ];
      } catch {
        return []; // a line cut short by a crash: skipped
      }
    });
  const names = [...new Set([...Object.keys(deployment.remotes), ...Object.keys(deployment.canary ?? {})])];
  return {
    revision: deployment.revision ?? 0,
    remotes: names.map((remote) => {
      const canary = deployment.canary?.[remote];
      return {
        remote,
        live: deployment.remotes[remote]?.version ?? null,
        canary: canary === undefined ? null : { version: canary.version, audience: canary.audience satisfies CanaryAudience },
      };
    }),
    history,
  };
}

/** The back office's view of the releases (every staff role; an applicant's session gets 403). */
export const releaseRoutes = (_ctx: AppContext, siteDir: string = env.SITE_DIR): Implementation[] => [
  implement(endpoints.staff.releases.status, async () => releaseStatusOf(siteDir)),
];
