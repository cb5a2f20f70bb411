// The assembled site (.site/, built by scripts/assemble-site.mjs): its files, and the HTML document
// each page path gets. Every HTML document the server sends for a page goes through one function,
// `renderDocument`, so what is added to a document (e.g. preload hints) is added in one place.
//
// Documents:
// - a prerendered public page (`.site/prerendered/…`, written at build time by scripts/prerender.mjs):
//   `/` → `prerendered/index.html`, `/statement` → `prerendered/statement.html`,
//   `/policy/privacy` → `prerendered/policy/privacy.html` (trailing slashes ignored);
// - every other client-side route: the shell's `index.html` (the shell decides what it is, 404 too).
// Both are revalidated on every load (no-cache) and sent precompressed (.br/.gz written beside them
// by the build) to a client that accepts it, with `Vary: Accept-Encoding`.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preloadHintsOf } from './preload-hints';
import { hasDeferredScript, scriptsAfterPaint } from './after-paint';
import { shellBuildOf } from './shell-build';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SITE_NOT_BUILT = 'The site has not been built. Run npm start (or pnpm build).';
/** The folder of the prerendered documents, relative to SITE_DIR. */
export const PRERENDERED_DIR = 'prerendered';
export const SHELL_DOCUMENT = 'index.html';

/** Files that name the current deployment: always revalidated (paths relative to SITE_DIR). */
const ALWAYS_REVALIDATED = new Set(['deployment.json', 'config.json', 'builds/latest.json']);

/**
 * Cache-Control for a file of the assembled site, by its path relative to SITE_DIR.
 * Content-hashed bundles (remotes/, assets/) never change under their name; entry points
 * and manifests that point at them must be revalidated on every load.
 */
export function cacheControlFor(relativePath: string): string {
  // A precompressed copy (`x.js.br`, `index.html.gz`: what the static plugin names when it sends
  // one) is cached as the file it stands for.
  const file = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(?:br|gz)$/, '');
  const name = path.posix.basename(file);
  if (name.endsWith('.html') || name === 'mf-manifest.json' || ALWAYS_REVALIDATED.has(file)) {
    return NO_CACHE;
  }
  if (file.startsWith('remotes/') || file.startsWith('assets/')) return IMMUTABLE;
  return NO_CACHE;
}

/**
 * The prerendered document's path (relative to SITE_DIR) a page path would have, or null when the
 * path cannot name one (only lowercase letters, digits and hyphens between slashes).
 */
export function prerenderedFileFor(pathname: string): string | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return `${PRERENDERED_DIR}/index.html`;
  if (!/^(?:\/[a-z0-9][a-z0-9-]*)+$/.test(trimmed)) return null;
  return `${PRERENDERED_DIR}${trimmed}.html`;
}

/** The document (relative to SITE_DIR) a page path gets: its prerendered page, else the shell. */
export function documentFileFor(siteDir: string, pathname: string): string {
  const prerendered = prerenderedFileFor(pathname);
  if (prerendered && fs.existsSync(path.join(siteDir, prerendered))) return prerendered;
  return SHELL_DOCUMENT;
}

interface CachedFile {
  readonly mtimeMs: number;
  readonly size: number;
  readonly html: string;
  readonly br: Buffer | null;
  readonly gz: Buffer | null;
}

const fileCache = new Map<string, CachedFile>();

function readVariant(file: string, mtimeMs: number): Buffer | null {
  try {
    const stat = fs.statSync(file);
    // A variant older than its file is stale (assemble-site rewrites both).
    return stat.mtimeMs >= mtimeMs ? fs.readFileSync(file) : null;
  } catch {
    return null;
  }
}

/** A document file and its precompressed copies, read once per version of the file. */
function readDocumentFile(absolute: string): CachedFile {
  const stat = fs.statSync(absolute);
  const cached = fileCache.get(absolute);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached;
  const entry: CachedFile = {
    mtimeMs: stat.mtimeMs,
    size: stat.size,
    html: fs.readFileSync(absolute, 'utf8'),
    br: readVariant(`${absolute}.br`, stat.mtimeMs),
    gz: readVariant(`${absolute}.gz`, stat.mtimeMs),
  };
  fileCache.set(absolute, entry);
  return entry;
}

export interface SiteDocument {
  /** The file it was made from, relative to SITE_DIR. */
  readonly file: string;
  /** The HTML sent. */
  readonly html: string;
}

/**
 * The HTML document for a page path (the one place a document is made; add per-path content such
 * as preload hints here). Throws when the site has no such file.
 */
