import { ACCOUNT_MESSAGES, endpoints, STAFF_MESSAGES } from '@app/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { hashToken } from '../../accounts/tokens';
import type { AppContext } from '../../context';
import { implement } from '../../http/endpoints';
import {
  Agent,
  auditRows,
  createStaff,
  createUser,
  loggedIn,
  newAgent,
  startTestApi,
  staffAgent,
  staffOtp,
  STAFF_PASSWORD,
  type TestApi,
  type TestStaff,
} from '../../test/api';
import { disableStaffMember, resetStaffTotp } from './command';
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS, STAFF_SESSION_TOUCH_INTERVAL_MS } from '../../accounts/staff-sessions';
import { STAFF_LOGIN_THROTTLE } from './throttle';
import { totpCode } from './totp';
import { deriveTotpKey } from './totp-secret';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const MINUTE = 60 * 1000;
const STEP = 30 * 1000;
const INVALID = { detail: STAFF_MESSAGES.invalidCredentials };
const NO_STAFF = { detail: STAFF_MESSAGES.notAuthenticated };
const DENIED = { detail: STAFF_MESSAGES.permissionDenied };
const NOT_AUTHENTICATED = { detail: ACCOUNT_MESSAGES.notAuthenticated };

const login = (agent: Agent, staff: Pick<TestStaff, 'email' | 'password'>, otp: string) =>
  agent.post('/api/staff/auth/', { email: staff.email, password: staff.password, otp });
const staffMe = async (agent: Agent) => (await agent.post('/api/staff/me/', {})).json<Record<string, unknown>>();
const cookie = (agent: Agent, name: string) => agent.last?.cookies.find((c) => c.name === name);
const setCookieHeaders = (agent: Agent): string[] => {
  const header = agent.last?.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
};
const failures = async (staff: { id: number } | null, ip: string) =>
  (await auditRows(api, 'staff.login_failed')).filter(
    (row) => row.data.ip === ip && (staff === null ? row.subject_id === null : row.subject_id === String(staff.id)),
  );

