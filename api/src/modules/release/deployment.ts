import { createHash } from 'node:crypto';
import path from 'node:path';
import { MIN_CLIENT_BUILD_HEADER } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { isApiUrl } from '../../http/api-url';
import { authenticate } from '../../http/session';
import { authenticateStaff } from '../../http/staff-session';
import { watchedFile, type WatchedFile } from '../../watched-file';
import { hasPreviewCookie, previewManifest, previewsOf, type Previews } from './preview';

/**
 * The deployment each request sees. `deployment.json` in the site (written by `pnpm release`,
 * scripts/release-core.mjs) holds the live version of every remote and, per remote, at most one
 * canary: another version for an audience. `GET /deployment.json` answers the manifest resolved for
 * the request's user — the canary entry where the user is in its audience, the live one elsewhere —
 * with `Cache-Control: no-cache` and `Vary: Cookie` (no shared cache serves one user's to another).
 */

export type CanaryAudience =
  | { readonly kind: 'staff' }
  | { readonly kind: 'segment'; readonly segment: string }
  | { readonly kind: 'percent'; readonly percent: number };

export interface RemoteEntry {
  readonly manifest: string;
  readonly version: string;
}

/** A remote as one viewer gets it: `preview` when it is their staff pin (preview.ts), `canary` when they are in its canary. */
export interface ResolvedEntry extends RemoteEntry {
  readonly preview?: true;
  readonly canary?: true;
}

export interface StoredDeployment {
  readonly remotes: Readonly<Record<string, RemoteEntry>>;
  /** `since`: when `pnpm release canary` started it (ISO 8601; older files may lack it). */
  readonly canary?: Readonly<Record<string, RemoteEntry & { readonly audience: CanaryAudience; readonly since?: string }>>;
  readonly revision?: number;
  /** `pnpm release force-reload`: pages started at an older revision reload (X-Min-Client-Build). */
  readonly minClientBuild?: number;
}

/** Who is asking: an applicant (id, segment), a staff member (and their preview pins), both, or a visitor. */
export interface Viewer {
  readonly userId: number | null;
  readonly userSegment: string | null;
  readonly staff: boolean;
  readonly previews?: Previews;
}

export const VISITOR: Viewer = { userId: null, userSegment: null, staff: false };

/**
 * The applicant's bucket 0–99 for a remote's canaries: a hash of the remote and the user id, so it
 * is the same on every request and device (no flipping within a session), the same for the next
 * canary of that remote (a user in at 10 % stays in at 50 %), and independent between remotes.
 */
export function canaryBucket(remote: string, userId: number): number {
  return createHash('sha256').update(`${remote}\0${userId}`).digest().readUInt32BE(0) % 100;
}

export function inAudience(audience: CanaryAudience, remote: string, viewer: Viewer): boolean {
  switch (audience.kind) {
    case 'staff':
      return viewer.staff;
    case 'segment':
      return viewer.userSegment !== null && viewer.userSegment === audience.segment;
    case 'percent':
      return viewer.userId !== null && canaryBucket(remote, viewer.userId) < audience.percent;
  }
}

/** The deployment as the shell reads it, for one viewer: its revision (0 before any release) and each remote's entry. */
export interface ResolvedDeployment {
  readonly revision: number;
  readonly remotes: Record<string, ResolvedEntry>;
}

/**
 * The manifest as the shell reads it (`revision` and `remotes`, never the audiences), resolved for
 * one viewer: a staff member's preview pin first (`preview: true`), then the canary where the viewer
 * is in its audience (`canary: true`: field telemetry tags it), else the live version.
 */
export function resolveDeployment(stored: StoredDeployment, viewer: Viewer): ResolvedDeployment {
  const remotes: Record<string, ResolvedEntry> = {};
  for (const [remote, entry] of Object.entries(stored.remotes)) {
    const pinned = viewer.staff ? viewer.previews?.[remote] : undefined;
    if (pinned !== undefined) {
      remotes[remote] = { manifest: previewManifest(remote, pinned), version: pinned, preview: true };
      continue;
    }
    const canary = stored.canary?.[remote];
    const inCanary = canary !== undefined && inAudience(canary.audience, remote, viewer);
    const chosen = inCanary ? canary : entry;
    remotes[remote] = inCanary
      ? { manifest: chosen.manifest, version: chosen.version, canary: true }
      : { manifest: chosen.manifest, version: chosen.version };
  }
  return { revision: stored.revision ?? 0, remotes };
}

