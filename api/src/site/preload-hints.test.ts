import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MfManifestLike } from '@app/contracts';
import { writeShellBuild } from '../test/shell-build';
import { makeTempDir, removeDir } from '../test/support';
import {
  createSitePreloadHints,
  firstRenderHints,
  injectHints,
  newerInRemote,
  pageGroupOf,
  preloadHintsFor,
  remoteHints,
  renderHints,
  shellHints,
  siteFileOf,
  type DeploymentLike,
  type PreloadMapLike,
} from './preload-hints';
import { registerSite, siteFallback } from './serve';

const authManifest = (entry = 'remoteEntry.9a6f.js'): MfManifestLike => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: entry, path: '', type: 'global' } },
  exposes: [
    {
      name: 'lifecycles',
      assets: {
        js: { sync: ['__federation_expose_lifecycles.2c52.js'], async: ['page-login.59e6.js'] },
        css: { sync: ['lifecycles.11aa.css'], async: [] },
      },
    },
    { name: 'other', assets: { js: { sync: ['other.js'] } } },
  ],
});

const marketingManifest: MfManifestLike = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.m1.js', path: '', type: 'global' } },
  exposes: [{ name: 'lifecycles', assets: { js: { sync: ['expose.m1.js'] } } }],
};

const shellManifest: MfManifestLike = {
  metaData: { publicPath: '/' },
  shared: [
    { name: 'react', assets: { js: { sync: ['assets/475.js'] } } },
    { name: 'react-dom/client', assets: { js: { sync: ['assets/541.js'] } } },
    { name: 'zustand', assets: { js: { sync: ['assets/327.js'] } } },
    { name: 'react-dom', assets: { js: { sync: ['assets/312.js', 'assets/931.js'] } } },
    { name: 'zustand/vanilla', assets: { js: { sync: ['assets/179.js', 'assets/180.js'] } } },
    { name: '@app/shared/core', assets: { js: { sync: ['assets/523.js'] } } },
    { name: '@app/shared', assets: { js: { sync: ['assets/157.js'] } } },
  ],
};

/** The shared modules the shell's build records as consumed on every page (loader.json). */
const EAGER_SHARED = ['@app/shared/core', 'react', 'react-dom/client', 'react-router-dom', 'react/jsx-runtime', 'zustand/vanilla'];

const AUTH_URL = '/remotes/mfe-auth/0.1.0-aaa/mf-manifest.json';
const MARKETING_URL = '/remotes/mfe-marketing/0.1.0-bbb/mf-manifest.json';
const deployment: DeploymentLike = { remotes: { auth: { manifest: AUTH_URL }, marketing: { manifest: MARKETING_URL } } };
const manifests: Record<string, MfManifestLike> = { [AUTH_URL]: authManifest(), [MARKETING_URL]: marketingManifest };

describe('remoteHints', () => {
  it("names the remote's entry, then its lifecycles module's sync CSS and JS, next to the manifest (publicPath auto)", () => {
    expect(remoteHints(AUTH_URL, authManifest())).toEqual([
      { href: '/remotes/mfe-auth/0.1.0-aaa/remoteEntry.9a6f.js', as: 'script' },
      { href: '/remotes/mfe-auth/0.1.0-aaa/lifecycles.11aa.css', as: 'style' },
      { href: '/remotes/mfe-auth/0.1.0-aaa/__federation_expose_lifecycles.2c52.js', as: 'script' },
    ]);
  });

  it('uses a fixed publicPath and the entry path when the manifest has them', () => {
    const m: MfManifestLike = {
      metaData: { publicPath: 'https://cdn.example/auth', remoteEntry: { name: 'e.js', path: 'js', type: 'global' } },
    };
    expect(remoteHints(AUTH_URL, m)).toEqual([{ href: 'https://cdn.example/auth/js/e.js', as: 'script' }]);
  });

  it('names nothing for an ES-module entry (not a classic script) or a manifest without an entry', () => {
    expect(remoteHints(AUTH_URL, { metaData: { remoteEntry: { name: 'e.mjs', type: 'module' } } })).toEqual([]);
    expect(remoteHints(AUTH_URL, {})).toEqual([]);
  });
});

describe('shellHints', () => {
  it("names the chunks of the shell's eagerly consumed shared modules only, when their entry is one chunk", () => {
    expect(shellHints('/mf-manifest.json', shellManifest, EAGER_SHARED).map((h) => h.href)).toEqual([
      '/assets/475.js',
      '/assets/541.js',
      '/assets/523.js',
    ]);
    // What the build recorded decides: a module it does not consume eagerly is not hinted.
    expect(shellHints('/mf-manifest.json', shellManifest, ['react']).map((h) => h.href)).toEqual(['/assets/475.js']);
    expect(shellHints('/mf-manifest.json', shellManifest, [])).toEqual([]);
  });
});

