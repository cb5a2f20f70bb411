import fs from 'node:fs';
import path from 'node:path';
import { endpoints, type ReleaseHistoryEntry, type ReleaseStatus } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { notFound } from '../../http/errors';
import type { CanaryAudience, StoredDeployment } from './deployment';
import { isPublished, previewsOf, setPreviews, type Previews } from './preview';
import { REMOTE_DIRS } from '@app/contracts/remotes';

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
/** The published versions of a remote, newest first (by their release.json's time, else the folder's). */
export function publishedVersions(siteDir: string, remote: string): string[] {
  const dir = REMOTE_DIRS[remote as keyof typeof REMOTE_DIRS];
  if (dir === undefined) return [];
  const folder = path.join(siteDir, 'remotes', dir);
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((name) => isPublished(siteDir, remote, name));
  } catch {
    return [];
  }
  const timeOf = (version: string): number => {
    const meta = readJson<{ publishedAt?: string }>(path.join(folder, version, 'release.json'));
    const at = meta?.publishedAt === undefined ? Number.NaN : Date.parse(meta.publishedAt);
    return Number.isNaN(at) ? fs.statSync(path.join(folder, version)).mtimeMs : at;
  };
  const times = new Map(names.map((name) => [name, timeOf(name)]));
  return names.sort((a, b) => (times.get(b) ?? 0) - (times.get(a) ?? 0) || b.localeCompare(a));
}

export function releaseStatusOf(siteDir: string, previews: Previews = {}): ReleaseStatus {
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
        published: publishedVersions(siteDir, remote),
        preview: previews[remote] ?? null,
      };
    }),
    history,
  };
}

/**
 * The back office's view of the releases (every staff role; an applicant's session gets 403), and a
 * staff member's own preview of any published version (preview.ts).
 */
export const releaseRoutes = (ctx: AppContext, siteDir: string): Implementation[] => [
  implement(endpoints.staff.releases.status, async ({ request }) => releaseStatusOf(siteDir, await previewsOf(ctx, request))),
  implement(endpoints.staff.releases.preview, async ({ request, reply, staff, body }) => {
    if (!isPublished(siteDir, body.remote, body.version)) throw notFound();
    const previews = { ...(await previewsOf(ctx, request)), [body.remote]: body.version };
    setPreviews(ctx, request, reply, staff.sessionId, previews);
    return { previews };
  }),
  implement(endpoints.staff.releases.endPreview, async ({ request, reply, staff, body }) => {
    const previews: Record<string, string> = body.remote === undefined ? {} : { ...(await previewsOf(ctx, request)) };
    if (body.remote !== undefined) delete previews[body.remote];
    setPreviews(ctx, request, reply, staff.sessionId, previews);
    return { previews };
  }),
];
