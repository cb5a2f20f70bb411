import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from './maintenance';
import { createUser, loggedIn, newAgent, startTestApi, type TestApi } from './test/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const count = async (table: string) => (await api.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;

describe('pruneExpired', () => {
  it('removes expired sessions, long-dead tokens and old login attempts; keeps the rest', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    await (await newAgent(api)).post('/api/auth/', { email: 'nobody@example.jp', password: 'Wrong-password-1' });
    expect(await pruneExpired(api.context.db, api.clock.now())).toEqual({ sessions: 0, tokens: 0, loginAttempts: 0 });

    api.clock.advance(31 * DAY);
    const pruned = await pruneExpired(api.context.db, api.clock.now());
    expect(pruned).toEqual({ sessions: 1, tokens: 0, loginAttempts: 2 });
    expect(await count('sessions')).toBe(0);
    expect((await agent.post('/api/me/', {})).json()).toEqual({});

    api.clock.advance(14 * DAY); // the activation token expired 72 h after registration, + 30 days
    expect((await pruneExpired(api.context.db, api.clock.now())).tokens).toBe(1);
    expect(await count('one_time_tokens')).toBe(0);
    expect(await count('users')).toBe(1);
  });
});