describe('POST /api/staff/auth/ (staff login)', () => {
  it('logs in with password and code: 200 {id, email, name, role}, a staff_sessionid browser cookie, a new csrftoken, audit', async () => {
    const staff = await createStaff(api, { role: 'approver', name: '承認 次郎' });
    const agent = await newAgent(api);
    const csrfBefore = agent.cookies.get('csrftoken');
    const response = await login(agent, { ...staff, email: staff.email.toUpperCase() }, await staffOtp(api, staff));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: staff.id, email: staff.email, name: '承認 次郎', role: 'approver' });

    const session = cookie(agent, 'staff_sessionid');
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookieHeaders(agent).find((h) => h.startsWith('staff_sessionid='))).toBe(
      `staff_sessionid=${session?.value}; Path=/; HttpOnly; SameSite=Lax`,
    );
    // Not an applicant's session.
    expect(agent.cookies.has('sessionid')).toBe(false);
    expect(cookie(agent, 'csrftoken')?.value).not.toBe(csrfBefore);

    const { rows } = await api.database.pool.query('select id, expires_at, ip from staff_sessions where staff_member_id = $1', [staff.id]);
    expect(rows).toEqual([
      { id: hashToken(session!.value), expires_at: new Date(api.clock.now().getTime() + STAFF_SESSION_IDLE_MS), ip: agent.ip },
    ]);
    const members = await api.database.pool.query('select last_login_at from staff_members where id = $1', [staff.id]);
    expect(members.rows).toEqual([{ last_login_at: api.clock.now() }]);

    expect(await staffMe(agent)).toEqual({ id: staff.id, email: staff.email, name: '承認 次郎', role: 'approver' });
    expect((await auditRows(api, 'staff.logged_in')).filter((row) => row.subject_id === String(staff.id))).toEqual([
      { actor: `staff:${staff.id}`, subject_id: String(staff.id), data: { ip: agent.ip } },
    ]);
  });

  it('the code as people type it: with a space, in full-width digits', async () => {
    const staff = await createStaff(api);
    const code = await staffOtp(api, staff);
    const agent = await newAgent(api);
    const fullWidth = [...`${code.slice(0, 3)} ${code.slice(3)}`]
      .map((c) => (c === ' ' ? '　' : String.fromCharCode(c.charCodeAt(0) + 0xfee0)))
      .join('');
    expect((await login(agent, staff, fullWidth)).statusCode).toBe(200);
  });

  it('a wrong password, a wrong code, an unknown address: the same 401, no cookie; the audit says which', async () => {
    const staff = await createStaff(api);
    const agent = await newAgent(api);
    const code = await staffOtp(api, staff);
    const wrongCode = code === '000000' ? '000001' : '000000';
    for (const [who, otp] of [
      [{ ...staff, password: 'Wrong-password-2026' }, code],
      [staff, wrongCode],
      [{ email: 'nobody@tsumugi.example.jp', password: STAFF_PASSWORD }, code],
    ] as const) {
      const response = await login(agent, who, otp);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID);
    }
    expect(agent.cookies.has('staff_sessionid')).toBe(false);
    expect((await failures(staff, agent.ip)).map((row) => row.data.reason)).toEqual(['wrong_password', 'wrong_otp']);
    expect(await failures(null, agent.ip)).toEqual([
      { actor: null, subject_id: null, data: { email: 'nobody@tsumugi.example.jp', ip: agent.ip, reason: 'unknown_email' } },
    ]);
    // The right code still works afterwards (a failed attempt does not use it up).
    expect((await login(agent, staff, code)).statusCode).toBe(200);
  });

  it('a code works once: the same code again, or an earlier step’s, is refused; the next step’s works', async () => {
    const staff = await createStaff(api);
    const code = await staffOtp(api, staff);
    const first = await newAgent(api);
    expect((await login(first, staff, code)).statusCode).toBe(200);
    const second = await newAgent(api);
    const replay = await login(second, staff, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID);
    expect((await failures(staff, second.ip)).map((row) => row.data.reason)).toEqual(['otp_replayed']);

    // 20 seconds later the previous step's code is still inside the window, but older than the used one.
    const previous = totpCode(staff.secret, new Date(api.clock.now().getTime() - STEP));
    expect((await login(second, staff, previous)).statusCode).toBe(401);
    api.clock.advance(STEP);
    expect((await login(second, staff, totpCode(staff.secret, api.clock.now()))).statusCode).toBe(200);
  });

  it('the window: the step before and after pass (clock drift), two steps away do not', async () => {
    const staff = await createStaff(api);
    const at = (offset: number) => totpCode(staff.secret, new Date(api.clock.now().getTime() + offset * STEP));
    const agent = await newAgent(api);
    expect((await login(agent, staff, at(-2))).statusCode).toBe(401);
    expect((await login(agent, staff, at(2))).statusCode).toBe(401);
    expect((await login(agent, staff, at(-1))).statusCode).toBe(200);
    expect((await login(await newAgent(api), staff, at(1))).statusCode).toBe(200);
  });

  it('400 for a missing or malformed field (before any check), with the field messages', async () => {
    const agent = await newAgent(api);
    expect((await agent.post('/api/staff/auth/')).json()).toEqual({
      email: [ACCOUNT_MESSAGES.required],
      password: [ACCOUNT_MESSAGES.required],
      otp: [ACCOUNT_MESSAGES.required],
    });
    const response = await agent.post('/api/staff/auth/', { email: 'x', password: 'p', otp: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [ACCOUNT_MESSAGES.invalidEmail], otp: [STAFF_MESSAGES.otpFormat] });
    expect((await agent.post('/api/staff/auth/', { email: 'a@b.jp', password: 'p', otp: 'abcdef' })).json()).toEqual({
      otp: [STAFF_MESSAGES.otpFormat],
    });
  });

  it('a disabled account: the same 401 even with the right password and code; its sessions stop at once', async () => {
    const staff = await createStaff(api, { role: 'admin' });
    const agent = await staffAgent(api, staff);
    expect((await agent.get('/api/staff/staff-members/')).statusCode).toBe(200);
    const disabled = await disableStaffMember(api.context.db, staff.email, api.clock.now(), 'operator:test');
    expect(disabled.sessions_ended).toBe(1);
    expect(await staffMe(agent)).toEqual({});
    expect((await agent.get('/api/staff/staff-members/')).json()).toEqual(NO_STAFF);

    const again = await newAgent(api);
    const response = await login(again, staff, await staffOtp(api, staff));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
    expect((await failures(staff, again.ip)).map((row) => row.data.reason)).toEqual(['disabled']);
  });

  it('a session of a disabled account that was not deleted still does not work', async () => {
    const staff = await createStaff(api);
    const agent = await staffAgent(api, staff);
    await api.database.pool.query('update staff_members set disabled_at = now() where id = $1', [staff.id]);
    expect(await staffMe(agent)).toEqual({});
  });

  it('a secret stored under another STAFF_TOTP_KEY cannot be read: the same 401, audited as totp_unreadable', async () => {
    const staff = await createStaff(api);
    await resetStaffTotp(
      api.context.db,
      staff.email,
      api.clock.now(),
      deriveTotpKey('another-key-another-key-another-key'),
      'operator:test',
    );
    const agent = await newAgent(api);
    const response = await login(agent, staff, await staffOtp(api, staff));
    expect(response.json()).toEqual(INVALID);
    expect((await failures(staff, agent.ip)).map((row) => row.data.reason)).toEqual(['totp_unreadable']);
  });

  it('a new login replaces the staff session the browser had (no session fixation)', async () => {
    const staff = await createStaff(api);
    const agent = await staffAgent(api, staff);
    const before = agent.cookies.get('staff_sessionid');
    expect((await login(agent, staff, await staffOtp(api, staff))).statusCode).toBe(200);
    expect(agent.cookies.get('staff_sessionid')).not.toBe(before);
    const { rows } = await api.database.pool.query('select id from staff_sessions where staff_member_id = $1', [staff.id]);
    expect(rows).toEqual([{ id: hashToken(agent.cookies.get('staff_sessionid')!) }]);
  });

  it('the cookie is Secure and named __Host-staff_sessionid when PUBLIC_URL is https', async () => {
    const staff = await createStaff(api);
    const context: AppContext = { ...api.context, publicUrl: () => 'https://factoring.example.jp' };
    const secureApp = buildApp({ env: { SITE_DIR: '/nonexistent', LOG_LEVEL: 'silent' }, db: api.database, context });
    try {
      await secureApp.ready();
      const agent = await new Agent(secureApp).start();
      expect((await login(agent, staff, await staffOtp(api, staff))).statusCode).toBe(200);
      expect(setCookieHeaders(agent).find((h) => h.startsWith('__Host-staff_sessionid='))).toMatch(
        /^__Host-staff_sessionid=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
    } finally {
      await secureApp.close();
    }
  });
});

