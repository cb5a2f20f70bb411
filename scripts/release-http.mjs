// The release operations over HTTP, for CI pipelines: `pnpm release serve [--port 4400] [--host 127.0.0.1]`.
// Every request carries `Authorization: Bearer <deploy token>`. A token belongs to one remote (a
// team's pipeline changes its own remote only: another remote is 403) or to `*` (the release
// manager). Tokens are made with `pnpm release token create <remote|*>`, shown once, and kept in the
// store only as SHA-256 hashes (.release/deploy-tokens.json, which the site does not serve).
//
//   GET  /status                                   live, canary, published per remote
//   GET  /history[?remote=x&limit=n]               recorded changes
//   POST /remotes/<remote>/publish[?commit=sha]    the build as a tar or tar.gz body (its dist folder's contents)
//   POST /remotes/<remote>/promote                 { version, why?, force?, expectLive? }
//   POST /remotes/<remote>/rollback                { to?, why? }
//   POST /remotes/<remote>/canary                  { version, staff? | segment? | percent?, why?, force? }
//   POST /remotes/<remote>/canary/promote          { why? }
//   POST /remotes/<remote>/canary/abort            { why? }
// Answers JSON; errors `{ error }` with 400 (usage, a bad archive), 401 (no or unknown token), 403
// (another remote), 404, 409 (conflict: retry; or the version is already published), 413, 422
// (refused by the compatibility gate).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { REMOTE_DIRS } from './lib.mjs';
import {
  EXIT_CONFLICT,
  EXIT_INCOMPATIBLE,
  ReleaseError,
  canaryAbort,
  canaryPromote,
  canaryStart,
  promote,
  publish,
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

/** The largest build a publish accepts, compressed and unpacked (a remote's dist is a few MB). */
export const MAX_BUILD_BYTES = 100 * 1024 * 1024;

async function rawBodyOf(request, limit = MAX_BUILD_BYTES) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `the build is larger than ${limit / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Unpacks a build sent as a tar (or gzip-compressed tar) into `dir`: regular files and folders
 * only, every path inside `dir` (no absolute paths, no `..`, no links or devices), at most
 * MAX_BUILD_BYTES unpacked. Each file keeps its time (the build time recorded at publish).
 */
async function unpackBuild(archive, dir) {
  let data = archive;
  if (data[0] === 0x1f && data[1] === 0x8b) {
    try {
      data = zlib.gunzipSync(data, { maxOutputLength: MAX_BUILD_BYTES });
    } catch (error) {
      throw new HttpError(error.code === 'ERR_BUFFER_TOO_LARGE' ? 413 : 400, `the body is not a valid gzip file: ${error.message}`);
    }
  }
  const extract = tar.extract();
  extract.end(data);
  let files = 0;
  try {
    for await (const entry of extract) {
      const { name, type, mtime } = entry.header;
      const relative = name.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
      if ((relative === '' || relative === '.') && type === 'directory') {
        entry.resume();
        continue;
      }
      const parts = relative.split('/');
      if (path.posix.isAbsolute(name) || parts.some((p) => p === '..' || p === '.' || p === '') || relative.includes('\\')) {
        throw new HttpError(400, `the archive has a path outside the build: ${name}`);
      }
      const target = path.join(dir, ...parts);
      if (type === 'directory') {
        fs.mkdirSync(target, { recursive: true });
        entry.resume();
      } else if (type === 'file') {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        const chunks = [];
        for await (const chunk of entry) chunks.push(chunk);
        fs.writeFileSync(target, Buffer.concat(chunks));
        if (mtime) fs.utimesSync(target, mtime, mtime);
        files += 1;
      } else {
        throw new HttpError(400, `the archive may hold files and folders only: ${name} is a ${type}`);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, `the body is not a valid tar archive: ${error.message}`);
  }
  if (files === 0) throw new HttpError(400, 'the archive is empty');
  if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) {
    throw new HttpError(
      400,
      'the archive has no mf-manifest.json at its root: pack the contents of the dist folder (tar -czf - -C dist .)',
    );
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
    const m = /^\/remotes\/([^/]+)\/(publish|promote|rollback|canary|canary\/promote|canary\/abort)$/.exec(url.pathname);
    if (!m) throw new HttpError(404, `no such endpoint: ${request.method} ${url.pathname}`);
    if (request.method !== 'POST') throw new HttpError(405, 'use POST');
    const [, remote, action] = m;
    if (!Object.hasOwn(REMOTE_DIRS, remote)) throw new HttpError(404, `no remote ${remote}`);
    if (principal.scope !== '*' && principal.scope !== remote) {
      throw new HttpError(403, `this deploy token is for ${principal.scope}, not ${remote}`);
    }
    if (action === 'publish') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `release-upload-${remote}-`));
      try {
        await unpackBuild(await rawBodyOf(request), dir);
        const commit = url.searchParams.get('commit') ?? 'unknown';
        if (commit !== 'unknown' && !/^[0-9a-f]{7,40}$/.test(commit)) throw new HttpError(400, 'commit must be a git commit hash');
        const { version, meta } = await publish(store, { remote, distDir: dir, who, commit });
        return { version, meta };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
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
        const code =
          STATUS_OF_EXIT[error.exitCode] ??
          (/ is already published/.test(error.message) ? 409 : / is not published|has no canary/.test(error.message) ? 404 : 400);
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
