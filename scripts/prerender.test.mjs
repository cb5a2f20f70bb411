// The build-time styling and prerendering of the assembled site (scripts/prerender.mjs): where each
// page's document goes, what it holds, and the marketing remote's real prerender.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ROOT } from './lib.mjs';
import {
  composeDocument,
  hashedCssName,
  linkSiteStylesheet,
  prerenderSite,
  prerenderedFileFor,
  renderMarketingPages,
  renderRemotePages,
} from './prerender.mjs';

const TEMPLATE =
  '<!doctype html><html lang="ja"><head><title>ツムギ 請求書買取</title><style>.boot{}</style></head>' +
  '<body><div id="app-root"></div>\n    <div class="boot"><p role="status">読み込み中…</p></div>\n' +
  '    <noscript><p>このサイトをご利用いただくには JavaScript を有効にしてください。</p></noscript>' +
  '<script defer src="/assets/main.js"></script></body></html>';

const RENDERED = {
  siteCss: ':root { --color-primary: #1d4f91; }',
  marketingCss: '.mk-hero { padding: 0; }',
  containerId: 'single-spa-application:mfe_marketing',
  configFingerprint: '{"supportUrl":"/statement","individualsSupported":true}',
  pages: [
    { path: '/', title: 'ツムギ｜トップ', html: '<main><h1>請求書を、はやく</h1></main>' },
    { path: '/policy/privacy', title: 'プライバシーポリシー｜ツムギ', html: '<main><h1>プライバシーポリシー</h1></main>' },
  ],
};

let site;
beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
});
afterEach(() => fs.rmSync(site, { recursive: true, force: true }));

describe('prerenderedFileFor', () => {
  test('one file per route under prerendered/', () => {
    expect(prerenderedFileFor('/')).toBe('prerendered/index.html');
    expect(prerenderedFileFor('/statement')).toBe('prerendered/statement.html');
    expect(prerenderedFileFor('/policy/privacy')).toBe('prerendered/policy/privacy.html');
    expect(prerenderedFileFor('/404')).toBe('prerendered/404.html');
  });
});

