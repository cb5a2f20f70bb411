// A load run on loopback (issue 13): `pnpm --filter @app/api run load -- --users 200 [--max-seconds 300]`.
// The API runs in this process on an embedded PostgreSQL in a temporary directory and listens on
// 127.0.0.1; N applicants at once, driven from a worker thread, go through register → activation (the
// mail's link, from the outbox) → login → profile save → my page → draft save (src/load/run.ts).
// Prints p50/p99 per endpoint; exits 1 on any 5xx, request without an answer, failed journey or lost
// write.
//
// `--telemetry`: each page also sends its field telemetry beacon (issue 26).
// `--compare-telemetry [--pairs 7] [--max-ratio 1.10]`: pairs of runs back to back, without and with
// the beacons (the order alternating), each on a fresh API; prints per endpoint the median p99 of each
// kind and the median of the pairs' ratios; exits 1 when a ratio is over --max-ratio.
import { parseArgs } from 'node:util';
import { compareTelemetry, formatComparison, formatLoad, runLoad, TELEMETRY_LABEL, type LoadResult } from '../load/run';

const { values } = parseArgs({
  // `pnpm run load -- --users 200` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    users: { type: 'string', default: '200' },
    'max-seconds': { type: 'string', default: '300' },
    'request-timeout-ms': { type: 'string', default: '60000' },
    telemetry: { type: 'boolean', default: false },
    'compare-telemetry': { type: 'boolean', default: false },
    pairs: { type: 'string', default: '7' },
    'max-ratio': { type: 'string', default: '1.10' },
  },
});
const users = Number(values.users);
const maxSeconds = Number(values['max-seconds']);
const requestTimeoutMs = Number(values['request-timeout-ms']);
const pairs = Number(values.pairs);
const maxRatio = Number(values['max-ratio']);
if (!Number.isInteger(users) || users < 1 || users > 2000) throw new Error('--users: a whole number from 1 to 2000');
if (!(maxSeconds > 0) || !(requestTimeoutMs > 0)) throw new Error('--max-seconds and --request-timeout-ms: positive numbers');
if (!Number.isInteger(pairs) || pairs < 1 || pairs > 50) throw new Error('--pairs: a whole number from 1 to 50');
if (!(maxRatio > 1)) throw new Error('--max-ratio: a number above 1');

const clean = (result: LoadResult) =>
  result.failures.length === 0 && result.responses5xx === 0 && result.noAnswer === 0 && result.lostWrites.length === 0;

if (values['compare-telemetry']) {
  const runs: { without: LoadResult; with: LoadResult }[] = [];
  let ok = true;
  for (let pair = 0; pair < pairs; pair++) {
    // The order alternates, so a machine getting slower or faster through the pairs weighs on both kinds.
    const order = pair % 2 === 0 ? [false, true] : [true, false];
    const results = new Map<boolean, LoadResult>();
    for (const telemetry of order) {
      const result = await runLoad({ users, maxSeconds, requestTimeoutMs, telemetry });
      console.log(`pair ${pair + 1}/${pairs}, ${telemetry ? 'with' : 'without'} telemetry: ${formatLoad(result).split('\n')[0]}`);
      if (!clean(result)) {
        console.log(formatLoad(result));
        ok = false;
      }
      results.set(telemetry, result);
    }
    runs.push({ without: results.get(false)!, with: results.get(true)! });
  }
  const rows = compareTelemetry(runs).filter((row) => row.endpoint !== TELEMETRY_LABEL);
  console.log(`\n${formatComparison(rows, pairs)}`);
  const over = rows.filter((row) => row.ratio > maxRatio);
  if (over.length > 0) {
    console.log(`✖ over ${maxRatio}: ${over.map((row) => `${row.endpoint} ${row.ratio.toFixed(2)}`).join(', ')}`);
    ok = false;
  } else console.log(`✔ every other endpoint's p99 within ${maxRatio}× of the runs without telemetry`);
  process.exit(ok ? 0 : 1);
}

console.log(
  `Load run: ${users} applicants at once on loopback (deadline ${maxSeconds} s)${values.telemetry ? ', with field telemetry beacons' : ''}…`,
);
const result = await runLoad({ users, maxSeconds, requestTimeoutMs, telemetry: values.telemetry });
console.log(formatLoad(result));
const ok = clean(result);
console.log(ok ? '✔ no 5xx, no lost write' : '✖ the load run failed');
process.exit(ok ? 0 : 1);
