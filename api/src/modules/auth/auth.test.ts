import { ACCOUNT_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { BROWSER_SESSION_IDLE_MS, PERSISTENT_SESSION_MS, SESSION_TOUCH_INTERVAL_MS } from '../../accounts/sessions';
import { hashToken } from '../../accounts/tokens';
import { MAIL_SUBJECTS } from '../../mail/templates';
import {
  activateFromMail,
  Agent,
  auditRows,
  createUser,
  loggedIn,
  mailsTo,
  newAgent,
  PASSWORD,
  registerUser,
  startTestApi,
  type TestApi,
} from '../../test/api';
import { LOGIN_THROTTLE } from './throttle';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const MINUTE = 60 * 1000;
const BAD_CREDENTIALS = { detail: ACCOUNT_MESSAGES.invalidCredentials };
const THROTTLED = { detail: ACCOUNT_MESSAGES.loginThrottled };
const NOT_AUTHENTICATED = { detail: ACCOUNT_MESSAGES.notAuthenticated };
const INACTIVE = ACCOUNT_MESSAGES.inactiveAccount;

const login = (agent: Agent, email: string, password: string, persistLoginState?: boolean) =>
  agent.post('/api/auth/', { email, password, ...(persistLoginState === undefined ? {} : { persistLoginState }) });

const cookie = (agent: Agent, name: string) => agent.last?.cookies.find((c) => c.name === name);
const setCookieHeaders = (agent: Agent): string[] => {
  const header = agent.last?.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
};

async function me(agent: Agent) {
  return (await agent.post('/api/me/', {})).json<{ id?: number; email?: string; version?: number; last_login?: string | null }>();
}

describe('POST /api/auth/ (login)', () => {
  it('logs in: 200 {id, email, corporate_division}, a browser-session cookie, a new csrftoken, last_login, audit', async () => {
    const user = await createUser(api);
    const agent = await newAgent(api);
    const tokenBefore = agent.cookies.get('csrftoken');
    const response = await login(agent, user.email.toUpperCase(), PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, email: user.email, corporate_division: 'corporate' });

    const session = cookie(agent, 'sessionid');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.maxAge).toBeUndefined();
    expect(session?.expires).toBeUndefined();
    expect(session?.secure).toBeUndefined();
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessionHeader = setCookieHeaders(agent).find((h) => h.startsWith('sessionid='));
    expect(sessionHeader).toBe(`sessionid=${session?.value}; Path=/; HttpOnly; SameSite=Lax`);

    // The CSRF token is rotated at login.
    const csrf = cookie(agent, 'csrftoken');
    expect(csrf?.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(csrf?.value).not.toBe(tokenBefore);
    expect(csrf?.httpOnly).toBeUndefined();

    // The row is stored under the token's hash, not the token.
    const { rows } = await api.database.pool.query('select id, persistent, expires_at, ip from sessions where user_id = $1', [user.id]);
    expect(rows).toEqual([
      {
        id: hashToken(session!.value),
        persistent: false,
        expires_at: new Date(api.clock.now().getTime() + BROWSER_SESSION_IDLE_MS),
        ip: agent.ip,
      },
    ]);

    const current = await me(agent);
    expect(current.id).toBe(user.id);
    expect(current.last_login).toMatch(/\+09:00$/);

    const logins = (await auditRows(api, 'account.logged_in')).filter((row) => row.subject_id === String(user.id));
    expect(logins).toEqual([{ actor: `user:${user.id}`, subject_id: String(user.id), data: { ip: agent.ip, persistent: false } }]);
  });

  it('persistLoginState: a 14-day cookie (Max-Age and Expires) and row', async () => {
    const user = await createUser(api);
    const agent = await newAgent(api);
    expect((await login(agent, user.email, PASSWORD, true)).statusCode).toBe(200);
    const session = cookie(agent, 'sessionid');
    expect(session?.maxAge).toBe(14 * 24 * 60 * 60);
    expect(session?.expires?.getTime()).toBe(api.clock.now().getTime() + PERSISTENT_SESSION_MS);
    const header = setCookieHeaders(agent).find((h) => h.startsWith('sessionid='));
    expect(header).toMatch(/^sessionid=[\w-]{43}; Max-Age=1209600; Path=\/; Expires=[^;]+ GMT; HttpOnly; SameSite=Lax$/);
    const { rows } = await api.database.pool.query('select persistent from sessions where user_id = $1', [user.id]);
    expect(rows).toEqual([{ persistent: true }]);
  });

  it('401 with the same detail for a wrong password and an unknown address; both are audited', async () => {
    const user = await createUser(api);
    const agent = await newAgent(api);
    const wrong = await login(agent, user.email, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(BAD_CREDENTIALS);
    const unknown = await login(agent, 'nobody-here@example.jp', PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(BAD_CREDENTIALS);
    expect(agent.cookies.has('sessionid')).toBe(false);

    const failed = (await auditRows(api, 'account.login_failed')).filter((row) => row.data.ip === agent.ip);
    expect(failed).toEqual([
      { actor: null, subject_id: String(user.id), data: { email: user.email, ip: agent.ip, reason: 'wrong_password' } },
      { actor: null, subject_id: null, data: { email: 'nobody-here@example.jp', ip: agent.ip, reason: 'unknown_email' } },
    ]);
  });

  it('an account whose address is not confirmed: its own 401 detail, only with the right password', async () => {
    const user = await registerUser(api);
    const agent = await newAgent(api);
    const right = await login(agent, user.email, PASSWORD);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ detail: INACTIVE });
    expect((await login(agent, user.email, 'Wrong-password-1')).json()).toEqual(BAD_CREDENTIALS);
    expect(agent.cookies.has('sessionid')).toBe(false);
    // The registration link is still valid: no second mail.
    expect(await mailsTo(api, user.email)).toHaveLength(1);
    expect(
      (await auditRows(api, 'account.login_failed')).filter((row) => row.data.reason === 'inactive' && row.subject_id === String(user.id)),
    ).toEqual([
      {
        actor: null,
        subject_id: String(user.id),
        data: { email: user.email, ip: agent.ip, reason: 'inactive', activation_mail_resent: false },
      },
    ]);
  });

  it('once the activation link has expired, logging in with the right password mails a new one (once per 72 hours)', async () => {
    const user = await registerUser(api);
    api.clock.advance(72 * 60 * MINUTE);
    const agent = await newAgent(api);
    expect((await login(agent, user.email, 'Wrong-password-1')).statusCode).toBe(401);
    expect(await mailsTo(api, user.email)).toHaveLength(1); // a wrong password sends nothing
    expect((await login(agent, user.email, PASSWORD)).json()).toEqual({ detail: INACTIVE });
    expect((await login(agent, user.email, PASSWORD)).json()).toEqual({ detail: INACTIVE });
    const mails = await mailsTo(api, user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(MAIL_SUBJECTS.activation);
    expect((await activateFromMail(api, user.email)).statusCode).toBe(200);
    expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('400 with the field messages', async () => {
    const agent = await newAgent(api);
    const response = await agent.post('/api/auth/', { email: 'x', password: '', persistLoginState: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: [ACCOUNT_MESSAGES.invalidEmail],
      password: [ACCOUNT_MESSAGES.blank],
      persistLoginState: [ACCOUNT_MESSAGES.notABoolean],
    });
    expect((await agent.post('/api/auth/')).json()).toEqual({ email: [ACCOUNT_MESSAGES.required], password: [ACCOUNT_MESSAGES.required] });
  });

  it('a new login replaces the session the browser had (no session fixation)', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const before = agent.cookies.get('sessionid');
    expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(200);
    expect(agent.cookies.get('sessionid')).not.toBe(before);
    const { rows } = await api.database.pool.query('select id from sessions where user_id = $1', [user.id]);
    expect(rows).toEqual([{ id: hashToken(agent.cookies.get('sessionid')!) }]);
  });
});

describe('POST /api/auth/session/delete (logout)', () => {
  it('204, deletes the session row and the cookie; the old cookie no longer works', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const token = agent.cookies.get('sessionid')!;
    const response = await agent.post('/api/auth/session/delete');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(setCookieHeaders(agent).find((h) => h.startsWith('sessionid='))).toMatch(
      /^sessionid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    expect(agent.cookies.has('sessionid')).toBe(false);
    const { rows } = await api.database.pool.query('select count(*)::int as n from sessions where user_id = $1', [user.id]);
    expect(rows).toEqual([{ n: 0 }]);
    expect((await auditRows(api, 'account.logged_out')).filter((row) => row.subject_id === String(user.id))).toHaveLength(1);

    // Replaying the old cookie: a visitor.
    const replay = new Agent(api.app);
    await replay.start();
    replay.cookies.set('sessionid', token);
    expect(await me(replay)).toEqual({});
    expect((await replay.get('/api/profile/')).statusCode).toBe(403);
  });

  it('204 without a session too', async () => {
    const agent = await newAgent(api);
    expect((await agent.post('/api/auth/session/delete')).statusCode).toBe(204);
  });

  it('ends only that session; the same account elsewhere stays logged in', async () => {
    const user = await createUser(api);
    const laptop = await loggedIn(api, user);
    const phone = await loggedIn(api, user);
    await laptop.post('/api/auth/session/delete');
    expect((await me(laptop)).id).toBeUndefined();
    expect((await me(phone)).id).toBe(user.id);
  });
});

describe('session expiry (server side)', () => {
  it('a browser session ends after 12 idle hours; requests within them keep it alive', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    api.clock.advance(BROWSER_SESSION_IDLE_MS - MINUTE);
    expect((await me(agent)).id).toBe(user.id); // touched: 12 more hours from now
    api.clock.advance(BROWSER_SESSION_IDLE_MS - MINUTE);
    expect((await me(agent)).id).toBe(user.id);
    api.clock.advance(BROWSER_SESSION_IDLE_MS);
    expect(await me(agent)).toEqual({});
    expect((await agent.get('/api/profile/')).json()).toEqual(NOT_AUTHENTICATED);
  });

  it('a browser session lasts 14 days at most, however busy', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    for (let elapsed = 0; elapsed < PERSISTENT_SESSION_MS - BROWSER_SESSION_IDLE_MS; elapsed += 6 * 60 * MINUTE) {
      api.clock.advance(6 * 60 * MINUTE);
      expect((await me(agent)).id).toBe(user.id);
    }
    api.clock.advance(BROWSER_SESSION_IDLE_MS);
    expect(await me(agent)).toEqual({});
  });

  it('a persistent session in use lasts 14 days from login, not longer (unused, it ends sooner: account-sessions.test.ts)', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user, true);
    const DAY = 24 * 60 * MINUTE;
    for (let elapsed = 0; elapsed < PERSISTENT_SESSION_MS - 2 * DAY; elapsed += 3 * DAY) {
      api.clock.advance(3 * DAY);
      expect((await me(agent)).id).toBe(user.id);
    }
    api.clock.advance(2 * DAY - MINUTE);
    expect((await me(agent)).id).toBe(user.id);
    api.clock.advance(MINUTE);
    expect(await me(agent)).toEqual({});
  });

  it('last_seen_at is written at most every 5 minutes', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const seen = async () => {
      const { rows } = await api.database.pool.query<{ last_seen_at: Date }>('select last_seen_at from sessions where user_id = $1', [
        user.id,
      ]);
      return rows[0]?.last_seen_at.getTime();
    };
    const loginTime = api.clock.now().getTime();
    api.clock.advance(SESSION_TOUCH_INTERVAL_MS - 1000);
    await me(agent);
    expect(await seen()).toBe(loginTime);
    api.clock.advance(1000);
    await me(agent);
    expect(await seen()).toBe(api.clock.now().getTime());
  });

  it('a deactivated account loses its sessions at once', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    await api.database.pool.query('update users set is_active = false where id = $1', [user.id]);
    expect(await me(agent)).toEqual({});
  });
});