describe('composeDocument', () => {
  const document = composeDocument(linkSiteStylesheet(TEMPLATE, 'assets/site.0123456789.css'), {
    ...RENDERED.pages[0],
    containerId: RENDERED.containerId,
    configFingerprint: RENDERED.configFingerprint,
    build: '/remotes/mfe-marketing/1.0.0-abc/',
    marketingCssFile: 'assets/marketing.9876543210.css',
  });

  test('puts the page in the remote container inside #app-root, with what hydration checks', () => {
    expect(document).toContain(
      '<div id="app-root"><div id="single-spa-application:mfe_marketing" data-prerendered="/" ' +
        'data-prerender-config="{&quot;supportUrl&quot;:&quot;/statement&quot;,&quot;individualsSupported&quot;:true}" ' +
        'data-prerender-build="/remotes/mfe-marketing/1.0.0-abc/"><main><h1>請求書を、はやく</h1></main></div></div>',
    );
  });

  test("sets the page's title and links both stylesheets in <head>, before any script", () => {
    expect(document).toContain('<title>ツムギ｜トップ</title>');
    const head = document.slice(0, document.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" id="app-shared-styles" href="/assets/site.0123456789.css" />');
    expect(head).toContain('<link rel="stylesheet" id="mfe-marketing-styles" href="/assets/marketing.9876543210.css" />');
  });

  test('drops the "enable JavaScript" notice, keeps the scripts and the placeholder (hidden by CSS)', () => {
    expect(document).not.toContain('<noscript>');
    expect(document).toContain('<script defer src="/assets/main.js"></script>');
    expect(document).toContain('読み込み中…');
  });

  test('escapes the title', () => {
    const html = composeDocument(TEMPLATE, {
      ...RENDERED.pages[0],
      title: 'a<b>&c',
      containerId: 'x',
      configFingerprint: '',
      build: '',
      marketingCssFile: 'm.css',
    });
    expect(html).toContain('<title>a&lt;b&gt;&amp;c</title>');
  });

  test('a form page (needsScript) keeps the "enable JavaScript" notice, at the top of #app-root, and links no marketing stylesheet', () => {
    const html = composeDocument(linkSiteStylesheet(TEMPLATE, 'assets/site.0123456789.css'), {
      path: '/login',
      title: 'ログイン｜ツムギ 請求書買取',
      html: '<form method="post"></form>',
      containerId: 'single-spa-application:mfe_auth',
      configFingerprint: '{}',
      build: '/remotes/mfe-auth/1.0.0-def/',
      needsScript: true,
    });
    expect(html).toContain(
      '<div id="app-root"><noscript><p>このサイトをご利用いただくには JavaScript を有効にしてください。</p></noscript>' +
        '<div id="single-spa-application:mfe_auth" data-prerendered="/login"',
    );
    expect(html.match(/<noscript>/g)).toHaveLength(1);
    expect(html).not.toContain('mfe-marketing-styles');
    expect(html).toContain('data-prerender-build="/remotes/mfe-auth/1.0.0-def/"><form method="post"></form></div></div>');
  });

  test('refuses a template without the mount point', () => {
    expect(() => composeDocument('<html><head></head><body></body></html>', { ...RENDERED.pages[0], containerId: 'x' })).toThrow(
      /app-root/,
    );
  });
});

describe('prerenderSite', () => {
  test('writes the hashed stylesheets, links the site one from index.html, and one document per page', () => {
    fs.writeFileSync(path.join(site, 'index.html'), TEMPLATE);
    fs.mkdirSync(path.join(site, 'prerendered', 'old'), { recursive: true });
    fs.writeFileSync(path.join(site, 'prerendered', 'old', 'gone.html'), 'stale');

    const result = prerenderSite(site, '/remotes/mfe-marketing/1.0.0-abc/', RENDERED);

    expect(result.siteCssFile).toBe(hashedCssName('site', RENDERED.siteCss));
    expect(result.siteCssFile).toMatch(/^assets\/site\.[0-9a-f]{10}\.css$/);
    expect(fs.readFileSync(path.join(site, result.siteCssFile), 'utf8')).toBe(RENDERED.siteCss);
    expect(fs.readFileSync(path.join(site, result.marketingCssFile), 'utf8')).toBe(RENDERED.marketingCss);
    const index = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
    expect(index).toContain(`<link rel="stylesheet" id="app-shared-styles" href="/${result.siteCssFile}" />`);
    expect(index).not.toContain('mfe-marketing-styles');
    expect(index).toContain('<div id="app-root"></div>');

    expect(result.written).toEqual(['prerendered/index.html', 'prerendered/policy/privacy.html']);
    expect(fs.readFileSync(path.join(site, 'prerendered', 'policy', 'privacy.html'), 'utf8')).toContain('<h1>プライバシーポリシー</h1>');
    expect(fs.existsSync(path.join(site, 'prerendered', 'old'))).toBe(false);
  });

  test("with the auth build, writes its forms' documents too, hydrated by that build", () => {
    fs.writeFileSync(path.join(site, 'index.html'), TEMPLATE);
    const auth = {
      containerId: 'single-spa-application:mfe_auth',
      configFingerprint: '{}',
      pages: [{ path: '/login', title: 'ログイン｜ツムギ 請求書買取', html: '<section><form method="post"></form></section>' }],
    };
    const result = prerenderSite(site, '/remotes/mfe-marketing/1.0.0-abc/', RENDERED, {
      build: '/remotes/mfe-auth/1.0.0-def/',
      rendered: auth,
    });
    expect(result.written).toEqual(['prerendered/index.html', 'prerendered/policy/privacy.html', 'prerendered/login.html']);
    const login = fs.readFileSync(path.join(site, 'prerendered', 'login.html'), 'utf8');
    expect(login).toContain('data-prerender-build="/remotes/mfe-auth/1.0.0-def/"');
    expect(login).toContain('<noscript>');
    expect(login).toContain(`href="/${result.siteCssFile}"`);
  });
});

describe('renderRemotePages auth (the auth remote, rendered on Node)', () => {
  test('renders the login, registration and password-reset forms as a visitor sees them, sent by POST', () => {
    const rendered = renderRemotePages('auth', path.join(ROOT, 'shell', 'config.default.json'));
    expect(rendered.pages.map((p) => p.path)).toEqual(['/login', '/register', '/profile/password/reset/recover']);
    expect(rendered.containerId).toBe('single-spa-application:mfe_auth');
    const login = rendered.pages[0];
    expect(login.title).toBe('ログイン｜ツムギ 請求書買取');
    expect(login.html).toMatch(/<form [^>]*method="post"/);
    expect(login.html).toContain('name="password"');
    expect(login.html).toContain('data-layout="anonymous"');
    expect(login.html).not.toMatch(/<script|<template/);
    for (const page of rendered.pages) expect(page.html).toContain('method="post"');
  }, 60_000);
});

describe('renderMarketingPages (the marketing remote, rendered on Node)', () => {
  test('renders every public page, the landing page with its headline, as a visitor sees it', () => {
    const rendered = renderMarketingPages(path.join(ROOT, 'shell', 'config.default.json'));
    expect(rendered.pages.map((p) => p.path)).toEqual([
      '/',
      '/statement',
      '/terms',
      '/policy/privacy',
      '/policy/security',
      '/legal/sct',
      '/maintenance',
      '/unsupported',
      '/404',
    ]);
    const home = rendered.pages[0];
    expect(home.title).toBe('ツムギ 請求書買取｜請求書買取のオンライン申し込み');
    expect(home.html).toContain('はやく確かな資金に。');
    // Whole: the page's Suspense boundary is complete in the HTML, not left to a script.
    expect(home.html).toContain('<!--$-->');
    expect(home.html).not.toMatch(/<script|<template/);
    // A visitor: the login link, not the way to マイページ.
    expect(home.html).toContain('href="/login"');
    expect(home.html).not.toContain('href="/mypage"');
    expect(rendered.containerId).toBe('single-spa-application:mfe_marketing');
    expect(JSON.parse(rendered.configFingerprint)).toMatchObject({ individualsSupported: true });
    expect(rendered.siteCss).toContain('--color-primary');
    expect(rendered.marketingCss).toContain('.mk-');
  }, 60_000);
});
