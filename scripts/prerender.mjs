// Build-time styling and prerendering of the assembled site (run by scripts/assemble-site.mjs).
//
// 1. The site stylesheet (tokens and base, shared/src/ui/styles.ts `SITE_CSS`) is written as a
//    static, content-hashed file `assets/site.<hash>.css` and linked from index.html's <head>
//    (`<link id="app-shared-styles">`: `ensureStyles` then does nothing), so every page is styled
//    before any script runs. The public pages' stylesheet (mfe-marketing/src/styles.ts) goes to
//    `assets/marketing.<hash>.css`, linked from the prerendered pages only.
// 2. Every marketing route is rendered to HTML (mfe-marketing/src/prerender.tsx, react-dom on Node)
//    as a visitor who is not logged in sees it with the site's config.json, inside the element
//    single-spa mounts the remote into, in a copy of index.html. One file per route:
//
//      /                 → prerendered/index.html
//      /statement        → prerendered/statement.html
//      /terms            → prerendered/terms.html
//      /policy/privacy   → prerendered/policy/privacy.html
//      /policy/security  → prerendered/policy/security.html
//      /legal/sct        → prerendered/legal/sct.html
//      /404              → prerendered/404.html
//      /maintenance      → prerendered/maintenance.html
//      /unsupported      → prerendered/unsupported.html
//
//    The API sends that file for the path (api/src/site/serve.ts `renderDocument`); the remote
//    hydrates it when it still fits (same path, not logged in, same config: shared `renderTypeFor`),
//    else renders afresh. An operator who edits config.json after the build gets fresh renders
//    until the next build (`node scripts/assemble-site.mjs` prerenders again).
// 3. The anonymous forms of the auth remote (mfe-auth/src/prerender.tsx) the same way, hydrated by
//    the live auth build: /login → prerendered/login.html, /register → prerendered/register.html,
//    /profile/password/reset/recover → prerendered/profile/password/reset/recover.html. Their
//    documents keep the "enable JavaScript" notice (at the top: the form needs the scripts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

export const PRERENDERED_DIR = 'prerendered';
/** The remotes with a build-time prerender (`<dir>/src/prerender.tsx`). */
const PRERENDERING_REMOTES = { marketing: 'mfe-marketing', auth: 'mfe-auth' };

/** The file (relative to the site root) of a route's prerendered document. */
export function prerenderedFileFor(routePath) {
  const trimmed = routePath.replace(/\/+$/, '');
  return trimmed === '' ? `${PRERENDERED_DIR}/index.html` : `${PRERENDERED_DIR}${trimmed}.html`;
}

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `assets/<name>.<hash>.css` for a stylesheet's text (10 hex digits of its SHA-256, as the bundles). */
export function hashedCssName(name, css) {
  return `assets/${name}.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
}

const stylesheetLink = (id, file) => `<link rel="stylesheet" id="${id}" href="/${file}" />`;

/** index.html with the site stylesheet linked at the end of <head> (before any script runs). */
export function linkSiteStylesheet(html, siteCssFile) {
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html.replace('</head>', `${stylesheetLink('app-shared-styles', siteCssFile)}</head>`);
}

const APP_ROOT = '<div id="app-root"></div>';

const NOSCRIPT = /\s*<noscript>([\s\S]*?)<\/noscript>/;

/**
 * A route's document from index.html (already linking the site stylesheet): its title, the public
 * pages' stylesheet (`marketingCssFile`, marketing's pages), and the rendered page inside the
 * remote's container in #app-root (which hides the loading placeholder). The "enable JavaScript"
 * notice goes (the page reads without it), or with `needsScript` (a form) moves to the top of
 * #app-root, above the page.
 */
export function composeDocument(
  template,
  { title, html, path: routePath, containerId, configFingerprint, build, marketingCssFile, needsScript = false },
) {
  if (!template.includes(APP_ROOT)) throw new Error(`index.html has no ${APP_ROOT}`);
  const container =
    `<div id="${escapeAttribute(containerId)}" data-prerendered="${escapeAttribute(routePath)}"` +
    ` data-prerender-config="${escapeAttribute(configFingerprint)}" data-prerender-build="${escapeAttribute(build)}">${html}</div>`;
  const notice = needsScript ? (template.match(NOSCRIPT)?.[0].trim() ?? '') : '';
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
    .replace('</head>', `${marketingCssFile ? stylesheetLink('mfe-marketing-styles', marketingCssFile) : ''}</head>`)
    .replace(NOSCRIPT, '')
    .replace(APP_ROOT, `<div id="app-root">${notice}${container}</div>`);
}

/** Runs a remote's prerender (its src/prerender.tsx with tsx, production React): what it rendered. */
export function renderRemotePages(remote, configFile) {
  const remoteDir = path.join(ROOT, PRERENDERING_REMOTES[remote]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
  const out = path.join(dir, 'pages.json');
  try {
    const result = spawnSync(
      process.execPath,
      [
        path.join(remoteDir, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        '--tsconfig',
        '../tsconfig.base.json',
        'src/prerender.tsx',
        configFile,
        out,
      ],
      { cwd: remoteDir, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (result.status !== 0) throw new Error(`prerender of the ${remote} pages failed (exit ${result.status ?? result.signal})`);
    return JSON.parse(fs.readFileSync(out, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The marketing remote's pages (renderRemotePages). */
export const renderMarketingPages = (configFile) => renderRemotePages('marketing', configFile);

/**
 * Styles and prerenders the assembled site in `siteDir` (its index.html and config.json must be
 * there). `build`: the folder of the live marketing build (`/remotes/mfe-marketing/<version>/`),
 * the only one that hydrates these pages. `rendered`: the prerender's result (tests pass one; the
 * build runs the remote's). `auth`: the live auth build's folder (`{ build }`) for its forms, with
 * `rendered` as for marketing; absent: no auth page is prerendered.
 */
export function prerenderSite(siteDir, build, rendered = renderMarketingPages(path.join(siteDir, 'config.json')), auth = undefined) {
  const siteCssFile = hashedCssName('site', rendered.siteCss);
  const marketingCssFile = hashedCssName('marketing', rendered.marketingCss);
  for (const [file, css] of [
    [siteCssFile, rendered.siteCss],
    [marketingCssFile, rendered.marketingCss],
  ]) {
    fs.mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, file), css);
  }
  const indexFile = path.join(siteDir, 'index.html');
  const template = linkSiteStylesheet(fs.readFileSync(indexFile, 'utf8'), siteCssFile);
  fs.writeFileSync(indexFile, template);

  fs.rmSync(path.join(siteDir, PRERENDERED_DIR), { recursive: true, force: true });
  const written = [];
  // One remote's rendered pages, each in a copy of the shell's document.
  const writePages = (result, extra) => {
    for (const page of result.pages) {
      const file = prerenderedFileFor(page.path);
      const document = composeDocument(template, {
        ...page,
        containerId: result.containerId,
        configFingerprint: result.configFingerprint,
        ...extra,
      });
      fs.mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
      fs.writeFileSync(path.join(siteDir, file), document);
      written.push(file);
    }
  };
  writePages(rendered, { build, marketingCssFile });
  if (auth) {
    writePages(auth.rendered ?? renderRemotePages('auth', path.join(siteDir, 'config.json')), { build: auth.build, needsScript: true });
  }
  return { siteCssFile, marketingCssFile, written };
}
