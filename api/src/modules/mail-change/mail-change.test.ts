import { ACCOUNT_MESSAGES, MAIL_CHANGE_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jstDateTime, MAIL_SUBJECTS } from '../../mail/templates';
import {
  auditRows,
  createUser,
  lastMailTo,
  linkIn,
  loggedIn,
  mailsTo,
  newAgent,
  PASSWORD,
  PUBLIC_URL,
  registerUser,
  startTestApi,
  type Agent,
  type TestApi,
  type TestUser,
} from '../../test/api';
import { MAIL_CHANGE_THROTTLED, MAX_MAIL_CHANGE_REQUESTS_PER_HOUR } from './service';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const REQUEST = '/api/profile/mail/change/';
const CONFIRM = '/api/profile/mail/change/confirm/';
const HOUR = 60 * 60 * 1000;
const INVALID_LINK = { token: [ACCOUNT_MESSAGES.invalidLink] };

let nextAddress = 1;
const freshAddress = () => `new${nextAddress++}-${Math.random().toString(36).slice(2, 8)}@example.jp`;

const canLogIn = async (email: string, password = PASSWORD) =>
  (await (await newAgent(api)).post('/api/auth/', { email, password })).statusCode === 200;

const emailOf = async (agent: Agent) => (await agent.post('/api/me/', {})).json<{ email?: string }>().email;

/** Asks for the change (200) and returns the link's token from the mail to the new address. */
async function requestChange(agent: Agent, email: string): Promise<string> {
  const response = await agent.post(REQUEST, { email, password: PASSWORD });
  expect(response.statusCode).toBe(200);
  return linkIn(await lastMailTo(api, email), '/profile/mail/change/done').searchParams.get('token')!;
}

const confirm = async (token: unknown, agent?: Agent) => (agent ?? (await newAgent(api))).post(CONFIRM, { token });

/** A logged-in applicant ("keep me logged in": the session outlives the 24 hours some tests wait). */
async function applicant(): Promise<{ user: TestUser; agent: Agent }> {
  const user = await createUser(api);
  return { user, agent: await loggedIn(api, user, true) };
}