describe('throttling failed logins', () => {
  it(`per address: after ${LOGIN_THROTTLE.maxFailuresPerEmail} failures in 15 minutes, 429 (even with the right password) until the window moves on`, async () => {
    const user = await createUser(api);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerEmail; i++) {
      // From different clients: the limit is the address's.
      expect((await login(await newAgent(api), user.email, `Wrong-password-${i}`)).statusCode).toBe(401);
      api.clock.advance(MINUTE);
    }
    const agent = await newAgent(api);
    const throttled = await login(agent, user.email.toUpperCase(), PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual(THROTTLED);
    // The first failure leaves the 15-minute window 10 minutes from now.
    expect(throttled.headers['retry-after']).toBe(String(10 * 60));
    expect((await auditRows(api, 'account.login_failed')).filter((row) => row.data.ip === agent.ip)).toEqual([
      { actor: null, subject_id: null, data: { email: user.email, ip: agent.ip, reason: 'throttled' } },
    ]);

    api.clock.advance(10 * MINUTE - 1000);
    expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(429);
    api.clock.advance(1000);
    expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('a successful login starts the address count again', async () => {
    const user = await createUser(api);
    const agent = await newAgent(api);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerEmail - 1; i++) await login(agent, user.email, 'Wrong-password-1');
    expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerEmail - 1; i++)
      expect((await login(agent, user.email, 'Wrong-password-1')).statusCode).toBe(401);
    expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it(`per client: after ${LOGIN_THROTTLE.maxFailuresPerIp} failures from one address in 15 minutes, 429 for any account`, async () => {
    const victim = await createUser(api);
    const agent = await newAgent(api);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerIp; i++) {
      expect((await login(agent, `guess${i}@example.jp`, 'Wrong-password-1')).statusCode).toBe(401);
    }
    const throttled = await login(agent, victim.email, PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe(String(15 * 60));
    // Another client is not affected.
    expect((await login(await newAgent(api), victim.email, PASSWORD)).statusCode).toBe(200);
    api.clock.advance(15 * MINUTE);
    expect((await login(agent, victim.email, PASSWORD)).statusCode).toBe(200);
  });

  it('parallel guesses for one address: no more than the limit get past the throttle (the attempt is reserved before argon2)', async () => {
    const user = await createUser(api);
    const agents = await Promise.all(Array.from({ length: 50 }, () => newAgent(api)));
    const statuses = await Promise.all(agents.map(async (agent, i) => (await login(agent, user.email, `Wrong-password-${i}`)).statusCode));
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_THROTTLE.maxFailuresPerEmail);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - LOGIN_THROTTLE.maxFailuresPerEmail);
    const { rows } = await api.database.pool.query('select count(*)::int as n from login_attempts where email = $1', [user.email]);
    expect(rows).toEqual([{ n: LOGIN_THROTTLE.maxFailuresPerEmail }]);
  });

  it('parallel guesses from one client: no more than the per-client limit get past the throttle', async () => {
    const agent = await newAgent(api);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => (await login(agent, `parallel${i}@example.jp`, 'Wrong-password-1')).statusCode),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_THROTTLE.maxFailuresPerIp);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - LOGIN_THROTTLE.maxFailuresPerIp);
  });

  it('IPv6 clients are counted per /64: addresses of one network share the per-client limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_THROTTLE.maxFailuresPerIp; i++) {
      const agent = await new Agent(api.app, `2001:db8:77:1::${(i + 1).toString(16)}`).start();
      statuses.push((await login(agent, `v6-${i}@example.jp`, 'Wrong-password-1')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another client.
    const other = await new Agent(api.app, '2001:db8:77:2::1').start();
    expect((await login(other, 'v6-other@example.jp', 'Wrong-password-1')).statusCode).toBe(401);
  });

  it('counts in the database, so every API process sees the same failures', async () => {
    const user = await createUser(api);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerEmail; i++) await login(await newAgent(api), user.email, 'Wrong-password-1');
    const { rows } = await api.database.pool.query('select count(*)::int as n from login_attempts where email = $1 and not succeeded', [
      user.email,
    ]);
    expect(rows).toEqual([{ n: LOGIN_THROTTLE.maxFailuresPerEmail }]);
    // A second app (another process) on the same database refuses too.
    const second = buildApp({ env: { SITE_DIR: '/nonexistent', LOG_LEVEL: 'silent' }, db: api.database, context: api.context });
    try {
      await second.ready();
      const agent = await new Agent(second).start();
      expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('client address behind a proxy', () => {
  it('X-Forwarded-For counts only with TRUST_PROXY, and only the hops of trusted proxies (a forged left-most entry is ignored)', async () => {
    const trusting = await startTestApi({ trustProxy: 1 });
    try {
      const user = await createUser(trusting);
      const agent = await newAgent(trusting);
      await agent.post(
        '/api/auth/',
        { email: user.email, password: 'Wrong-password-1' },
        // The client wrote 198.51.100.66; our one proxy appended the address it saw.
        { headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.9' } },
      );
      const { rows } = await trusting.database.pool.query('select ip from login_attempts');
      expect(rows).toEqual([{ ip: '203.0.113.9' }]);
    } finally {
      await trusting.close();
    }
    const agent = await newAgent(api);
    await agent.post(
      '/api/auth/',
      { email: 'proxy@example.jp', password: 'Wrong-password-1' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    const { rows } = await api.database.pool.query('select ip from login_attempts where email = $1', ['proxy@example.jp']);
    expect(rows).toEqual([{ ip: agent.ip }]);
  });
});