describe('throttling failed staff logins (in PostgreSQL, apart from the applicants’)', () => {
  it(`after ${STAFF_LOGIN_THROTTLE.maxFailuresPerEmail} failures for an address in 15 minutes: 429 with Retry-After, even with the right code`, async () => {
    const staff = await createStaff(api);
    for (let i = 0; i < STAFF_LOGIN_THROTTLE.maxFailuresPerEmail; i++) {
      // Wrong codes from different clients: the limit is the address's.
      expect((await login(await newAgent(api), staff, '000000')).statusCode).toBe(401);
      api.clock.advance(MINUTE);
    }
    const agent = await newAgent(api);
    const throttled = await login(agent, staff, await staffOtp(api, staff));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: STAFF_MESSAGES.loginThrottled });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    expect(await failures(null, agent.ip)).toEqual([
      { actor: null, subject_id: null, data: { email: staff.email, ip: agent.ip, reason: 'throttled' } },
    ]);
    const { rows } = await api.database.pool.query(
      'select (select count(*)::int from staff_login_attempts where email = $1 and not succeeded) as staff, (select count(*)::int from login_attempts where email = $1) as applicants',
      [staff.email],
    );
    expect(rows).toEqual([{ staff: STAFF_LOGIN_THROTTLE.maxFailuresPerEmail, applicants: 0 }]);

    api.clock.advance(10 * MINUTE);
    expect((await login(agent, staff, await staffOtp(api, staff))).statusCode).toBe(200);
  });

  it('parallel guesses for one address: no more than the limit get past the throttle (the attempt is reserved before argon2)', async () => {
    const staff = await createStaff(api);
    const agents = await Promise.all(Array.from({ length: 40 }, () => newAgent(api)));
    const statuses = await Promise.all(agents.map(async (agent) => (await login(agent, staff, '000000')).statusCode));
    expect(statuses.filter((status) => status === 401)).toHaveLength(STAFF_LOGIN_THROTTLE.maxFailuresPerEmail);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - STAFF_LOGIN_THROTTLE.maxFailuresPerEmail);
  });

  it('per client: 20 failures from one address lock it out for any staff account', async () => {
    const staff = await createStaff(api);
    const agent = await newAgent(api);
    for (let i = 0; i < STAFF_LOGIN_THROTTLE.maxFailuresPerIp; i++) {
      expect((await login(agent, { email: `guess${i}@tsumugi.example.jp`, password: STAFF_PASSWORD }, '123456')).statusCode).toBe(401);
    }
    expect((await login(agent, staff, await staffOtp(api, staff))).statusCode).toBe(429);
    expect((await login(await newAgent(api), staff, await staffOtp(api, staff))).statusCode).toBe(200);
  });

  it('applicant failures do not throttle staff logins, nor the other way round', async () => {
    const staff = await createStaff(api);
    for (let i = 0; i < 6; i++) await (await newAgent(api)).post('/api/auth/', { email: staff.email, password: 'Wrong-password-1' });
    expect((await login(await newAgent(api), staff, await staffOtp(api, staff))).statusCode).toBe(200);
  });
});

