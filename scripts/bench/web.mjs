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
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { precompress } from '../assemble-site.mjs';
import { ROOT, SITE_DIR } from '../lib.mjs';
import { median } from './table.mjs';
import { CHROME_PATH, PAGES, requireFromE2e, RSPACK, log } from './web-common.mjs';
import { startServer, stopServer, registeredApplicant } from './web-servers.mjs';
import { withRetries, lighthouseRun, crossRemoteNavigation } from './web-lighthouse.mjs';

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

export { startServer, stopServer, registeredApplicant } from './web-servers.mjs';
export { lighthouseRun, crossRemoteNavigation } from './web-lighthouse.mjs';