/** The viewer of a request, from its applicant and staff sessions (each looked up once per request). */
export async function viewerOf(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const [auth, staff, previews] = await Promise.all([
    authenticate(ctx, request),
    authenticateStaff(ctx, request),
    previewsOf(ctx, request),
  ]);
  return { userId: auth?.user.id ?? null, userSegment: auth?.user.userSegment ?? null, staff: staff !== null, previews };
}

/**
 * deployment.json of a site, parsed once per version of the file (api/src/watched-file.ts): checked at
 * once for `GET /deployment.json` and documents, at most once a second for the API answers' header.
 */
export function deploymentFile(siteDir: string, now?: () => Date): WatchedFile<StoredDeployment> {
  return watchedFile(
    path.join(siteDir, 'deployment.json'),
    (text) => JSON.parse(text) as StoredDeployment,
    now === undefined ? {} : { now },
  );
}

const resolvedKey = Symbol('release.deployment');
type WithDeployment = FastifyRequest & { [resolvedKey]?: ResolvedDeployment };

/**
 * The seam for whatever renders a page from the deployment (the preload hints of each HTML
 * document, api/src/site/preload-hints.ts `deploymentFor`): the deployment resolved for this request,
 * once `attachDeployment` ran for it (else undefined: the site's file as is).
 */
export function deploymentFor(request: unknown): ResolvedDeployment | undefined {
  return (request as WithDeployment | undefined)?.[resolvedKey];
}

/** Whether resolving this request needs its sessions: a canary runs, or it carries a preview cookie. */
const needsViewer = (stored: StoredDeployment | undefined, request: FastifyRequest): boolean =>
  (stored?.canary !== undefined && Object.keys(stored.canary).length > 0) || hasPreviewCookie(request);

/** Resolves and keeps the request's deployment (for `deploymentFor`); a canary-free site needs no session lookup. */
export async function attachDeployment(ctx: AppContext, read: () => StoredDeployment | undefined, request: FastifyRequest) {
  const stored = read();
  if (stored === undefined) return undefined;
  const resolved = resolveDeployment(stored, needsViewer(stored, request) ? await viewerOf(ctx, request) : VISITOR);
  (request as WithDeployment)[resolvedKey] = resolved;
  return resolved;
}

/** `GET /deployment.json` resolved per request (before the static files, which would send the file as is). */
export function registerDeploymentRoute(app: FastifyInstance, ctx: AppContext, siteDir: string): void {
  const file = deploymentFile(siteDir, () => ctx.now());
  const read = () => file.current();
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const resolved = await attachDeployment(ctx, read, request);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie');
    if (resolved === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(resolved));
  };
  app.get('/deployment.json', handler);
  // Every API answer carries the release's minimum client build, if it declared one: an older page
  // reloads once (shared/src/runtime/min-client-build.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    const minimum = isApiUrl(request.url) ? file.recent()?.minClientBuild : undefined;
    if (minimum !== undefined) reply.header(MIN_CLIENT_BUILD_HEADER, String(minimum));
    done(null, payload);
  });
  // A page's document names the deployment's files in preload hints (site/preload-hints.ts, through
  // `deploymentFor`): while a canary runs, the request's deployment is resolved first. A callback
  // hook (not async): every request passes here, most without a promise to wait for.
  app.addHook('onRequest', (request, _reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiUrl(request.url)) return done();
    const pathname = request.url.replace(/[?#].*$/, '');
    const stored = path.posix.extname(pathname) === '' ? read() : undefined;
    if (stored === undefined || !needsViewer(stored, request)) return done();
    attachDeployment(ctx, read, request).then(() => done(), done);
  });
}