describe('preloadHintsFor', () => {
  const sources = {
    deployment,
    manifest: (url: string) => manifests[url],
    shell: { url: '/mf-manifest.json', manifest: shellManifest, eagerShared: EAGER_SHARED },
  };

  it("picks the remote that owns the route: /login is mfe-auth's", () => {
    const hrefs = preloadHintsFor('/login', '', sources).map((h) => h.href);
    expect(hrefs[0]).toBe('/remotes/mfe-auth/0.1.0-aaa/remoteEntry.9a6f.js');
    expect(hrefs).not.toContain('/remotes/mfe-marketing/0.1.0-bbb/remoteEntry.m1.js');
    expect(hrefs).toContain('/assets/475.js');
    expect(preloadHintsFor('/login', '', sources)).toContainEqual({ href: AUTH_URL, as: 'fetch' });
  });

  it("gives / and an unknown path (the 404 page) the marketing remote's files", () => {
    for (const p of ['/', '/no/such/page']) {
      expect(preloadHintsFor(p, '', sources)[0]).toEqual({ href: '/remotes/mfe-marketing/0.1.0-bbb/remoteEntry.m1.js', as: 'script' });
    }
  });

  it('names only the shell when the deployment or the manifest is missing', () => {
    expect(preloadHintsFor('/login', '', { ...sources, deployment: undefined }).map((h) => h.href)).toEqual([
      '/assets/475.js',
      '/assets/541.js',
      '/assets/523.js',
    ]);
    expect(preloadHintsFor('/login', '', { ...sources, manifest: () => undefined, shell: undefined })).toEqual([]);
  });

  it('names each URL once', () => {
    const twice: MfManifestLike = { ...marketingManifest, exposes: [{ name: 'lifecycles', assets: { js: { sync: ['a.js', 'a.js'] } } }] };
    const hrefs = preloadHintsFor('/', '', { ...sources, manifest: () => twice }).map((h) => h.href);
    expect(hrefs.filter((h) => h.endsWith('/a.js'))).toHaveLength(1);
  });
});

const shellMap: PreloadMapLike = {
  groups: { bootstrap: ['assets/bootstrap.b1.js'] },
  shared: {
    react: ['assets/475.js'],
    'react-dom': ['assets/312.js'],
    'react-dom/client': ['assets/541.js'],
    '@app/shared/core': ['assets/588.js', 'assets/912.js'],
    '@app/shared': ['assets/157.js', 'assets/896.js', 'assets/912.js'],
    'react-router-dom': ['assets/460.js', 'assets/915.js'],
  },
  consumes: {
    bootstrap: ['@app/shared/core', 'react-dom/client'],
    'shared:react-dom/client': ['react', 'react-dom'],
    'shared:@app/shared/core': ['react'],
    'shared:@app/shared': ['@app/shared/core'],
  },
};
const mypageMap: PreloadMapLike = {
  groups: {
    __federation_expose_lifecycles: ['__federation_expose_lifecycles.l1.js'],
    'page-mypage': ['32.js', 'page-mypage.p1.js'],
    'page-mail-change-done': ['32.js', 'page-mail-change-done.p2.js'],
  },
  consumes: { __federation_expose_lifecycles: ['@app/shared'], 'page-mypage': ['react'], 'page-mail-change-done': ['react-router-dom'] },
};

