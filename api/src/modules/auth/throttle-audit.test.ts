import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createUser, newAgent, startTestApi, type TestApi } from '../../test/api';
import { LOGIN_THROTTLE } from './throttle';

const MINUTE = 60_000;

/**
 * A throttled login is refused without work: it must not cost an audit row each time either, or a
 * client hammering a locked address fills the append-only log. One row says the throttling began.
 */
describe('throttled logins and the audit log', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('a burst of throttled attempts writes one audit row, not one per attempt; a new throttling writes a new one', async () => {
    const user = await createUser(api);
    const agent = await newAgent(api);
    const attempt = (password: string) => agent.post('/api/auth/', { email: user.email, password, persistLoginState: false });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerEmail; i++) expect((await attempt(`Wrong-password-${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 12; i++) expect((await attempt(user.password)).statusCode).toBe(429);
    const throttledRows = async () =>
      (await auditRows(api, 'account.login_failed')).filter((row) => row.data.email === user.email && row.data.reason === 'throttled');
    expect(await throttledRows()).toHaveLength(1);

    // The window moves on; new failures throttle the address again: one more row.
    api.clock.advance(LOGIN_THROTTLE.windowMs + MINUTE);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerEmail; i++) expect((await attempt(`Wrong-again-${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(user.password)).statusCode).toBe(429);
    expect(await throttledRows()).toHaveLength(2);
  });
});
