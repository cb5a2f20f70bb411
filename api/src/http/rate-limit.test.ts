import { ACCOUNT_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUid } from '../accounts/tokens';
import {
  Agent,
  createUser,
  lastMailTo,
  linkIn,
  loggedIn,
  newAgent,
  PASSWORD,
  registration,
  registerUser,
  startTestApi,
  type TestApi,
} from '../test/api';
import { ACCOUNT_RATE_LIMITS, localRateLimiter } from './rate-limit';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const HOUR = 60 * 60 * 1000;
const TOO_MANY = { detail: ACCOUNT_MESSAGES.tooManyRequests };
const NEW_PASSWORD = 'Hoshi-no-shita-2025';

/** An agent whose IP is its own, started (csrftoken) lazily by the first call. */
const fresh = () => newAgent(api);

describe('rate limits on registration (per client and per address, in PostgreSQL)', () => {
  it(`per client: ${ACCOUNT_RATE_LIMITS.registerPerClient.max} registrations an hour, then 429 with Retry-After`, async () => {
    const agent = await fresh();
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.registerPerClient.max; i++) {
      expect((await agent.post('/api/register/', registration())).statusCode).toBe(201);
    }
    const refused = await agent.post('/api/register/', registration());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBe(60 * 60);
    // Another client is not affected; the hour passes for this one.
    expect((await (await fresh()).post('/api/register/', registration())).statusCode).toBe(201);
    api.clock.advance(HOUR);
    expect((await agent.post('/api/register/', registration())).statusCode).toBe(201);
  });

  it('per address: the same address from many clients is refused after the limit', async () => {
    const body = registration({ email: 'many-tries@example.jp' });
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_RATE_LIMITS.registerPerAddress.max; i++)
      statuses.push((await (await fresh()).post('/api/register/', body)).statusCode);
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('parallel registrations from one client: no more than the limit pass', async () => {
    const agent = await fresh();
    const statuses = await Promise.all(
      Array.from({ length: 25 }, async () => (await agent.post('/api/register/', registration())).statusCode),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(ACCOUNT_RATE_LIMITS.registerPerClient.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - ACCOUNT_RATE_LIMITS.registerPerClient.max);
    const { rows } = await api.database.pool.query(
      "select count(*)::int as n from rate_limit_hits where bucket = 'register_client' and key = $1",
      [agent.ip],
    );
    expect(rows).toEqual([{ n: ACCOUNT_RATE_LIMITS.registerPerClient.max }]);
  });
});

describe('rate limits on password reset: the same for a known and an unknown address', () => {
  it(`per address: ${ACCOUNT_RATE_LIMITS.passwordResetPerAddress.max} requests an hour, then 429 — known or not`, async () => {
    const user = await createUser(api);
    for (const email of [user.email, 'nobody-here@example.jp']) {
      const answers: number[] = [];
      for (let i = 0; i <= ACCOUNT_RATE_LIMITS.passwordResetPerAddress.max; i++) {
        answers.push((await (await fresh()).post('/api/password/reset/', { email: email.toUpperCase() })).statusCode);
      }
      expect(answers).toEqual([...Array.from({ length: ACCOUNT_RATE_LIMITS.passwordResetPerAddress.max }, () => 200), 429]);
    }
  });

  it(`per client: ${ACCOUNT_RATE_LIMITS.passwordResetPerClient.max} requests an hour for any addresses`, async () => {
    const agent = await fresh();
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.passwordResetPerClient.max; i++) {
      expect((await agent.post('/api/password/reset/', { email: `probe${i}@example.jp` })).statusCode).toBe(200);
    }
    const refused = await agent.post('/api/password/reset/', { email: 'probe-last@example.jp' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
  });
});

describe('rate limits on activation and on the reset link', () => {
  it(`activation per client: ${ACCOUNT_RATE_LIMITS.activationPerClient.max} tries an hour`, async () => {
    const agent = await fresh();
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.activationPerClient.max; i++) {
      expect((await agent.post('/api/register/activation/', { uid: encodeUid(900_000 + i), token: 'guess' })).statusCode).toBe(400);
    }
    expect((await agent.post('/api/register/activation/', { uid: encodeUid(1), token: 'guess' })).statusCode).toBe(429);
  });

  it(`activation per account: ${ACCOUNT_RATE_LIMITS.activationPerAccount.max} tries an hour for one uid, from any clients`, async () => {
    const user = await registerUser(api);
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.activationPerAccount.max; i++) {
      expect((await (await fresh()).post('/api/register/activation/', { uid: encodeUid(user.id), token: `guess${i}` })).statusCode).toBe(
        400,
      );
    }
    const link = linkIn(await lastMailTo(api, user.email), '/register/activation');
    const right = { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') };
    expect((await (await fresh()).post('/api/register/activation/', right)).statusCode).toBe(429);
    api.clock.advance(HOUR);
    expect((await (await fresh()).post('/api/register/activation/', right)).statusCode).toBe(200);
  });

  it(`reset confirmation per client: ${ACCOUNT_RATE_LIMITS.resetConfirmPerClient.max} tries an hour`, async () => {
    const agent = await fresh();
    const body = (i: number) => ({ uid: encodeUid(800_000 + i), token: 'guess', new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.resetConfirmPerClient.max; i++) {
      expect((await agent.post('/api/password/reset/confirm/', body(i))).statusCode).toBe(400);
    }
    expect((await agent.post('/api/password/reset/confirm/', body(999))).statusCode).toBe(429);
  });
});

describe('a bad link does not tell which user ids exist', () => {
  it('activation: an unknown uid and a known uid with a wrong token get the same answer', async () => {
    const user = await registerUser(api);
    const unknown = await (await fresh()).post('/api/register/activation/', { uid: encodeUid(987_654), token: 'wrong-token' });
    const known = await (await fresh()).post('/api/register/activation/', { uid: encodeUid(user.id), token: 'wrong-token' });
    const garbage = await (await fresh()).post('/api/register/activation/', { uid: '!!', token: 'wrong-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ token: [ACCOUNT_MESSAGES.invalidLink] });
    expect(known.json()).toEqual(unknown.json());
    expect(garbage.json()).toEqual(unknown.json());
  });

  it('password reset: an unknown uid, an inactive account and a wrong token get the same answer', async () => {
    const user = await createUser(api);
    const inactive = await registerUser(api);
    const body = (uid: string) => ({ uid, token: 'wrong-token', new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    const answers = await Promise.all(
      [encodeUid(987_655), encodeUid(user.id), encodeUid(inactive.id)].map(async (uid) =>
        (await (await fresh()).post('/api/password/reset/confirm/', body(uid))).json<unknown>(),
      ),
    );
    expect(answers).toEqual([
      { token: [ACCOUNT_MESSAGES.invalidLink] },
      { token: [ACCOUNT_MESSAGES.invalidLink] },
      { token: [ACCOUNT_MESSAGES.invalidLink] },
    ]);
  });
});

describe('password change: old_password throttled, the session rotated', () => {
  const change = (agent: Agent, old_password: string, password = NEW_PASSWORD) =>
    agent.post('/api/password/change/', { old_password, new_password1: password, new_password2: password });

  it(`${ACCOUNT_RATE_LIMITS.passwordChangePerUser.max} wrong current passwords in 15 minutes: 429, even with the right one`, async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.passwordChangePerUser.max; i++) {
      expect((await change(agent, `Wrong-guess-${i}`)).statusCode).toBe(400);
    }
    const refused = await change(agent, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    // Another session of the same account is throttled too: the limit is the account's.
    expect((await change(await loggedIn(api, user), PASSWORD)).statusCode).toBe(429);
    api.clock.advance(15 * 60 * 1000);
    expect((await change(agent, PASSWORD)).statusCode).toBe(200);
  });

  it('a right current password does not count towards the limit', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    let current = PASSWORD;
    for (let i = 0; i <= ACCOUNT_RATE_LIMITS.passwordChangePerUser.max; i++) {
      const next = `${NEW_PASSWORD}-${i}`;
      expect((await change(agent, current, next)).statusCode).toBe(200);
      current = next;
    }
  });

  it('parallel wrong guesses: no more than the limit are checked', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const statuses = await Promise.all(Array.from({ length: 20 }, async (_, i) => (await change(agent, `Wrong-guess-${i}`)).statusCode));
    expect(statuses.filter((status) => status === 400)).toHaveLength(ACCOUNT_RATE_LIMITS.passwordChangePerUser.max);
  });

  it('a successful change rotates the session: the old id stops working, a new cookie keeps the person logged in', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const oldSession = agent.cookies.get('sessionid')!;
    const response = await change(agent, PASSWORD);
    expect(response.statusCode).toBe(200);
    const newSession = response.cookies.find((cookie) => cookie.name === 'sessionid');
    expect(newSession?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSession?.value).not.toBe(oldSession);
    expect(newSession).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Still logged in with the new cookie…
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ id: user.id });
    // …while the old session id is no longer valid.
    const replay = new Agent(api.app);
    await replay.start();
    replay.cookies.set('sessionid', oldSession);
    expect((await replay.post('/api/me/', {})).json()).toEqual({});
  });

  it('a persistent session stays persistent after the rotation', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user, true);
    const response = await change(agent, PASSWORD);
    expect(response.cookies.find((cookie) => cookie.name === 'sessionid')?.maxAge).toBeGreaterThan(0);
  });
});

