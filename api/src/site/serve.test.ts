import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeShellBuild } from '../test/shell-build';
import { makeTempDir, removeDir } from '../test/support';
import { SHELL_BUILD_FILE } from './shell-build';
import {
  NO_CACHE,
  cacheControlFor,
  documentFileFor,
  isSourceMapPath,
  negotiateEncoding,
  prerenderedFileFor,
  registerSite,
  renderDocument,
  siteFallback,
} from './serve';

const SHELL = `<!doctype html><title>shell</title><div id="app-root"></div>${'<!-- padding -->'.repeat(100)}`;
const LANDING = `<!doctype html><title>landing</title><div id="app-root"><h1>請求書買取</h1></div>${'<p>本文</p>'.repeat(200)}`;
const PRIVACY = `<!doctype html><title>privacy</title><div id="app-root"><h1>プライバシーポリシー</h1></div>`;

let siteDir: string;
let app: FastifyInstance;

function write(relative: string, content: string | Buffer): void {
  const file = path.join(siteDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  siteDir = makeTempDir('site-serve');
  write('index.html', SHELL);
  write('prerendered/index.html', LANDING);
  // The build's precompressed copies (marked, to tell them from a copy compressed at run time).
  write('prerendered/index.html.br', zlib.brotliCompressSync(Buffer.from(`${LANDING}<!--br-->`)));
  write('prerendered/index.html.gz', zlib.gzipSync(Buffer.from(`${LANDING}<!--gz-->`)));
  write('prerendered/policy/privacy.html', PRIVACY);
  write('secret.html', 'not a page');
  // A remote's version and the shell's script, their source maps where the release scripts keep
  // them (the private .release/sourcemaps/), and a map that reached the public tree by hand.
  write('remotes/mfe-mypage/0.1.0-0123456789/page.abc.js', 'page()');
  write('remotes/mfe-mypage/0.1.0-0123456789/stray.abc.js.map', '{"version":3}');
  write('assets/main.abc.js', 'main()');
  write('.release/sourcemaps/remotes/mfe-mypage/0.1.0-0123456789/page.abc.js.map', '{"version":3}');
  write('.release/sourcemaps/assets/main.abc.js.map', '{"version":3}');
  write('.release/history.jsonl', '{}\n');
  app = Fastify();
  registerSite(app, siteDir);
  app.setNotFoundHandler((request, reply) => siteFallback(siteDir, request, reply));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  removeDir(siteDir);
});

describe('prerenderedFileFor', () => {
  it('maps a page path to its file under prerendered/', () => {
    expect(prerenderedFileFor('/')).toBe('prerendered/index.html');
    expect(prerenderedFileFor('/statement')).toBe('prerendered/statement.html');
    expect(prerenderedFileFor('/statement/')).toBe('prerendered/statement.html');
    expect(prerenderedFileFor('/policy/privacy')).toBe('prerendered/policy/privacy.html');
  });

  it('names no file for a path outside the plain page shape', () => {
    expect(prerenderedFileFor('/../secret')).toBeNull();
    expect(prerenderedFileFor('/a/../../etc/passwd')).toBeNull();
    expect(prerenderedFileFor('/%2e%2e/x')).toBeNull();
    expect(prerenderedFileFor('/Statement')).toBeNull();
  });
});

describe('documentFileFor / renderDocument', () => {
  it('chooses the prerendered page when there is one, else the shell', () => {
    expect(documentFileFor(siteDir, '/')).toBe('prerendered/index.html');
    expect(documentFileFor(siteDir, '/policy/privacy/')).toBe('prerendered/policy/privacy.html');
    expect(documentFileFor(siteDir, '/mypage')).toBe('index.html');
    expect(documentFileFor(siteDir, '/entry/detail/12')).toBe('index.html');
    expect(renderDocument(siteDir, '/policy/privacy')).toEqual({ file: 'prerendered/policy/privacy.html', html: PRIVACY });
    // The shell's deferred script: after the first paint, on a prerendered page and on the shell,
    // by the loader the shell's build recorded (loader.json), its text inlined as built.
    write('prerendered/legal/sct.html', `${PRIVACY}<script defer src="/assets/main.abc.js"></script>`);
    write('index.html', `${SHELL}<script defer src="/assets/main.abc.js"></script>`);
    try {
      // A site without the record keeps its deferred script (and any hints in the head).
      expect(renderDocument(siteDir, '/login').html).toBe(`${SHELL}<script defer src="/assets/main.abc.js"></script>`);
      const loader = writeShellBuild(siteDir);
      expect(renderDocument(siteDir, '/legal/sct').html).toBe(
        `${PRIVACY}<script data-after-paint="/assets/main.abc.js">${loader.script}</script>`,
      );
      expect(renderDocument(siteDir, '/login').html).toBe(
        `${SHELL}<script data-after-paint="/assets/main.abc.js">${loader.script}</script>`,
      );
    } finally {
      write('index.html', SHELL);
      fs.rmSync(path.join(siteDir, SHELL_BUILD_FILE));
    }
    expect(renderDocument(siteDir, '/login').html).toBe(SHELL);
  });
});

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
  });
});

