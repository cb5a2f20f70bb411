// Reading what the API bench (bench-api.ts) measures: wrk's summary, a Lua string for its script, and
// the CPU time of the server and of PostgreSQL's backends from /proc.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export interface Result {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly failed: number;
  /** CPU time of the server process per request (µs), from /proc: robust to a busy machine. */
  readonly cpuUsPerRequest: number;
  /** CPU time of the PostgreSQL backends per request (µs). */
  readonly pgCpuUsPerRequest: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function parseDuration(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  return match?.[1] && match[2] ? Number(match[1]) * (UNIT_MS[match[2]] ?? NaN) : NaN;
}

/** wrk's summary → req/s, p50, p99 and the failures (non-2xx answers, socket errors). */
export function parseWrk(output: string): Result {
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const p50Ms = parseDuration(/^\s+50%\s+(\S+)/m.exec(output)?.[1]);
  const p99Ms = parseDuration(/^\s+99%\s+(\S+)/m.exec(output)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN);
  return {
    requestsPerSecond,
    p50Ms,
    p99Ms,
    failed: non2xx + socketErrors,
    cpuUsPerRequest: NaN,
    pgCpuUsPerRequest: NaN,
    requests,
  } as Result & {
    requests: number;
  };
}

export function luaString(value: string): string {
  return JSON.stringify(value); // a JSON string is a valid Lua string literal for these characters
}

/** user + system CPU time of a process in µs (Linux /proc; NaN elsewhere). */
export function cpuTimeUs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return NaN;
  }
}
/** CPU time (µs) of the postmaster and each of its backends, by process id. */
export function postgresCpuTimes(postmaster: number | undefined): Map<number, number> {
  const times = new Map<number, number>();
  if (postmaster === undefined) return times;
  times.set(postmaster, cpuTimeUs(postmaster));
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) times.set(Number(name), ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6);
    } catch {
      // the process ended meanwhile
    }
  }
  return times;
}

/** The PostgreSQL CPU time spent between two snapshots (a backend that ended meanwhile counts 0). */
export function postgresCpuSince(before: Map<number, number>, postmaster: number | undefined): number {
  let total = 0;
  for (const [pid, time] of postgresCpuTimes(postmaster)) total += time - (before.get(pid) ?? 0);
  return postmaster === undefined ? NaN : total;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
