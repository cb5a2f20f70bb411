// `pnpm --filter @app/api run bench:staff [-- --applicants 10000 --entries 20000 --rounds 40]` (issue 25):
// the back office at scale. A throwaway embedded PostgreSQL is seeded (src/scale/seed.ts), a staff
// member logs in, and each page's API call is timed in this process (Fastify's inject: routing,
// the queries, serialisation — no network): the queue, the applicant search by a half-width kana
// fragment, an applicant's page, the identity queue. Baseline, measured in the same run: the staff
// session read (`POST /api/staff/me/`). Prints `staff-bench | name | p50 | p95 | baseline p50 | baseline p95`
// lines for `npm run bench`; exits 1 when a p95 passes 50 ms.
import { parseArgs } from 'node:util';
import { seedScale } from '../scale/seed';
import { createStaff, staffAgent, startTestApi, type Agent } from '../test/api';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    applicants: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS === '1' ? '15' : '40' },
  },
});
const applicants = Number(values.applicants);
const entries = Number(values.entries);
const rounds = Number(values.rounds);
if (![applicants, entries, rounds].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--applicants, --entries, --rounds: whole numbers');

export const STAFF_BENCH_LIMIT_MS = 50;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** p50 and p95 of `rounds` calls after a warm-up, interleaved with the baseline so both see the same machine. */
async function time(
  agent: Agent,
  call: (agent: Agent) => Promise<{ statusCode: number; body: string }>,
  baseline: (agent: Agent) => Promise<unknown>,
) {
  const own: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < 5; i++) {
    await call(agent);
    await baseline(agent);
  }
  for (let i = 0; i < rounds; i++) {
    let started = performance.now();
    const response = await call(agent);
    own.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
    started = performance.now();
    await baseline(agent);
    base.push(performance.now() - started);
  }
  own.sort((a, b) => a - b);
  base.sort((a, b) => a - b);
  return { p50: quantile(own, 0.5), p95: quantile(own, 0.95), baseP50: quantile(base, 0.5), baseP95: quantile(base, 0.95) };
}

const api = await startTestApi();
try {
  let started = Date.now();
  await seedScale(api.database.pool, { applicants, entries }, api.clock.now());
  console.log(
    `seeded ${applicants.toLocaleString('en')} applicants and ${entries.toLocaleString('en')} entries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const agent = await staffAgent(api, await createStaff(api, { name: '計測 審査', role: 'reviewer' }));
  const { rows } = await api.database.pool.query<{ id: number }>(
    `select u.id from users u join entries e on e.user_id = u.id group by u.id order by count(*) desc, u.id limit 1`,
  );
  const busiest = rows[0]?.id;
  const me = (a: Agent) => a.post('/api/staff/me/', {});
  const cases: [string, (a: Agent) => Promise<{ statusCode: number; body: string }>][] = [
    ['GET /api/staff/entries/ (the queue, 審査中)', (a) => a.get('/api/staff/entries/')],
    ['GET /api/staff/applicants/?q=ｻｸﾗ (half-width kana)', (a) => a.get(`/api/staff/applicants/?q=${encodeURIComponent('ｻｸﾗ')}`)],
    ['GET /api/staff/applicants/?q=山田 (a name)', (a) => a.get(`/api/staff/applicants/?q=${encodeURIComponent('山田')}`)],
    [`GET /api/staff/applicants/{id}/ (most entries)`, (a) => a.get(`/api/staff/applicants/${busiest}/`)],
    ['GET /api/staff/identity-queue/', (a) => a.get('/api/staff/identity-queue/')],
  ];
  let ok = true;
  started = Date.now();
  for (const [name, call] of cases) {
    const t = await time(agent, call, me);
    const within = t.p95 <= STAFF_BENCH_LIMIT_MS;
    ok &&= within;
    console.log(
      `staff-bench | ${name} | ${t.p50.toFixed(2)} | ${t.p95.toFixed(2)} | ${t.baseP50.toFixed(2)} | ${t.baseP95.toFixed(2)} | ${within ? 'ok' : 'OVER'}`,
    );
  }
  console.log(`${rounds} rounds each, ${((Date.now() - started) / 1000).toFixed(1)} s; limit p95 ≤ ${STAFF_BENCH_LIMIT_MS} ms`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await api.close();
}