describe('POST /api/profile/mail/change/', () => {
  it('mails a 24-hour link to the NEW address; nothing changes yet', async () => {
    const { user, agent } = await applicant();
    const email = freshAddress();
    const response = await agent.post(REQUEST, { email: `  ${email} `, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: MAIL_CHANGE_MESSAGES.sent });

    const mail = await lastMailTo(api, email);
    expect(mail.subject).toBe(MAIL_SUBJECTS.mailChange);
    expect(mail.text).toContain('有効期限は24時間');
    const link = linkIn(mail, '/profile/mail/change/done');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/profile/mail/change/done');
    expect([...link.searchParams.keys()]).toEqual(['token']);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await mailsTo(api, user.email)).map((m) => m.subject)).toEqual([MAIL_SUBJECTS.activation]);
    expect(await emailOf(agent)).toBe(user.email);
    const rows = (await auditRows(api, 'account.mail_change_requested')).filter((r) => r.subject_id === String(user.id));
    expect(rows).toEqual([{ actor: `user:${user.id}`, subject_id: String(user.id), data: { to: email, ip: agent.ip } }]);
  });

  it('400: wrong password, the same address (any case), an address another account has (any case), together', async () => {
    const { user, agent } = await applicant();
    const other = await createUser(api);
    const inactive = await registerUser(api);
    const ask = (body: Record<string, unknown>) => agent.post(REQUEST, body);

    expect((await ask({ email: freshAddress(), password: 'Not-my-password-1' })).json()).toEqual({
      password: [MAIL_CHANGE_MESSAGES.passwordIncorrect],
    });
    expect((await ask({ email: user.email.toUpperCase(), password: PASSWORD })).json()).toEqual({
      email: [MAIL_CHANGE_MESSAGES.sameAddress],
    });
    expect((await ask({ email: other.email.toUpperCase(), password: PASSWORD })).json()).toEqual({ email: [MAIL_CHANGE_MESSAGES.taken] });
    expect((await ask({ email: inactive.email, password: PASSWORD })).json()).toEqual({ email: [MAIL_CHANGE_MESSAGES.taken] });
    const both = await ask({ email: other.email, password: 'Not-my-password-1' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ email: [MAIL_CHANGE_MESSAGES.taken], password: [MAIL_CHANGE_MESSAGES.passwordIncorrect] });

    expect((await ask({ email: 'x@', password: '' })).json()).toEqual({
      email: [ACCOUNT_MESSAGES.invalidEmail],
      password: [ACCOUNT_MESSAGES.blank],
    });
    expect((await ask({})).json()).toEqual({ email: [ACCOUNT_MESSAGES.required], password: [ACCOUNT_MESSAGES.required] });
    expect(await auditRows(api, 'account.mail_change_requested').then((r) => r.filter((x) => x.subject_id === String(user.id)))).toEqual(
      [],
    );
  });

  it(`at most ${MAX_MAIL_CHANGE_REQUESTS_PER_HOUR} mails an hour: then 429 with Retry-After (before the password is checked)`, async () => {
    const { agent } = await applicant();
    // A refused request sends nothing and does not count.
    const refused = await agent.post(REQUEST, { email: freshAddress(), password: 'Not-my-password-1' });
    expect(refused.statusCode).toBe(400);
    for (let i = 0; i < MAX_MAIL_CHANGE_REQUESTS_PER_HOUR; i++) {
      await requestChange(agent, freshAddress());
      api.clock.advance(60_000);
    }

    const extra = freshAddress();
    const throttled = await agent.post(REQUEST, { email: extra, password: PASSWORD });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: MAIL_CHANGE_THROTTLED });
    // The first mail was sent 5 minutes ago: a place frees up in 55 minutes.
    expect(throttled.headers['retry-after']).toBe(String(55 * 60));
    expect((await agent.post(REQUEST, { email: extra, password: 'wrong' })).statusCode).toBe(429);
    expect(await mailsTo(api, extra)).toEqual([]);

    api.clock.advance(55 * 60 * 1000);
    await requestChange(agent, extra);
  });

  it(`${MAX_MAIL_CHANGE_REQUESTS_PER_HOUR + 3} requests at the same moment: ${MAX_MAIL_CHANGE_REQUESTS_PER_HOUR} mails, the rest 429 (issue 23)`, async () => {
    const { user, agent } = await applicant();
    const addresses = Array.from({ length: MAX_MAIL_CHANGE_REQUESTS_PER_HOUR + 3 }, () => freshAddress());
    const answers = await Promise.all(addresses.map((email) => agent.post(REQUEST, { email, password: PASSWORD })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array.from({ length: MAX_MAIL_CHANGE_REQUESTS_PER_HOUR }, () => 200),
      ...Array.from({ length: 3 }, () => 429),
    ]);
    const mailed = await Promise.all(addresses.map(async (email) => (await mailsTo(api, email)).length));
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(MAX_MAIL_CHANGE_REQUESTS_PER_HOUR);
    const requested = await auditRows(api, 'account.mail_change_requested');
    expect(requested.filter((row) => row.subject_id === String(user.id))).toHaveLength(MAX_MAIL_CHANGE_REQUESTS_PER_HOUR);
  });

  it('403 for a visitor, before looking at the body', async () => {
    const response = await (await newAgent(api)).post(REQUEST, {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});

describe('POST /api/profile/mail/change/confirm/', () => {
  it('changes the address once; the old one gets a notice; sessions stay; old links die', async () => {
    const { user, agent } = await applicant();
    const email = freshAddress();
    const older = await requestChange(agent, freshAddress());
    await (await newAgent(api)).post('/api/password/reset/', { email: user.email });
    const reset = linkIn(await lastMailTo(api, user.email), '/profile/password/reset/reset/');
    const token = await requestChange(agent, email);
    api.clock.advance(HOUR);

    // Opened in another browser, not logged in.
    const visitor = await newAgent(api);
    const response = await confirm(token, visitor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: MAIL_CHANGE_MESSAGES.done });

    expect(await emailOf(agent)).toBe(email); // the session that asked goes on
    expect(await emailOf(visitor)).toBeUndefined(); // confirming does not log in
    expect(await canLogIn(email)).toBe(true);
    expect(await canLogIn(user.email)).toBe(false);

    const notice = await lastMailTo(api, user.email);
    expect(notice.subject).toBe(MAIL_SUBJECTS.mailChanged);
    expect(notice.text).toContain(`${jstDateTime(api.clock.now())}に、ログイン用メールアドレスを ${email} に変更しました。`);
    expect((await mailsTo(api, email)).map((m) => m.subject)).toEqual([MAIL_SUBJECTS.mailChange]);

    const rows = (await auditRows(api, 'account.mail_changed')).filter((r) => r.subject_id === String(user.id));
    expect(rows).toEqual([{ actor: null, subject_id: String(user.id), data: { from: user.email, to: email, ip: visitor.ip } }]);

    expect((await confirm(token)).json()).toEqual(INVALID_LINK);
    expect((await confirm(older)).json()).toEqual(INVALID_LINK);
    const resetAnswer = await (
      await newAgent(api)
    ).post('/api/password/reset/confirm/', {
      uid: reset.searchParams.get('uid'),
      token: reset.searchParams.get('token'),
      new_password1: 'Another-pass-2026',
      new_password2: 'Another-pass-2026',
    });
    expect(resetAnswer.json()).toEqual(INVALID_LINK);
  });

  it("the token is its owner's, whoever opens it, and works once", async () => {
    const owner = await applicant();
    const someoneElse = await applicant();
    const email = freshAddress();
    const token = await requestChange(owner.agent, email);

    const response = await confirm(token, someoneElse.agent);
    expect(response.statusCode).toBe(200);
    expect(await emailOf(owner.agent)).toBe(email);
    expect(await emailOf(someoneElse.agent)).toBe(someoneElse.user.email);

    const again = await confirm(token, someoneElse.agent);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect(await emailOf(someoneElse.agent)).toBe(someoneElse.user.email);
  });

  it('400 on token: unknown, blank, missing, expired after 24 hours', async () => {
    const { user, agent } = await applicant();
    expect((await confirm('x'.repeat(43))).json()).toEqual(INVALID_LINK);
    expect((await confirm('')).json()).toEqual({ token: [ACCOUNT_MESSAGES.blank] });
    expect((await (await newAgent(api)).post(CONFIRM, {})).json()).toEqual({ token: [ACCOUNT_MESSAGES.required] });

    const late = await requestChange(agent, freshAddress());
    api.clock.advance(24 * HOUR);
    const expired = await confirm(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_LINK);

    const fresh = freshAddress();
    const token = await requestChange(agent, fresh);
    api.clock.advance(24 * HOUR - 1000);
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await canLogIn(fresh)).toBe(true);
    expect(await canLogIn(user.email)).toBe(false);
  });

  it('400 on email when another account took the address in the meantime; nothing changes', async () => {
    const { user, agent } = await applicant();
    const email = freshAddress();
    const token = await requestChange(agent, email);
    await registerUser(api, { email: email.toUpperCase() });
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [MAIL_CHANGE_MESSAGES.taken] });
    expect(await emailOf(agent)).toBe(user.email);
    expect((await mailsTo(api, user.email)).map((m) => m.subject)).not.toContain(MAIL_SUBJECTS.mailChanged);
  });

  it('two accounts confirming the same new address at the same moment: one gets it', async () => {
    const a = await applicant();
    const b = await applicant();
    const email = freshAddress();
    const tokenA = await requestChange(a.agent, email);
    const tokenB = await requestChange(b.agent, email);
    const answers = await Promise.all([confirm(tokenA), confirm(tokenB)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json()).toEqual({ email: [MAIL_CHANGE_MESSAGES.taken] });
    expect([await emailOf(a.agent), await emailOf(b.agent)].filter((e) => e === email)).toHaveLength(1);
  });

  it('one link submitted twice at the same moment: one succeeds', async () => {
    const { agent } = await applicant();
    const token = await requestChange(agent, freshAddress());
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
