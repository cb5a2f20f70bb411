/* global document, requestAnimationFrame, requestIdleCallback -- used only inside page.evaluate (runs in the browser) */
// The browser half of `npm run bench` (scripts/bench/index.mjs). Everything on loopback, bounded
// in count and time:
// - the site (.site, `pnpm build`) and a plain single-bundle React SPA of the same pages
//   (plain-spa/, built here into a temporary directory, precompressed the same way), each served by
//   the compiled API server (node api/dist/server.mjs, its own embedded PostgreSQL);
// - Lighthouse 12 (mobile and desktop presets, performance only) on /, /login and /mypage (logged
//   in: an applicant registered through the API and the mail outbox), site and plain SPA
//   interleaved run by run;
// - the cross-remote navigation (landing page → ログイン → the login form) at 4× CPU throttle, after
//   a scroll (the header's pages load once the visitor engages) and as the visitor's first action;
// - the rebuild of one remote alone against the plain SPA's whole build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { precompress } from '../assemble-site.mjs';
import { ROOT, SITE_DIR } from '../lib.mjs';
import { median } from './table.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/login', '/mypage'];
// BENCH_LH_DIR=<dir>: every Lighthouse report (JSON) is kept there, to read the details behind a
// score (LCP element, request chains, layout shifts, main-thread work).
// BENCH_API_SERVER=<file>: another build of the API server (default api/dist/server.mjs).
const REPORT_DIR = process.env.BENCH_LH_DIR;
const PASSWORD = 'Bench-pass-2026!';
const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const requireFromE2e = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const RSPACK = path.join(ROOT, 'shell', 'node_modules', '.bin', 'rspack');

const log = (text) => console.log(`[bench:web] ${text}`);

/** Runs a command to completion within `timeoutMs`; returns its wall time in ms. */
function timed(cmd, args, options = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', timeout: 300_000, ...options });
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')}: ${result.error?.message ?? result.stderr ?? ''}${result.stdout ?? ''}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Builds the plain SPA into `dir` with the site's runtime config, precompressed like the site. */
export function buildPlainSpa(dir) {
  const ms = timed(RSPACK, ['build', '-c', path.join(ROOT, 'scripts', 'bench', 'plain-spa', 'rspack.config.mjs')], {
    env: { ...process.env, OUT_DIR: dir },
  });
  fs.copyFileSync(path.join(SITE_DIR, 'config.json'), path.join(dir, 'config.json'));
  precompress(dir);
  return ms;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The compiled API serving `siteDir` on its own embedded PostgreSQL in `dataDir`. */
export async function startServer(name, siteDir, dataDir) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', process.env.BENCH_API_SERVER ?? path.join(ROOT, 'api', 'dist', 'server.mjs')],
    {
      cwd: path.join(ROOT, 'api'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        MAIL_OUTBOX_DIR: path.join(dataDir, 'mail'),
        SITE_DIR: siteDir,
        STAFF_TOTP_KEY: 'bench-only-key-bench-only-key-bench-only-key',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} server exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`${name} server not up in 120 s: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { name, base, child, outbox: path.join(dataDir, 'mail') };
}

export function stopServer(server) {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

function cookiesOf(response, jar) {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0];
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** Registers and activates an applicant (the link from the mail outbox) and logs in: its cookies. */
export async function registeredApplicant(server) {
  const { simpleParser } = requireFromE2e('mailparser');
  const jar = new Map();
  const call = async (method, url, body) => {
    const response = await fetch(`${server.base}${url}`, {
      method,
      headers: {
        origin: server.base,
        'content-type': 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrftoken': jar.get('csrftoken') ?? '',
      },
      body: JSON.stringify(body),
    });
    cookiesOf(response, jar);
    if (!response.ok) throw new Error(`${server.name}: ${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const email = `bench-${Date.now()}@example.com`;
  await call('POST', '/api/me/', {});
  await call('POST', '/api/register/', {
    email,
    password: PASSWORD,
    corporate_division: 'corporate',
    company_name: '株式会社ベンチ',
    last_name: '山田',
    first_name: '太郎',
  });
  let link;
  for (let tries = 0; tries < 60 && !link; tries++) {
    const files = fs.existsSync(server.outbox) ? fs.readdirSync(server.outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(server.outbox, file)));
      const found = (mail.text ?? '').match(/https?:\/\/\S*\/register\/activation\S*/);
      if (found) link = new URL(found[0]);
    }
    if (!link) await new Promise((r) => setTimeout(r, 250));
  }
  if (!link) throw new Error(`${server.name}: no activation mail in ${server.outbox}`);
  await call('POST', '/api/register/activation/', { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') });
  await call('POST', '/api/auth/', { email, password: PASSWORD, persistLoginState: false });
  return [...jar].map(([name, value]) => ({ name, value }));
}

let reportSerial = 0;

/**
 * A Lighthouse run again when Chromium's trace came out unusable (NO_NAVSTART and the like: a
 * flake of a loaded machine, not a property of the page), at most three times.
 */
async function withRetries(run, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP|trace|PROTOCOL_TIMEOUT/i.test(String(error?.message))) throw error;
      log(`  again (${error.message.slice(0, 80)}…)`);
    }
  }
}