describe('serving documents', () => {
  it('sends the prerendered landing page for /, not cached, uncompressed when not accepted', async () => {
    for (const url of ['/', '/?utm=x']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe(NO_CACHE);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(LANDING);
    }
  });

  it("sends the build's precompressed copy to a client that accepts it", async () => {
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${LANDING}<!--br-->`);
    const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${LANDING}<!--gz-->`);
  });

  it('compresses a document without precompressed copies', async () => {
    const response = await app.inject({ method: 'GET', url: '/mypage', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SHELL);
  });

  it('sends a prerendered page by its path, and the shell for other client routes', async () => {
    const privacy = await app.inject({ method: 'GET', url: '/policy/privacy' });
    expect(privacy.body).toBe(PRIVACY);
    for (const url of ['/entry/detail/12', '/statement', '/../secret']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SHELL);
    }
  });

  it('answers a form sent to a prerendered page (before its scripts ran) with 303 to the page; other paths 404', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const sent = await app.inject({
      method: 'POST',
      url: '/policy/privacy?next=/mypage',
      headers: form,
      payload: 'email=a%40b.jp&password=x',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/policy/privacy?next=/mypage');
    expect(sent.body).toBe('');
    for (const url of ['/mypage', '//evil.example/policy', '/remotes/x.js']) {
      const other = await app.inject({ method: 'POST', url, headers: form, payload: 'a=b' });
      expect(other.statusCode).toBe(404);
      expect(other.headers.location).toBeUndefined();
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toBe('');
  });

  it('serves a file with an extension as itself, and a missing one as a plain 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/index.html' })).body).toBe(SHELL);
    const missing = await app.inject({ method: 'GET', url: '/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('Not Found');
  });

  it('never serves a source map: not from the private folder, not beside the scripts, however the URL is spelled', async () => {
    expect((await app.inject({ method: 'GET', url: '/remotes/mfe-mypage/0.1.0-0123456789/page.abc.js' })).body).toBe('page()');
    expect((await app.inject({ method: 'GET', url: '/assets/main.abc.js' })).body).toBe('main()');
    for (const url of [
      '/remotes/mfe-mypage/0.1.0-0123456789/page.abc.js.map',
      '/assets/main.abc.js.map',
      '/remotes/mfe-mypage/0.1.0-0123456789/stray.abc.js.map',
      '/remotes/mfe-mypage/0.1.0-0123456789/stray.abc.js.m%61p',
      '/remotes/mfe-mypage/0.1.0-0123456789/STRAY.abc.js.MAP',
      '/.release/sourcemaps/remotes/mfe-mypage/0.1.0-0123456789/page.abc.js.map',
      '/%2Erelease/sourcemaps/assets/main.abc.js.map',
      '/.release/history.jsonl',
    ]) {
      for (const encoding of ['identity', 'br, gzip']) {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).toBe('Not Found');
      }
    }
    expect(isSourceMapPath('/a/b.js.map')).toBe(true);
    expect(isSourceMapPath('/a/b.css.map.br')).toBe(true);
    expect(isSourceMapPath('/a/map.js')).toBe(false);
    expect(isSourceMapPath('/a/b.mapping')).toBe(false);
  });

  it('revalidates every .html file, precompressed copies included', () => {
    expect(cacheControlFor('prerendered/index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('prerendered/policy/privacy.html.br')).toBe(NO_CACHE);
  });
});
