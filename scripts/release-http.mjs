// The release operations over HTTP, for CI pipelines: `pnpm release serve [--port 4400] [--host 127.0.0.1]`.
// Every request carries `Authorization: Bearer <deploy token>`. A token belongs to one remote (a
// team's pipeline changes its own remote only: another remote is 403) or to `*` (the release
// manager). Tokens are made with `pnpm release token create <remote|*>`, shown once, and kept in the
// store only as SHA-256 hashes (.release/deploy-tokens.json, which the site does not serve).
//
//   GET  /status                                   live, canary, published per remote
//   GET  /history[?remote=x&limit=n]               recorded changes
//   POST /remotes/<remote>/promote                 { version, why?, force?, expectLive? }
//   POST /remotes/<remote>/rollback                { to?, why? }
//   POST /remotes/<remote>/canary                  { version, staff? | segment? | percent?, why?, force? }
//   POST /remotes/<remote>/canary/promote          { why? }
//   POST /remotes/<remote>/canary/abort            { why? }
// Answers JSON; errors `{ error }` with 400 (usage), 401 (no or unknown token), 403 (another
// remote), 404, 409 (conflict: retry), 422 (refused by the compatibility gate).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { REMOTE_DIRS } from './lib.mjs';
import {
  EXIT_CONFLICT,
  EXIT_INCOMPATIBLE,
  ReleaseError,
  canaryAbort,
  canaryPromote,
  canaryStart,
  promote,
  readHistory,
  rollback,
  status,
} from './release-core.mjs';
import { ConflictError } from './release-store.mjs';

export const TOKENS = '.release/deploy-tokens.json';
const hashOf = (token) => createHash('sha256').update(token).digest('hex');

async function readTokens(store) {
  const got = await store.read(TOKENS);
  return { tokens: got ? JSON.parse(got.body.toString('utf8')) : [], etag: got?.etag ?? null };
}

/** A new deploy token for a remote (or `*`): returned once; only its hash is stored. */
export async function createToken(store, { scope, who, now = () => new Date() }) {
  if (scope !== '*' && !Object.hasOwn(REMOTE_DIRS, scope)) {
    throw new ReleaseError(`scope must be * or one of: ${Object.keys(REMOTE_DIRS).join(', ')}`, 2);
  }
  const token = `rel_${randomBytes(24).toString('base64url')}`;
  const id = randomBytes(4).toString('hex');
  for (;;) {
    const { tokens, etag } = await readTokens(store);
    const next = [...tokens, { id, scope, hash: hashOf(token), createdAt: now().toISOString(), createdBy: who }];
    try {
      await store.write(TOKENS, `${JSON.stringify(next, null, 2)}\n`, { ifMatch: etag });
      return { id, scope, token };
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
}

export async function listTokens(store) {
  return (await readTokens(store)).tokens.map(({ id, scope, createdAt, createdBy }) => ({ id, scope, createdAt, createdBy }));
}

export async function revokeToken(store, id) {
  for (;;) {
    const { tokens, etag } = await readTokens(store);
    if (!tokens.some((t) => t.id === id)) throw new ReleaseError(`no deploy token ${id}`);
    try {
      await store.write(
        TOKENS,
        `${JSON.stringify(
          tokens.filter((t) => t.id !== id),
          null,
          2,
        )}\n`,
        { ifMatch: etag },
      );
      return;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
}

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const STATUS_OF_EXIT = { 2: 400, [EXIT_CONFLICT]: 409, [EXIT_INCOMPATIBLE]: 422 };

async function bodyOf(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > 64 * 1024) throw new HttpError(413, 'body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    const value = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value;
  } catch {
    throw new HttpError(400, 'the body must be a JSON object');
  }
}

const optionalString = (value, name) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `${name} must be a non-empty string`);
  return value;
};

/** The request handler (exported for tests): `store` is the release store. */
export function releaseHandler(store) {
  async function principalOf(request) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (\S+)$/.exec(header);
    if (!match) throw new HttpError(401, 'a deploy token is required: Authorization: Bearer <token>');
    const hash = hashOf(match[1]);
    const found = (await readTokens(store)).tokens.find((t) => t.hash === hash);
    if (!found) throw new HttpError(401, 'unknown or revoked deploy token');
    return found;
  }

  async function route(request, url) {
    const principal = await principalOf(request);
    const who = `token:${principal.id} (${principal.createdBy}, ${principal.scope})`;
    if (request.method === 'GET' && url.pathname === '/status') return status(store);
    if (request.method === 'GET' && url.pathname === '/history') {
      const remote = url.searchParams.get('remote') ?? undefined;
      const limit = Number(url.searchParams.get('limit') ?? 50);
      return (await readHistory(store, { remote })).slice(-limit);
    }
    const m = /^\/remotes\/([^/]+)\/(promote|rollback|canary|canary\/promote|canary\/abort)$/.exec(url.pathname);
    if (!m) throw new HttpError(404, `no such endpoint: ${request.method} ${url.pathname}`);
    if (request.method !== 'POST') throw new HttpError(405, 'use POST');
    const [, remote, action] = m;
    if (!Object.hasOwn(REMOTE_DIRS, remote)) throw new HttpError(404, `no remote ${remote}`);
    if (principal.scope !== '*' && principal.scope !== remote) {
      throw new HttpError(403, `this deploy token is for ${principal.scope}, not ${remote}`);
    }
    const body = await bodyOf(request);
    const why = optionalString(body.why, 'why') ?? null;
    const force = body.force === true;
    switch (action) {
      case 'promote': {
        const version = optionalString(body.version, 'version');
        if (!version) throw new HttpError(400, 'version is required');
        return promote(store, { remote, version, who, why, force, expectLive: optionalString(body.expectLive, 'expectLive') });
      }
      case 'rollback':
        return rollback(store, { remote, to: optionalString(body.to, 'to'), who, why, force });
      case 'canary': {
        const version = optionalString(body.version, 'version');
        const chosen = [body.staff === true, body.segment !== undefined, body.percent !== undefined].filter(Boolean).length;
        if (!version || chosen !== 1) throw new HttpError(400, 'version and exactly one of staff: true, segment, percent are required');
        const audience =
          body.staff === true
            ? { kind: 'staff' }
            : body.segment !== undefined
              ? { kind: 'segment', segment: optionalString(body.segment, 'segment') }
              : { kind: 'percent', percent: body.percent };
        return canaryStart(store, { remote, version, audience, who, why, force });
      }
      case 'canary/promote':
        return canaryPromote(store, { remote, who, why });
      default:
        return canaryAbort(store, { remote, who, why });
    }
  }

  return async (request, response) => {
    const send = (code, value) => {
      response.writeHead(code, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(`${JSON.stringify(value)}\n`);
    };
    try {
      const url = new URL(request.url ?? '/', 'http://release');
      send(200, await route(request, url));
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, { error: error.message });
      if (error instanceof ReleaseError) {
        const code = STATUS_OF_EXIT[error.exitCode] ?? (/ is not published|has no canary/.test(error.message) ? 404 : 400);
        return send(code, { error: error.message });
      }
      console.error(error);
      return send(500, { error: 'internal error' });
    }
  };
}

export function serve(store, { port = 4400, host = '127.0.0.1' } = {}) {
  const server = http.createServer(releaseHandler(store));
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