describe('firstRenderHints (the preload maps, for the shell document)', () => {
  const shell = { base: '/', map: shellMap };
  const remote = { base: '/remotes/mfe-mypage/0.1.0-ddd/', map: mypageMap };

  it("names the shell's bootstrap chunk, the providers of what it, the lifecycles and the page consume (each once) (followed through their own consumes), then the page's chunks", () => {
    expect(firstRenderHints('mypage', shell, remote).map((h) => `${h.as} ${h.href}`)).toEqual([
      'script /assets/bootstrap.b1.js',
      'script /assets/588.js',
      'script /assets/912.js',
      'script /assets/541.js',
      'script /assets/157.js',
      'script /assets/896.js',
      'script /assets/475.js',
      'script /assets/312.js',
      'script /remotes/mfe-mypage/0.1.0-ddd/__federation_expose_lifecycles.l1.js',
      'script /remotes/mfe-mypage/0.1.0-ddd/32.js',
      'script /remotes/mfe-mypage/0.1.0-ddd/page-mypage.p1.js',
    ]);
  });

  it("names nothing the route does not load: another page's chunks, a provider nobody consumes", () => {
    const hrefs = firstRenderHints('mypage', shell, remote).map((h) => h.href);
    expect(hrefs).not.toContain('/remotes/mfe-mypage/0.1.0-ddd/page-mail-change-done.p2.js');
    expect(hrefs.filter((h) => h.includes('/460.') || h.includes('/915.'))).toEqual([]);
    // The page that consumes react-router-dom gets its provider.
    expect(firstRenderHints('mailChangeDone', shell, remote).map((h) => h.href)).toContain('/assets/915.js');
  });

  it('gives a route whose page chunk is not named after it no page chunks, and ignores file names that leave the folder', () => {
    const hrefs = firstRenderHints('registerProfile', shell, remote).map((h) => h.href);
    expect(hrefs.some((h) => h.includes('page-'))).toBe(false);
    expect(hrefs).toContain('/remotes/mfe-mypage/0.1.0-ddd/__federation_expose_lifecycles.l1.js');
    const hostile = { base: '/r/', map: { groups: { __federation_expose_lifecycles: ['../../x.js', '/abs.js', 'ok.js'] } } };
    expect(firstRenderHints('mypage', undefined, hostile).map((h) => h.href)).toEqual(['/r/ok.js']);
    expect(firstRenderHints('mypage', undefined, undefined)).toEqual([]);
  });

  it("leaves out the shell's copy of a shared module the remote brings newer (the page uses the remote's)", () => {
    const shellShared: MfManifestLike = {
      shared: [
        { name: '@app/shared', version: '0.3.0' },
        { name: 'react', version: '19.2.9' },
      ],
    };
    const remoteShared: MfManifestLike = {
      shared: [
        { name: '@app/shared', version: '0.10.0' },
        { name: 'react', version: '19.2.9' },
      ],
    };
    const newer = newerInRemote(shellShared, remoteShared);
    expect([...newer]).toEqual(['@app/shared']);
    expect(newerInRemote(remoteShared, shellShared).size).toBe(0);
    const hrefs = firstRenderHints('mypage', shell, remote, newer).map((h) => h.href);
    expect(hrefs.filter((h) => h === '/assets/157.js' || h === '/assets/896.js')).toEqual([]);
    // What the shell's bootstrap consumes is still the shell's.
    expect(hrefs).toContain('/assets/588.js');
  });

  it('kebab-cases the route id into the page chunk name (mfe-*/src/app/pages.tsx)', () => {
    expect(pageGroupOf('mypage')).toBe('page-mypage');
    expect(pageGroupOf('mailChangeDone')).toBe('page-mail-change-done');
  });
});

describe('renderHints and injectHints', () => {
  it('renders preload links without crossorigin (the scripts are loaded without it) and escapes attributes', () => {
    expect(
      renderHints([
        { href: '/r/e.js', as: 'script' },
        { href: '/r/a"b.css', as: 'style' },
        { href: '/r/mf-manifest.json', as: 'fetch' },
      ]),
    ).toBe(
      '<link rel="preload" as="script" href="/r/e.js"><link rel="preload" as="style" href="/r/a&quot;b.css">' +
        '<link rel="preload" as="fetch" href="/r/mf-manifest.json" crossorigin>',
    );
  });

  it('marks every hint low priority for a page already in the HTML (prerendered)', () => {
    expect(
      renderHints(
        [
          { href: '/r/e.js', as: 'script' },
          { href: '/r/mf-manifest.json', as: 'fetch' },
        ],
        { prerendered: true },
      ),
    ).toBe(
      '<link rel="preload" as="script" href="/r/e.js" fetchpriority="low">' +
        '<link rel="preload" as="fetch" href="/r/mf-manifest.json" crossorigin fetchpriority="low">',
    );
  });

  it('places the tags before </head>, and leaves the HTML alone without tags', () => {
    const html = '<html><head><title>t</title></head><body></body></html>';
    expect(injectHints(html, '<link>')).toBe('<html><head><title>t</title><link></head><body></body></html>');
    expect(injectHints(html, '')).toBe(html);
  });
});

