import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { STAFF_MESSAGES, ACCOUNT_MESSAGES, type ChangeNotice, type Entry } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createStaff, newAgent, staffAgent, type Agent, type TestApi, startTestApi } from '../../test/api';
import { applicant, completeDocument, submit, uploadCompleteFiles, type Applicant } from '../entries/testing';
import { runIdentityCommand } from '../identity-review/set-command';
import { notifyApplicant, parseChannelMessage, NOTICE_CHANNEL } from './notify';
import { liveStatusTiming } from './routes';

/**
 * GET /api/events/ across two API processes: two apps (`buildApp` twice, each with its own
 * listening connection, as a second process has) on one real PostgreSQL, both listening on real
 * ports; the streams are read over HTTP as a browser's EventSource reads them.
 */

let api: TestApi;
/** The second "process": its own app (and notice hub) on the same database. */
let other: FastifyInstance;
let otherApi: TestApi;
const origins = new Map<FastifyInstance, string>();
const opened: Stream[] = [];
const defaultTiming = { ...liveStatusTiming };

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  api = await startTestApi();
  other = buildApp({
    env: { SITE_DIR: path.join(api.dataDir, 'no-site'), LOG_LEVEL: 'silent' },
    db: api.database,
    context: { ...api.context },
  });
  await other.ready();
  otherApi = { ...api, app: other };
  origins.set(api.app, await listen(api.app));
  origins.set(other, await listen(other));
});
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
  Object.assign(liveStatusTiming, defaultTiming);
});
afterAll(async () => {
  await other?.close();
  await api?.close();
});

/** One open stream: the raw text so far, the notices parsed from it, and when it ended. */
interface Stream {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  text: string;
  readonly notices: ChangeNotice[];
  readonly ended: Promise<void>;
  /** Resolves once a notice matching `test` has arrived (the test's own timeout bounds it). */
  next(test?: (notice: ChangeNotice) => boolean): Promise<ChangeNotice>;
  close(): void;
}

/** Opens GET /api/events/ on that app with the agent's cookies; resolves at the first bytes (or the error answer). */
function openStream(app: FastifyInstance, agent: Agent): Promise<Stream> {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = http.get(`${origins.get(app)}/api/events/`, { headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      let endedResolve: () => void = () => {};
      const waiters: { test: (n: ChangeNotice) => boolean; resolve: (n: ChangeNotice) => void }[] = [];
      const stream: Stream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: '',
        notices: [],
        ended: new Promise((r) => (endedResolve = r)),
        next: (test = () => true) =>
          new Promise((r) => {
            const found = stream.notices.find(test);
            if (found) r(found);
            else waiters.push({ test, resolve: r });
          }),
        close: () => request.destroy(),
      };
      opened.push(stream);
      response.setEncoding('utf8');
      let first = true;
      response.on('data', (chunk: string) => {
        stream.text += chunk;
        const blocks = stream.text.split('\n\n');
        const notices = blocks
          .filter((block) => block.startsWith('event: changed\n'))
          .map((block) => JSON.parse(block.split('\n')[1]!.replace(/^data: /, '')) as ChangeNotice);
        for (const notice of notices.slice(stream.notices.length)) {
          stream.notices.push(notice);
          for (const waiter of waiters.filter((w) => w.test(notice))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(notice);
          }
        }
        if (first) {
          first = false;
          resolve(stream);
        }
      });
      response.on('end', () => {
        endedResolve();
        if (first) resolve(stream);
      });
      response.on('close', () => endedResolve());
    });
    request.on('error', reject);
  });
}

/** An applicant with an entry under review. */
async function withEntry(): Promise<Applicant & { entry: Entry }> {
  const a = await applicant(api);
  const response = await submit(a.agent, completeDocument(await uploadCompleteFiles(a.agent)));
  if (response.statusCode !== 201) throw new Error(`entry: ${response.statusCode} ${response.body}`);
  return { ...a, entry: response.json<Entry>() };
}