describe('staff sessions', () => {
  it('end after 30 idle minutes; requests within them keep it alive', async () => {
    const staff = await createStaff(api);
    const agent = await staffAgent(api, staff);
    api.clock.advance(STAFF_SESSION_IDLE_MS - MINUTE);
    expect(await staffMe(agent)).toMatchObject({ id: staff.id });
    api.clock.advance(STAFF_SESSION_IDLE_MS - MINUTE);
    expect(await staffMe(agent)).toMatchObject({ id: staff.id });
    api.clock.advance(STAFF_SESSION_IDLE_MS);
    expect(await staffMe(agent)).toEqual({});
  });

  it('last 8 hours at most, however busy', async () => {
    const staff = await createStaff(api, { role: 'admin' });
    const agent = await staffAgent(api, staff);
    for (let elapsed = 0; elapsed < STAFF_SESSION_MAX_MS - 20 * MINUTE; elapsed += 20 * MINUTE) {
      api.clock.advance(20 * MINUTE);
      expect((await agent.get('/api/staff/staff-members/')).statusCode).toBe(200);
    }
    api.clock.advance(20 * MINUTE);
    expect((await agent.get('/api/staff/staff-members/')).json()).toEqual(NO_STAFF);
  });

  it('last_seen_at is written at most once a minute', async () => {
    const staff = await createStaff(api);
    const agent = await staffAgent(api, staff);
    const seen = async () =>
      (
        await api.database.pool.query<{ last_seen_at: Date }>('select last_seen_at from staff_sessions where staff_member_id = $1', [
          staff.id,
        ])
      ).rows[0]?.last_seen_at.getTime();
    const loginTime = api.clock.now().getTime();
    api.clock.advance(STAFF_SESSION_TOUCH_INTERVAL_MS - 1000);
    await staffMe(agent);
    expect(await seen()).toBe(loginTime);
    api.clock.advance(1000);
    await staffMe(agent);
    expect(await seen()).toBe(api.clock.now().getTime());
  });
});