describe('siteFileOf', () => {
  it('maps a site-relative URL into the site and refuses other origins and escapes', () => {
    expect(siteFileOf('/site', '/remotes/a/mf-manifest.json')).toBe(path.resolve('/site/remotes/a/mf-manifest.json'));
    expect(siteFileOf('/site', 'http://cdn.example/mf-manifest.json')).toBeUndefined();
    expect(siteFileOf('/site', '//cdn.example/mf-manifest.json')).toBeUndefined();
    expect(siteFileOf('/site', '/../etc/passwd')).toBe(path.resolve('/site/etc/passwd'));
  });
});

describe('createSitePreloadHints (the assembled site on disk)', () => {
  let siteDir: string;
  const write = (relative: string, value: unknown, mtime?: Date) => {
    const file = path.join(siteDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(value));
    if (mtime) fs.utimesSync(file, mtime, mtime);
  };

  beforeEach(() => {
    siteDir = makeTempDir('preload-hints');
    write('deployment.json', { remotes: { auth: { manifest: AUTH_URL, version: '0.1.0-aaa' } } }, new Date(2026, 0, 1));
    write('remotes/mfe-auth/0.1.0-aaa/mf-manifest.json', authManifest('remoteEntry.old.js'));
    write('remotes/mfe-auth/0.1.0-ccc/mf-manifest.json', authManifest('remoteEntry.new.js'));
    write('mf-manifest.json', shellManifest);
    writeShellBuild(siteDir, { eagerShared: EAGER_SHARED });
  });
  afterEach(() => removeDir(siteDir));

  it('reads the live version and gives the new one after a promote rewrites deployment.json (no restart)', () => {
    const hints = createSitePreloadHints({ siteDir });
    expect(hints.hintsFor('/login')[0]?.href).toBe('/remotes/mfe-auth/0.1.0-aaa/remoteEntry.old.js');
    write('deployment.json', { remotes: { auth: { manifest: '/remotes/mfe-auth/0.1.0-ccc/mf-manifest.json', version: '0.1.0-ccc' } } });
    expect(hints.hintsFor('/login')[0]?.href).toBe('/remotes/mfe-auth/0.1.0-ccc/remoteEntry.new.js');
  });

  it("names the shell's chunks of the shared modules its build recorded (loader.json), a new shell's at once", () => {
    const hints = createSitePreloadHints({ siteDir });
    const shellFiles = () => hints.hintsFor('/login', '', undefined, { prerendered: true }).filter((h) => h.href.startsWith('/assets/'));
    expect(shellFiles().map((h) => h.href)).toEqual(['/assets/475.js', '/assets/541.js', '/assets/523.js']);
    writeShellBuild(siteDir, { eagerShared: ['react'] });
    expect(shellFiles().map((h) => h.href)).toEqual(['/assets/475.js']);
    fs.rmSync(path.join(siteDir, 'loader.json'));
    expect(shellFiles()).toEqual([]);
  });

  it('asks the deployment seam which deployment a request sees (e.g. a canary)', () => {
    const seen: unknown[] = [];
    const hints = createSitePreloadHints({
      siteDir,
      deploymentFor: (request) => {
        seen.push(request);
        return { remotes: { auth: { manifest: '/remotes/mfe-auth/0.1.0-ccc/mf-manifest.json' } } };
      },
    });
    expect(hints.hintsFor('/login', '', 'req-1')[0]?.href).toBe('/remotes/mfe-auth/0.1.0-ccc/remoteEntry.new.js');
    expect(seen).toEqual(['req-1']);
  });

  it("adds the preload maps' files for the shell document only, from the map of the live version beside its manifest", () => {
    const MYPAGE = (v: string) => `/remotes/mfe-mypage/0.1.0-${v}/mf-manifest.json`;
    write('deployment.json', { remotes: { mypage: { manifest: MYPAGE('ddd'), version: '0.1.0-ddd' } } });
    write('remotes/mfe-mypage/0.1.0-ddd/mf-manifest.json', marketingManifest);
    write('remotes/mfe-mypage/0.1.0-ddd/preload-map.json', mypageMap);
    write('remotes/mfe-mypage/0.1.0-eee/mf-manifest.json', marketingManifest);
    write('remotes/mfe-mypage/0.1.0-eee/preload-map.json', { groups: { 'page-mypage': ['page-mypage.new.js'] } });
    write('preload-map.json', shellMap);
    const hints = createSitePreloadHints({ siteDir });
    const hrefs = hints.hintsFor('/mypage').map((h) => h.href);
    expect(hrefs).toContain('/assets/bootstrap.b1.js');
    expect(hrefs).toContain('/assets/896.js');
    expect(hrefs).toContain('/remotes/mfe-mypage/0.1.0-ddd/page-mypage.p1.js');
    // A prerendered page's hints stay those of the manifests.
    const prerendered = hints.hintsFor('/mypage', '', undefined, { prerendered: true }).map((h) => h.href);
    expect(prerendered.filter((h) => h.includes('bootstrap') || h.includes('page-'))).toEqual([]);
    // Another version goes live: its own map.
    write('deployment.json', { remotes: { mypage: { manifest: MYPAGE('eee'), version: '0.1.0-eee' } } });
    const after = hints.hintsFor('/mypage').map((h) => h.href);
    expect(after).toContain('/remotes/mfe-mypage/0.1.0-eee/page-mypage.new.js');
    expect(after.filter((h) => h.includes('0.1.0-ddd'))).toEqual([]);
  });

  it('puts the tags into the HTML, and nothing when deployment.json is unreadable', () => {
    const hints = createSitePreloadHints({ siteDir });
    const html = hints.htmlFor('<head></head>', '/login');
    expect(html).toContain('<link rel="preload" as="script" href="/remotes/mfe-auth/0.1.0-aaa/remoteEntry.old.js">');
    fs.writeFileSync(path.join(siteDir, 'deployment.json'), '{ not json');
    fs.rmSync(path.join(siteDir, 'mf-manifest.json'));
    expect(hints.htmlFor('<head></head>', '/login')).toBe('<head></head>');
  });
});