describe('GET /api/events/', () => {
  it('an event stream: no-cache, unbuffered, a retry hint and a first comment; heartbeats keep it open', async () => {
    liveStatusTiming.heartbeatMs = 20;
    const a = await applicant(api);
    const stream = await openStream(api.app, a.agent);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.text.startsWith(`retry: ${liveStatusTiming.retryMs}\n: open\n\n`)).toBe(true);
    await expect.poll(() => stream.text.includes(': keep-alive\n\n')).toBe(true);
    expect(stream.notices).toEqual([]);
  });

  it('a visitor gets 403; a staff session alone (no applicant session) gets 403', async () => {
    const visitor = await newAgent(api);
    const refused = await visitor.get('/api/events/');
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: ACCOUNT_MESSAGES.notAuthenticated }]);
    const staff = await staffAgent(api, await createStaff(api));
    const asStaff = await staff.get('/api/events/');
    expect([asStaff.statusCode, asStaff.json()]).toEqual([403, { detail: ACCOUNT_MESSAGES.notAuthenticated }]);
    expect(STAFF_MESSAGES.notAuthenticated).not.toBe(ACCOUNT_MESSAGES.notAuthenticated);
  });

  it('the identity decision made on the other process reaches the applicant’s stream; another applicant’s stream gets nothing', async () => {
    const a = await applicant(api);
    const b = await applicant(api);
    const streamA = await openStream(api.app, a.agent);
    const streamB = await openStream(api.app, b.agent);
    const staff = await staffAgent(otherApi, await createStaff(otherApi, { role: 'reviewer' }));
    const decided = await staff.post(`/api/staff/users/${a.user.id}/identity/`, { decision: 'confirmed', valid_date: '2026-04-01' });
    expect(decided.statusCode).toBe(200);
    expect(await streamA.next()).toEqual({ kind: 'identity', id: a.user.id });
    // b's stream is in order on the same listener: its first notice is its own, sent after a's.
    await notifyApplicant(api.context.db, b.user.id, { kind: 'entry', id: 1 });
    expect(await streamB.next()).toEqual({ kind: 'entry', id: 1 });
    expect(streamB.notices).toEqual([{ kind: 'entry', id: 1 }]);
    expect(streamA.notices).toEqual([{ kind: 'identity', id: a.user.id }]);
  });

  it('the operator command identity:set (no request of any app) notifies a stream on either process', async () => {
    const a = await applicant(api);
    const stream = await openStream(other, a.agent);
    await runIdentityCommand(
      api.context.db,
      { kind: 'set', email: a.user.email, status: 'inadequate', validDate: undefined },
      api.clock.now(),
      'operator:test',
    );
    expect(await stream.next()).toEqual({ kind: 'identity', id: a.user.id });
  });

  it('an entry decision on the other process reaches the stream (one notice per committed change, none for a refused one)', async () => {
    const a = await withEntry();
    const stream = await openStream(api.app, a.agent);
    const reviewing = await staffAgent(otherApi, await createStaff(otherApi, { role: 'reviewer' }));
    const documents = (body: unknown) => reviewing.post(`/api/staff/entries/${a.entry.id}/documents/`, body);
    expect((await documents({ group: 'withdrawals_detail', decision: 'confirmed' })).statusCode).toBe(200);
    expect(await stream.next()).toEqual({ kind: 'entry', id: a.entry.id });
    // A refused move (409) rolls back: no notice; the next committed change is the second notice.
    expect((await reviewing.post(`/api/staff/entries/${a.entry.id}/actions/`, { action: 'transfer' })).statusCode).toBe(409);
    expect((await documents({ group: 'financial_statements', decision: 'confirmed' })).statusCode).toBe(200);
    await expect.poll(() => stream.notices.length).toBe(2);
    expect(stream.notices).toEqual([
      { kind: 'entry', id: a.entry.id },
      { kind: 'entry', id: a.entry.id },
    ]);
  });

  it('a logout on the other process ends the stream', async () => {
    const a = await applicant(api);
    const stream = await openStream(api.app, a.agent);
    // The same cookies sent to the other process (the browser behind a load balancer).
    const logout = await other.inject({
      method: 'POST',
      url: '/api/auth/session/delete',
      headers: {
        cookie: [...a.agent.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'x-csrftoken': a.agent.cookies.get('csrftoken') ?? '',
      },
    });
    expect(logout.statusCode).toBe(204);
    await stream.ended;
    expect((await a.agent.get('/api/events/')).statusCode).toBe(403);
  });

  it('the stream ends when its session expires (checked every sessionCheckMs, without sliding it)', async () => {
    liveStatusTiming.sessionCheckMs = 20;
    const a = await applicant(api);
    const stream = await openStream(api.app, a.agent);
    const { rows } = await api.database.pool.query<{ expires: Date }>('select expires_at as expires from sessions where user_id = $1', [
      a.user.id,
    ]);
    const expires = rows[0]!.expires;
    api.clock.advance(expires.getTime() - api.clock.now().getTime() + 1000);
    await stream.ended;
    const after = await api.database.pool.query<{ expires: Date }>('select expires_at as expires from sessions where user_id = $1', [
      a.user.id,
    ]);
    expect(after.rows[0]?.expires.getTime()).toBe(expires.getTime());
  });

  it('the listener reconnects after its database connection is killed: open streams end, a new one gets notices', async () => {
    const a = await applicant(api);
    const stream = await openStream(api.app, a.agent);
    const { rows } = await api.database.pool.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query = $1 and pid <> pg_backend_pid()`,
      [`LISTEN "${NOTICE_CHANNEL}"`],
    );
    // One connection per app that has had a stream (this one at least), whatever their number of streams.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(2);
    await stream.ended;
    const again = await openStream(api.app, a.agent);
    expect(again.status).toBe(200);
    await notifyApplicant(api.context.db, a.user.id, { kind: 'entry', id: 7 });
    expect(await again.next()).toEqual({ kind: 'entry', id: 7 });
  });
});

describe('the channel message', () => {
  it.each([
    ['{"u":3,"notice":{"kind":"entry","id":9}}', { u: 3, notice: { kind: 'entry', id: 9 } }],
    ['{"u":3,"session":true}', { u: 3, session: true }],
    ['{"u":3,"notice":{"kind":"profile","id":9}}', null],
    ['{"u":"3","session":true}', null],
    ['{"u":3,"notice":{"kind":"entry","id":1.5}}', null],
    ['{"u":3}', null],
    ['null', null],
    ['not json', null],
    [undefined, null],
  ])('%s → %j', (payload, parsed) => {
    expect(parseChannelMessage(payload)).toEqual(parsed);
  });
});