describe('POST /api/staff/auth/session/delete (staff logout)', () => {
  it('204, deletes the row and the cookie, audited; the old cookie no longer works', async () => {
    const staff = await createStaff(api);
    const agent = await staffAgent(api, staff);
    const token = agent.cookies.get('staff_sessionid')!;
    const response = await agent.post('/api/staff/auth/session/delete');
    expect(response.statusCode).toBe(204);
    expect(setCookieHeaders(agent).find((h) => h.startsWith('staff_sessionid='))).toMatch(
      /^staff_sessionid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    expect(agent.cookies.has('staff_sessionid')).toBe(false);
    const { rows } = await api.database.pool.query('select count(*)::int as n from staff_sessions where staff_member_id = $1', [staff.id]);
    expect(rows).toEqual([{ n: 0 }]);
    expect((await auditRows(api, 'staff.logged_out')).filter((row) => row.subject_id === String(staff.id))).toEqual([
      { actor: `staff:${staff.id}`, subject_id: String(staff.id), data: { ip: agent.ip } },
    ]);
    const replay = await newAgent(api);
    replay.cookies.set('staff_sessionid', token);
    expect(await staffMe(replay)).toEqual({});
  });

  it('204 without a staff session too', async () => {
    expect((await (await newAgent(api)).post('/api/staff/auth/session/delete')).statusCode).toBe(204);
  });
});

describe('POST /api/staff/me/', () => {
  it('{} without a staff session, and it hands out the csrftoken cookie (the back office may start here)', async () => {
    const agent = new Agent(api.app);
    const response = await agent.post('/api/staff/me/', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(agent.cookies.get('csrftoken')).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});

describe('applicants and staff never stand in for each other', () => {
  it('an applicant’s session on a staff endpoint: 403 (not staff), and staff/me is {}', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const response = await agent.get('/api/staff/staff-members/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(NO_STAFF);
    expect(await staffMe(agent)).toEqual({});
  });

  it('an applicant’s session token put in the staff cookie is no staff session', async () => {
    const user = await createUser(api);
    const applicant = await loggedIn(api, user);
    const forged = await newAgent(api);
    forged.cookies.set('staff_sessionid', applicant.cookies.get('sessionid')!);
    expect((await forged.get('/api/staff/staff-members/')).json()).toEqual(NO_STAFF);
  });

  it('a staff session on applicant endpoints: 403 認証情報が含まれていません, and /api/me/ is a visitor’s {}', async () => {
    const staff = await createStaff(api, { role: 'admin' });
    const agent = await staffAgent(api, staff);
    const profile = await agent.get('/api/profile/');
    expect(profile.statusCode).toBe(403);
    expect(profile.json()).toEqual(NOT_AUTHENTICATED);
    expect((await agent.get('/api/entries/')).json()).toEqual(NOT_AUTHENTICATED);
    expect((await agent.post('/api/me/', {})).json()).toEqual({});
    // Nor does the staff token work as an applicant's cookie.
    const forged = await newAgent(api);
    forged.cookies.set('sessionid', agent.cookies.get('staff_sessionid')!);
    expect((await forged.get('/api/profile/')).json()).toEqual(NOT_AUTHENTICATED);
  });

  it('both in one browser: each side sees only its own; logging out of one leaves the other', async () => {
    const user = await createUser(api);
    const staff = await createStaff(api, { role: 'admin' });
    const agent = await loggedIn(api, user);
    expect((await login(agent, staff, await staffOtp(api, staff))).statusCode).toBe(200);
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ id: user.id, email: user.email });
    expect(await staffMe(agent)).toMatchObject({ id: staff.id, email: staff.email });
    expect((await agent.post('/api/staff/auth/session/delete')).statusCode).toBe(204);
    expect((await agent.get('/api/profile/')).statusCode).toBe(200);
    expect((await agent.get('/api/staff/staff-members/')).json()).toEqual(NO_STAFF);
    expect((await login(agent, staff, await staffOtp(api, staff))).statusCode).toBe(200);
    expect((await agent.post('/api/auth/session/delete')).statusCode).toBe(204);
    expect((await agent.get('/api/staff/staff-members/')).statusCode).toBe(200);
    expect((await agent.get('/api/profile/')).statusCode).toBe(403);
  });
});

describe('GET /api/staff/staff-members/ (admin only)', () => {
  it('an admin gets every staff account, without any secret', async () => {
    const admin = await createStaff(api, { role: 'admin', name: '管理 花子' });
    const reviewer = await createStaff(api, { role: 'reviewer' });
    await disableStaffMember(api.context.db, reviewer.email, api.clock.now(), 'operator:test');
    const agent = await staffAgent(api, admin);
    const response = await agent.get('/api/staff/staff-members/');
    expect(response.statusCode).toBe(200);
    const list = response.json<Record<string, unknown>[]>();
    expect(list.find((m) => m.id === admin.id)).toEqual({
      id: admin.id,
      email: admin.email,
      name: '管理 花子',
      role: 'admin',
      created_at: expect.stringMatching(/\+09:00$/) as unknown,
      last_login_at: expect.stringMatching(/\+09:00$/) as unknown,
      disabled_at: null,
    });
    expect(list.find((m) => m.id === reviewer.id)).toMatchObject({
      role: 'reviewer',
      last_login_at: null,
      disabled_at: expect.any(String) as unknown,
    });
    expect(response.body).not.toMatch(/argon2|password|totp|secret/i);
  });

  it.each(['reviewer', 'approver'] as const)('a %s: 403 with the permission message', async (role) => {
    const agent = await staffAgent(api, await createStaff(api, { role }));
    const response = await agent.get('/api/staff/staff-members/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(DENIED);
  });

  it('nobody: 403 (no staff session)', async () => {
    expect((await new Agent(api.app).get('/api/staff/staff-members/')).json()).toEqual(NO_STAFF);
  });
});

describe('implement() for staff endpoints', () => {
  it('refuses a staff endpoint without the app context, or naming no role', () => {
    const app = Fastify();
    const noop = implement(endpoints.staff.staffMembers.list, async () => []);
    expect(() => noop.register(app, undefined)).toThrow('staff.staffMembers.list: a staff endpoint needs the app context');
    const noRole = { ...endpoints.staff.staffMembers.list, access: { staff: [] } } as unknown as typeof endpoints.staff.staffMembers.list;
    expect(() => implement(noRole, async () => []).register(app, api.context)).toThrow('names no role');
  });
});