export function renderDocument(siteDir: string, pathname: string, search = '', request?: FastifyRequest): SiteDocument {
  const file = documentFileFor(siteDir, pathname);
  const { html } = readDocumentFile(path.join(siteDir, file));
  // The page's remote entry and first chunks, named from the live deployment (preload-hints.ts),
  // fetched with the shell's own scripts once the page is first drawn (after-paint.ts): nothing
  // competes with the stylesheet and the first paint on a phone's connection. A prerendered page
  // is complete then (its scripts only hydrate it: the remote's entry is enough); the shell
  // document shows the page's frame, and its hints include what its first render loads after
  // main.js (the builds' preload maps), so that chain is one parallel batch.
  const hints = preloadHintsOf(siteDir);
  const options = { prerendered: file !== SHELL_DOCUMENT };
  // A document without a deferred script to start (no shell script in it), or a site whose shell
  // build recorded no usable loader (shell-build.ts), keeps its scripts and its hints in the head.
  const { loader } = shellBuildOf(siteDir).current();
  if (!loader || !hasDeferredScript(html)) return { file, html: hints.htmlFor(html, pathname, search, request, options) };
  return { file, html: scriptsAfterPaint(html, loader, hints.hintsFor(pathname, search, request, options)) };
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send, from Accept-Encoding (brotli before gzip; q=0 refuses one). */
export function negotiateEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

// Documents changed per request (not the file as built) are compressed once per distinct text.
const MAX_ENCODED = 64;
const encodedCache = new Map<string, { br: Buffer; gz: Buffer }>();

function encodedVariants(html: string): { br: Buffer; gz: Buffer } {
  const hit = encodedCache.get(html);
  if (hit) return hit;
  const buffer = Buffer.from(html);
  const variants = {
    br: brotliCompressSync(buffer, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }),
    gz: gzipSync(buffer, { level: 9 }),
  };
  if (encodedCache.size >= MAX_ENCODED) encodedCache.delete(encodedCache.keys().next().value as string);
  encodedCache.set(html, variants);
  return variants;
}

/** Sends a document: no-cache, precompressed for a client that accepts it. */
export function sendDocument(siteDir: string, request: FastifyRequest, reply: FastifyReply, document: SiteDocument) {
  const built = readDocumentFile(path.join(siteDir, document.file));
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  let body: Buffer | string = document.html;
  if (encoding !== 'identity') {
    const unchanged = document.html === built.html;
    const variants = unchanged && built.br && built.gz ? { br: built.br, gz: built.gz } : encodedVariants(document.html);
    const compressed = encoding === 'br' ? variants.br : variants.gz;
    if (compressed.length < Buffer.byteLength(document.html)) {
      body = compressed;
      reply.header('Content-Encoding', encoding);
    }
  }
  return reply.code(200).header('Cache-Control', NO_CACHE).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(body);
}

function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Whether the assembled site exists (a directory holding the shell's index.html). */
export function siteIsBuilt(siteDir: string): boolean {
  return fs.existsSync(path.join(siteDir, SHELL_DOCUMENT));
}

/**
 * A source map's path (`x.js.map`, or a compressed copy of one): never served, wherever it lies. The
 * builds' maps are kept out of the public tree (`.release/sourcemaps/`, scripts/lib.mjs
 * SOURCE_MAPS_DIR: a dot folder, which the static plugin does not serve either) for the API's
 * mapping of field errors only; this also refuses one that reached the public tree anyway (a
 * version published by hand, or before the maps were kept apart).
 */
export function isSourceMapPath(pathname: string): boolean {
  return /\.map(?:\.(?:br|gz))?$/i.test(pathname);
}

/**
 * Serves the assembled site's files (@fastify/static, precompressed copies, Cache-Control per
 * file) and `/`; other page paths reach `siteFallback` through the app's not-found handler.
 */
export function registerSite(app: FastifyInstance, siteDir: string): void {
  const dirExists = fs.existsSync(siteDir) && fs.statSync(siteDir).isDirectory();
  if (!dirExists) return;
  app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true, // files are looked up per request: a rebuilt site is served at once
    index: false, // `/` is a page: its document is chosen by renderDocument
    cacheControl: false, // set below, per file
    dotfiles: 'ignore', // `.release/` (the history, the source maps) is never served
    // Not a source map, anywhere: a plain 404 (the app's not-found handler, siteFallback).
    allowedPath: (pathname) => !isSourceMapPath(pathname),
    // A file's .br/.gz written beside it at build time goes to a client that accepts it.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(siteDir, filePath)));
      // The same URL answers br, gzip or identity by Accept-Encoding: caches must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  // `/` is a page like any other (the static plugin would answer a directory with 403).
  app.get('/', (request, reply) => siteFallback(siteDir, request, reply));
}

/**
 * The site's answer to a request no route took (API paths excluded by the caller): a page path's
 * document, 503 when the site is not built, else a plain 404. A form of a prerendered page sent
 * before its scripts ran (or without them: `method="post"`, the fields never in the URL) gets
 * 303 to the page itself, which the visitor sends again once the page is ready.
 */
export function siteFallback(siteDir: string, request: FastifyRequest, reply: FastifyReply) {
  const pathname = pathnameOf(request.url);
  if (request.method === 'POST' && documentFileFor(siteDir, pathname) !== SHELL_DOCUMENT) {
    return reply.code(303).header('Location', request.url).header('Cache-Control', NO_CACHE).send();
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    if (!siteIsBuilt(siteDir)) {
      return reply.code(503).type('text/plain; charset=utf-8').send(SITE_NOT_BUILT);
    }
    // A client-side route (/entry/detail/12): the shell decides what it is, including 404.
    // A missing file (/remotes/x/missing.js) is a plain 404 instead.
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (path.posix.extname(lastSegment) === '') {
      const search = request.url.slice(pathname.length).replace(/#.*$/, '');
      return sendDocument(siteDir, request, reply, renderDocument(siteDir, pathname, search, request));
    }
  }
  return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
}