/** One Lighthouse run (performance only) in a fresh Chromium, logged in with `cookies` if given. */
export async function lighthouseRun(url, preset, cookies, label = '') {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = createRequire(requireFromRoot.resolve('lighthouse'))('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    if (cookies) {
      const { chromium } = requireFromE2e('@playwright/test');
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0].addCookies(cookies.map((c) => ({ ...c, url: new URL(url).origin })));
      await browser.close();
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], maxWaitForLoad: 30_000 },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result.lhr;
    if (REPORT_DIR) {
      fs.mkdirSync(REPORT_DIR, { recursive: true });
      const name = `${String(++reportSerial).padStart(3, '0')}-${label}${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}.json`;
      fs.writeFileSync(path.join(REPORT_DIR, name), result.report);
    }
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(url).pathname) throw new Error(`${url} ended on ${finalPath} (not logged in?)`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    return {
      score: lhr.categories.performance.score,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      js: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Landing page → click ログイン → the login form: ms, in the page's own clock, at 4× CPU throttle.
 * `engaged`: the visitor scrolled the page first (and it went idle), as one who reads before tapping;
 * otherwise the tap is the first thing they do (the page has only prefetched files, run nothing).
 */
export async function crossRemoteNavigation(browser, base, engaged) {
  const context = await browser.newContext({ locale: 'ja-JP' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/`, { timeout: 60_000 });
    await page.getByRole('link', { name: 'ログイン', exact: true }).first().waitFor({ timeout: 60_000 });
    // A prerendered page is links before it hydrates (a click would load a new document).
    await page.waitForFunction(
      () => document.querySelector('[data-layout]') !== null && document.querySelector('[data-prerendered]') === null,
      null,
      {
        timeout: 60_000,
      },
    );
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    if (engaged) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(200);
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 5000 })));
    }
    return await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const link = [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === 'ログイン');
          const formShown = () =>
            [...document.querySelectorAll('form button')].some((b) => b.textContent.trim() === 'ログイン' && b.offsetParent !== null);
          const started = performance.now();
          link.click();
          const poll = () => {
            if (formShown()) resolve(performance.now() - started);
            else if (performance.now() - started > 20_000) reject(new Error('no login form in 20 s'));
            else requestAnimationFrame(poll);
          };
          poll();
        }),
    );
  } finally {
    await context.close();
  }
}

/**
 * The browser half: rows for the one table (see index.mjs). `runs`: Lighthouse runs per page,
 * preset and side (5; --quick 1); the navigation is timed as often (at least 3).
 */
export async function benchWeb({ runs }) {
  for (const file of [path.join(SITE_DIR, 'index.html'), path.join(ROOT, 'api', 'dist', 'server.mjs')]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run without --no-build`);
  }
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  fs.chmodSync(work, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  const servers = [];
  try {
    log('building the plain SPA (one rspack bundle, no module federation)…');
    const plainDir = path.join(work, 'plain-site');
    buildPlainSpa(plainDir);

    log('starting the API server twice (the site; the plain SPA), each on its own embedded PostgreSQL…');
    const [site, plain] = await Promise.all([
      startServer('site', SITE_DIR, path.join(work, 'site-data')),
      startServer('plain SPA', plainDir, path.join(work, 'plain-data')),
    ]);
    servers.push(site, plain);
    const cookies = { site: await registeredApplicant(site), plain: await registeredApplicant(plain) };

    const lh = new Map();
    const total = runs * PAGES.length * 2 * 2;
    let done = 0;
    for (let run = 0; run < runs; run++) {
      for (const page of PAGES) {
        for (const preset of ['mobile', 'desktop']) {
          for (const [side, server] of [
            ['site', site],
            ['plain', plain],
          ]) {
            const key = `${page} ${preset} ${side}`;
            const result = await withRetries(() =>
              lighthouseRun(`${server.base}${page}`, preset, page === '/mypage' ? cookies[side] : undefined, `${side}-`),
            );
            if (!lh.has(key)) lh.set(key, []);
            lh.get(key).push(result);
            done++;
            log(
              `lighthouse ${done}/${total}: ${key}: score ${result.score?.toFixed(2)}, LCP ${Math.round(result.lcp)} ms, CLS ${result.cls.toFixed(3)}, JS ${(result.js / 1024).toFixed(1)} KB`,
            );
          }
        }
      }
    }

    log('cross-remote navigation at 4× CPU throttle…');
    const { chromium } = requireFromE2e('@playwright/test');
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
    const navigation = { site: [], plain: [] };
    const firstTap = { site: [], plain: [] };
    try {
      for (let run = 0; run < Math.max(3, runs); run++) {
        navigation.site.push(await crossRemoteNavigation(browser, site.base, true));
        navigation.plain.push(await crossRemoteNavigation(browser, plain.base, true));
        firstTap.site.push(await crossRemoteNavigation(browser, site.base, false));
        firstTap.plain.push(await crossRemoteNavigation(browser, plain.base, false));
        log(
          `  run ${run + 1}: after a scroll site ${Math.round(navigation.site.at(-1))} ms, plain SPA ${Math.round(navigation.plain.at(-1))} ms; ` +
            `as the first action site ${Math.round(firstTap.site.at(-1))} ms, plain SPA ${Math.round(firstTap.plain.at(-1))} ms`,
        );
      }
    } finally {
      await browser.close();
    }

    log('rebuild of one remote alone (mfe-auth) against the plain SPA’s whole build…');
    const rebuild = { site: [], plain: [] };
    for (let run = 0; run < Math.max(1, Math.min(3, runs)); run++) {
      rebuild.site.push(
        timed(RSPACK, ['build', '--mode', 'production'], {
          cwd: path.join(ROOT, 'mfe-auth'),
          env: { ...process.env, OUT_DIR: path.join(work, 'auth-rebuild') },
        }),
      );
      rebuild.plain.push(
        timed(RSPACK, ['build', '-c', path.join(ROOT, 'scripts', 'bench', 'plain-spa', 'rspack.config.mjs')], {
          env: { ...process.env, OUT_DIR: path.join(work, 'plain-rebuild') },
        }),
      );
    }

    const pick = (key, field) => median(lh.get(key).map((r) => r[field]));
    const rows = [];
    for (const page of PAGES) {
      for (const preset of ['mobile', 'desktop']) {
        const site = `${page} ${preset} site`;
        const plainKey = `${page} ${preset} plain`;
        const scoreTarget =
          preset === 'mobile'
            ? { check: (r) => r.site >= (page === '/' ? 0.95 : 0.9), text: `≥ ${page === '/' ? '0.95' : '0.90'}` }
            : undefined;
        rows.push({
          name: `${page} perf score (${preset})`,
          site: pick(site, 'score'),
          baseline: pick(plainKey, 'score'),
          unit: 'score',
          target: scoreTarget,
        });
        rows.push({
          name: `${page} LCP (${preset})`,
          site: pick(site, 'lcp'),
          baseline: pick(plainKey, 'lcp'),
          unit: 'ms',
          target:
            page === '/' && preset === 'mobile'
              ? { check: (r) => r.site <= 1.1 * r.baseline && r.site <= 1500, text: '≤ 1.1×, ≤ 1.5 s' }
              : undefined,
        });
        rows.push({
          name: `${page} CLS (${preset})`,
          site: pick(site, 'cls'),
          baseline: pick(plainKey, 'cls'),
          unit: 'number',
          target: page === '/' ? { check: (r) => r.site <= 0.02, text: '≤ 0.02' } : undefined,
        });
        if (preset === 'mobile') {
          rows.push({
            name: `${page} JS transferred`,
            site: pick(site, 'js'),
            baseline: pick(plainKey, 'js'),
            unit: 'KB',
            target: page === '/' ? { check: (r) => r.site <= 1.9 * r.baseline, text: '≤ 1.9×' } : undefined,
          });
        }
      }
    }
    rows.push({
      name: 'landing, a scroll → login link → login form (4× CPU)',
      site: median(navigation.site),
      baseline: median(navigation.plain),
      unit: 'ms',
      target: { check: (r) => r.site <= 150, text: '≤ 150 ms' },
    });
    rows.push({
      name: 'landing → login link as the first action → login form (4× CPU)',
      site: median(firstTap.site),
      baseline: median(firstTap.plain),
      unit: 'ms',
    });
    rows.push({
      name: 'rebuild: mfe-auth alone vs whole plain SPA',
      site: median(rebuild.site),
      baseline: median(rebuild.plain),
      unit: 's',
    });
    return rows;
  } finally {
    await Promise.all(servers.map(stopServer));
    fs.rmSync(work, { recursive: true, force: true });
  }
}
