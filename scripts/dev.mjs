// `npm run dev`: the API (tsx watch, embedded PostgreSQL) and the dev servers of the shell and of
// every remote, together; each line of output prefixed by its process's name. The shell dev server
// serves a development /deployment.json that points at the remotes' dev servers. Ctrl-C (SIGINT,
// SIGTERM, SIGHUP) stops them all; if one exits on its own, the others are stopped and this exits
// non-zero. Node built-ins only (POSIX process groups). Names and ports: contracts/remotes.json;
// API_PORT moves the API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { REMOTE_LIST, ROOT, pnpm, readJson } from './lib.mjs';

const API_PORT = Number(process.env.API_PORT || REMOTE_LIST.api.devPort);
const SHELL_PORT = REMOTE_LIST.shell.devPort;
const SITE_URL = `http://localhost:${SHELL_PORT}`;
const STOP_TIMEOUT_MS = 15_000;

// Each runs its package's own `dev` script (the command `pnpm --filter <dir> dev` runs), started
// here directly so that signals reach it without npx/pnpm in between.
const PROCESSES = [
  {
    name: 'api',
    dir: REMOTE_LIST.api.dir,
    port: API_PORT,
    // Links in mails and the CSRF origin check follow the page's origin: the shell dev server.
    env: { PORT: String(API_PORT), PUBLIC_URL: process.env.PUBLIC_URL || SITE_URL },
  },
  { name: 'shell', dir: REMOTE_LIST.shell.dir, port: SHELL_PORT, env: {} },
  ...Object.entries(REMOTE_LIST.remotes).map(([name, remote]) => ({ name, dir: remote.dir, port: remote.devPort, env: {} })),
];

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const COLORS = [36, 33, 35, 32, 34, 91, 96];
const width = Math.max(...PROCESSES.map((p) => p.name.length));
const label = (name, index) => {
  const text = `${name.padEnd(width)} │`;
  return color ? `\x1b[${COLORS[index % COLORS.length]}m${text}\x1b[0m` : text;
};
const say = (line) => console.log(`${' '.repeat(width)} │ ${line}`);

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

async function preflight() {
  const ports = new Map();
  for (const p of PROCESSES) {
    if (ports.has(p.port)) throw new Error(`${p.name} and ${ports.get(p.port)} would both use port ${p.port} (API_PORT=${API_PORT})`);
    ports.set(p.port, p.name);
  }
  const busy = [];
  for (const p of PROCESSES) if (!(await portFree(p.port))) busy.push(`${p.port} (${p.name})`);
  if (busy.length) {
    throw new Error(
      `port ${busy.join(', ')} already in use${busy.some((b) => b.includes('(api)')) ? '; API_PORT=<port> moves the API' : ''}`,
    );
  }
  if (PROCESSES.some((p) => !fs.existsSync(path.join(ROOT, p.dir, 'node_modules')))) {
    say('installing dependencies (pnpm, frozen lockfile)');
    await pnpm(['install', '--frozen-lockfile']);
  }
}

const children = [];
let stopping = false;
let exitCode = 0;

function start({ name, dir, env }, index) {
  const cwd = path.join(ROOT, dir);
  const command = readJson(path.join(cwd, 'package.json'), {}).scripts?.dev;
  if (!command) throw new Error(`${dir}/package.json has no dev script`);
  const bin = [path.join(cwd, 'node_modules', '.bin'), path.join(ROOT, 'node_modules', '.bin')];
  // A simple command replaces the shell (`exec`), so a stop signal reaches the tool itself, which
  // then stops what it started (tsx watch its server, the server postgres) in its own order.
  const simple = !/[;&|<>()$`\n]/.test(command);
  const child = spawn(simple ? `exec ${command}` : command, {
    cwd,
    shell: true,
    // Its own process group: Ctrl-C in the terminal reaches only this script, which stops each
    // process once, and a last-resort SIGKILL reaches everything a process started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(color ? { FORCE_COLOR: '1' } : {}),
      API_PORT: String(API_PORT),
      ...env,
      PATH: [...bin, process.env.PATH].join(path.delimiter),
    },
  });
  const entry = { name, child, running: true, group: !simple };
  children.push(entry);
  const prefix = label(name, index);
  readline.createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${prefix} ${line}\n`));
  readline.createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${prefix} ${line}\n`));
  const ended = (why) => {
    if (!entry.running) return;
    entry.running = false;
    if (!stopping) {
      say(`${name} ${why}: stopping the others`);
      exitCode ||= 1;
      stop();
    }
    exitWhenAllEnded();
  };
  child.on('error', (error) => ended(`could not start (${error.message})`));
  // 'close': the process and whatever it started that held its output (postgres) are gone.
  child.on('close', (code, signal) => {
    if (!stopping && code) exitCode = code;
    ended(`exited (${code ?? signal})`);
  });
}

function exitWhenAllEnded() {
  if (children.every((c) => !c.running)) process.exit(exitCode);
}

/** Signals each running process (a shell command: its whole group); SIGKILL: always the group. */
function signalAll(signal) {
  for (const { child, running, group } of children) {
    if (!running || child.pid === undefined) continue;
    try {
      process.kill(group || signal === 'SIGKILL' ? -child.pid : child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Stops every process with SIGINT, what Ctrl-C in a terminal would send each; SIGKILL after a while. */
function stop() {
  if (stopping) return;
  stopping = true;
  signalAll('SIGINT');
  setTimeout(() => {
    say(`still running after ${STOP_TIMEOUT_MS / 1000} s: killing`);
    signalAll('SIGKILL');
  }, STOP_TIMEOUT_MS).unref();
  exitWhenAllEnded();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      say(`${signal} again: killing`);
      signalAll('SIGKILL');
      return;
    }
    say(`${signal}: stopping`);
    stop();
  });
}
// Whatever happens to this process, take its children with it.
process.on('exit', () => signalAll('SIGKILL'));

/** Polls until the API, the shell and every remote answer, then says so (once). */
async function announceWhenReady() {
  // The API directly (through the shell's proxy, every miss would log a proxy error).
  const urls = [
    `http://localhost:${API_PORT}/api/health/`,
    `${SITE_URL}/deployment.json`,
    ...Object.values(REMOTE_LIST.remotes).map((r) => `http://localhost:${r.devPort}/mf-manifest.json`),
  ];
  const ok = (url) =>
    fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
  while (!stopping) {
    if ((await Promise.all(urls.map(ok))).every(Boolean)) {
      const ports = Object.values(REMOTE_LIST.remotes).map((r) => r.devPort);
      say(`ready: ${SITE_URL} (API on ${API_PORT}, remotes on ${ports.join(', ')})`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

try {
  await preflight();
  PROCESSES.forEach(start);
  say(`starting: ${SITE_URL} once everything has compiled; Ctrl-C stops all`);
  void announceWhenReady();
} catch (error) {
  console.error(`✖ ${error.message}`);
  exitCode = error.code ?? 1;
  stop();
}