describe('localRateLimiter (counted in memory, per process)', () => {
  const limit = { bucket: 'local_test', max: 2, windowMs: 60_000 };
  const at = (ms: number) => new Date(Date.UTC(2026, 3, 1) + ms);

  it('max per window per client, the seconds left once refused; a new window counts again', () => {
    const take = localRateLimiter(limit);
    expect([take('10.0.0.1', at(0)), take('10.0.0.1', at(1000))]).toEqual([0, 0]);
    expect(take('10.0.0.1', at(15_000))).toBe(45);
    expect(take('10.0.0.2', at(15_000))).toBe(0);
    expect(take('10.0.0.1', at(59_999))).toBe(1);
    expect(take('10.0.0.1', at(60_000))).toBe(0);
  });

  it('one IPv6 /64 is one client; an exempt client is never counted', () => {
    const take = localRateLimiter(limit, (ip) => ip === '127.0.0.1');
    expect([take('2001:db8:1:2::a', at(0)), take('2001:db8:1:2::b', at(0)), take('2001:db8:1:2::c', at(0))]).toEqual([0, 0, 60]);
    for (let i = 0; i < 5; i++) expect(take('127.0.0.1', at(0))).toBe(0);
  });

  it('forgets the clients whose window is over once many are remembered, never one still in its window', () => {
    const take = localRateLimiter(limit);
    for (let i = 0; i < 10_000; i++) take(`10.1.${Math.floor(i / 250)}.${i % 250}`, at(0));
    expect([take('10.9.9.9', at(30_000)), take('10.9.9.9', at(30_000))]).toEqual([0, 0]);
    // A new client past the old windows makes room: the one in its window is still refused.
    expect(take('10.8.8.8', at(61_000))).toBe(0);
    expect(take('10.9.9.9', at(61_000))).toBe(29);
  });

  it('a flood of new clients in one window scans the remembered ones at most once per tenth of a window', () => {
    let sweeps = 0;
    const take = localRateLimiter(limit, undefined, () => sweeps++);
    for (let i = 0; i < 10_000; i++) take(`10.1.${Math.floor(i / 250)}.${i % 250}`, at(0));
    expect(sweeps).toBe(0);
    // 5,000 more new clients within the same 6 s: one sweep (it finds nobody to forget), not 5,000.
    for (let i = 0; i < 5_000; i++) expect(take(`10.2.${Math.floor(i / 250)}.${i % 250}`, at(1000 + i))).toBe(0);
    expect(sweeps).toBe(1);
    expect(take('10.3.0.1', at(7000))).toBe(0);
    expect(sweeps).toBe(2);
    // Each client is still counted as before.
    expect([take('10.3.0.1', at(7001)), take('10.3.0.1', at(8000))]).toEqual([0, 59]);
  });
});
