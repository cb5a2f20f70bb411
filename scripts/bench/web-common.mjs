// What the browser bench's modules share (web.mjs): Chromium, the pages, the tools, the log.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../lib.mjs';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const PAGES = ['/', '/login', '/mypage'];
// BENCH_LH_DIR=<dir>: every Lighthouse report (JSON) is kept there, to read the details behind a
// score (LCP element, request chains, layout shifts, main-thread work).
// BENCH_API_SERVER=<file>: another build of the API server (default api/dist/server.mjs).
export const REPORT_DIR = process.env.BENCH_LH_DIR;
export const PASSWORD = 'Bench-pass-2026!';
export const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
export const requireFromE2e = createRequire(path.join(ROOT, 'e2e', 'package.json'));
export const RSPACK = path.join(ROOT, 'shell', 'node_modules', '.bin', 'rspack');

export const log = (text) => console.log(`[bench:web] ${text}`);
