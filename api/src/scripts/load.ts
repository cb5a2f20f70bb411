// A load run on loopback (issue 13): `pnpm --filter @app/api run load -- --users 200 [--max-seconds 300]`.
// The API runs in this process on an embedded PostgreSQL in a temporary directory and listens on
// 127.0.0.1; N applicants at once go through register → activation (the mail's link, from the
// outbox) → login → profile save → my page → draft save (src/load/run.ts). Prints p50/p99 per
// endpoint; exits 1 on any 5xx, request without an answer, failed journey or lost write.
import { parseArgs } from 'node:util';
import { formatLoad, runLoad } from '../load/run';

const { values } = parseArgs({
  // `pnpm run load -- --users 200` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    users: { type: 'string', default: '200' },
    'max-seconds': { type: 'string', default: '300' },
    'request-timeout-ms': { type: 'string', default: '60000' },
    // Each applicant's browser also sends its field telemetry beacons (issue 26).
    telemetry: { type: 'boolean', default: false },
  },
});
const users = Number(values.users);
const maxSeconds = Number(values['max-seconds']);
const requestTimeoutMs = Number(values['request-timeout-ms']);
if (!Number.isInteger(users) || users < 1 || users > 2000) throw new Error('--users: a whole number from 1 to 2000');
if (!(maxSeconds > 0) || !(requestTimeoutMs > 0)) throw new Error('--max-seconds and --request-timeout-ms: positive numbers');

console.log(
  `Load run: ${users} applicants at once on loopback (deadline ${maxSeconds} s)${values.telemetry ? ', with field telemetry beacons' : ''}…`,
);
const result = await runLoad({ users, maxSeconds, requestTimeoutMs, telemetry: values.telemetry });
console.log(formatLoad(result));
const ok = result.failures.length === 0 && result.responses5xx === 0 && result.noAnswer === 0 && result.lostWrites.length === 0;
console.log(ok ? '✔ no 5xx, no lost write' : '✖ the load run failed');
process.exit(ok ? 0 : 1);