describe('the served HTML of a page (site/serve.ts)', () => {
  let siteDir: string;
  const write = (relative: string, content: string) => {
    const file = path.join(siteDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  beforeEach(() => {
    siteDir = makeTempDir('preload-served');
    write('index.html', '<!doctype html><html><head><title>shell</title></head><body><div id="app-root"></div></body></html>');
    write('deployment.json', JSON.stringify(deployment));
    write('remotes/mfe-auth/0.1.0-aaa/mf-manifest.json', JSON.stringify(authManifest()));
    write('remotes/mfe-marketing/0.1.0-bbb/mf-manifest.json', JSON.stringify(marketingManifest));
  });
  afterEach(() => removeDir(siteDir));

  it("GET /login names mfe-auth's live remoteEntry (and not marketing's), also compressed", async () => {
    const app = Fastify();
    registerSite(app, siteDir);
    app.setNotFoundHandler((request, reply) => siteFallback(siteDir, request, reply));
    try {
      const plain = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'identity' } });
      expect(plain.statusCode).toBe(200);
      const head = plain.body.slice(0, plain.body.indexOf('</head>'));
      expect(head).toContain('<link rel="preload" as="script" href="/remotes/mfe-auth/0.1.0-aaa/remoteEntry.9a6f.js">');
      expect(head).toContain('href="/remotes/mfe-auth/0.1.0-aaa/__federation_expose_lifecycles.2c52.js"');
      expect(plain.body).not.toContain('mfe-marketing');

      const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('href="/remotes/mfe-marketing/0.1.0-bbb/remoteEntry.m1.js"');
    } finally {
      await app.close();
    }
  });

  it('after the first paint: a prerendered page its remote entry (the files only hydrate it); the shell document also what its first render loads', async () => {
    write(
      'prerendered/login.html',
      '<!doctype html><html><head><title>login</title></head><body><form></form><script defer src="/assets/main.1.js"></script></body></html>',
    );
    write('index.html', '<!doctype html><html><head><script defer src="/assets/main.1.js"></script></head><body></body></html>');
    writeShellBuild(siteDir);
    const app = Fastify();
    registerSite(app, siteDir);
    app.setNotFoundHandler((request, reply) => siteFallback(siteDir, request, reply));
    try {
      const login = (await app.inject({ method: 'GET', url: '/login' })).body;
      expect(login).toContain('<form>');
      // Named to the after-paint loader, which preloads them with the shell's script after the paint.
      expect(login).not.toContain('<link rel="preload"');
      expect(login).toMatch(
        /<script data-after-paint="\/assets\/main\.1\.js" data-preload="[^"]*script:\/remotes\/mfe-auth\/0\.1\.0-aaa\/remoteEntry\.9a6f\.js[^"]*">/,
      );
      const shell = (await app.inject({ method: 'GET', url: '/register/complete' })).body;
      expect(shell).not.toContain('<link rel="preload"');
      expect(shell).not.toContain('<script defer');
      expect(shell).toMatch(
        /<script data-after-paint="\/assets\/main\.1\.js" data-preload="[^"]*script:\/remotes\/mfe-auth\/0\.1\.0-aaa\/remoteEntry\.9a6f\.js[^"]*">/,
      );
    } finally {
      await app.close();
    }
  });
});
