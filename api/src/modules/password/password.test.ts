import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../mail/mailer';
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
import { ACCOUNT_RATE_LIMITS } from '../../http/rate-limit';

const MAX_RESET_MAILS_PER_HOUR = ACCOUNT_RATE_LIMITS.passwordResetPerAddress.max;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const HOUR = 60 * 60 * 1000;
const NEW_PASSWORD = 'Hoshi-no-shita-2025';
const SENT = { detail: ACCOUNT_MESSAGES.passwordResetSent };
const INVALID_LINK = ACCOUNT_MESSAGES.invalidLink;
const BLANK = ACCOUNT_MESSAGES.blank;
const REQUIRED = ACCOUNT_MESSAGES.required;

const canLogIn = async (email: string, password: string) =>
  (await (await newAgent(api)).post('/api/auth/', { email, password })).statusCode === 200;

async function requestReset(email: string): Promise<void> {
  const response = await (await newAgent(api)).post('/api/password/reset/', { email });
  expect(response.statusCode).toBe(200);
}

async function resetLink(user: TestUser): Promise<{ uid: string; token: string }> {
  await requestReset(user.email);
  const link = linkIn(await lastMailTo(api, user.email), '/profile/password/reset/reset/');
  return { uid: link.searchParams.get('uid')!, token: link.searchParams.get('token')! };
}

const confirm = async (body: Record<string, unknown>) => (await newAgent(api)).post('/api/password/reset/confirm/', body);

describe('POST /api/password/reset/', () => {
  it('mails a one-hour link to /profile/password/reset/reset/…?uid=…&token=…', async () => {
    const user = await createUser(api);
    await requestReset(user.email.toUpperCase());
    const mail = await lastMailTo(api, user.email);
    expect(mail.subject).toBe(MAIL_SUBJECTS.passwordReset);
    expect(mail.text).toContain('有効期限は1時間');
    const link = linkIn(mail, '/profile/password/reset/reset/');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/profile/password/reset/reset/confirm');
    expect(link.searchParams.get('uid')).toBe(Buffer.from(String(user.id)).toString('base64url'));
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain('新しいパスワードを設定する');
    expect((await auditRows(api, 'account.password_reset_requested')).filter((r) => r.subject_id === String(user.id))).toHaveLength(1);
  });

  it('answers exactly the same for a known address, an unknown one and one not yet activated', async () => {
    const user = await createUser(api);
    const inactive = await registerUser(api);
    const answers: { status: number; body: unknown; headers: string[] }[] = [];
    for (const email of [user.email, 'nobody-at-all@example.jp', inactive.email]) {
      const response = await (await newAgent(api)).post('/api/password/reset/', { email });
      answers.push({ status: response.statusCode, body: response.json(), headers: Object.keys(response.headers).sort() });
    }
    expect(answers[0]).toMatchObject({ status: 200, body: SENT });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailsTo(api, 'nobody-at-all@example.jp')).toEqual([]);
    // The never-activated address gets a notice (no link that sets a password: see the next test).
    expect((await mailsTo(api, inactive.email)).map((mail) => mail.subject)).toEqual([
      MAIL_SUBJECTS.activation,
      MAIL_SUBJECTS.registrationPending,
    ]);
  });

  it('an address whose account was never activated: a notice saying the registration is pending and when the address is free again; no reset link, none of the registrant’s text', async () => {
    const squatted = await registerUser(api, { email: 'pending-owner@example.jp', first_name: '別人' });
    const registeredAt = api.clock.now();
    api.clock.advance(HOUR);
    expect((await (await newAgent(api)).post('/api/password/reset/', { email: 'Pending-Owner@example.jp' })).json()).toEqual(SENT);
    const notice = await lastMailTo(api, squatted.email);
    expect(notice.subject).toBe(MAIL_SUBJECTS.registrationPending);
    expect(notice.text.split('\n')[0]).toBe('お客様');
    expect(notice.text).toContain(jstDateTime(new Date(registeredAt.getTime() + 72 * HOUR)));
    expect(notice.text).toContain(`${PUBLIC_URL}/register`);
    expect(notice.text).not.toContain('別人');
    expect(notice.text).not.toMatch(/token=|uid=/);
    expect((await auditRows(api, 'account.password_reset_requested')).filter((r) => r.subject_id === String(squatted.id))).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ never_activated: true }) as unknown }),
    ]);

    // Once the link has expired, the notice says the address can be registered now.
    api.clock.advance(72 * HOUR);
    await (await newAgent(api)).post('/api/password/reset/', { email: squatted.email });
    expect((await lastMailTo(api, squatted.email)).text).toContain('すでに新規登録いただけます');
  });

  it(`sends at most ${MAX_RESET_MAILS_PER_HOUR} mails per account and hour; further requests get 429, as for an unknown address`, async () => {
    const user = await createUser(api);
    for (let i = 0; i < MAX_RESET_MAILS_PER_HOUR; i++) await requestReset(user.email);
    const refused = await (await newAgent(api)).post('/api/password/reset/', { email: user.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: ACCOUNT_MESSAGES.tooManyRequests });
    expect((await mailsTo(api, user.email)).filter((m) => m.subject.includes('パスワード'))).toHaveLength(MAX_RESET_MAILS_PER_HOUR);
    api.clock.advance(HOUR);
    await requestReset(user.email);
    expect((await mailsTo(api, user.email)).filter((m) => m.subject.includes('パスワード'))).toHaveLength(MAX_RESET_MAILS_PER_HOUR + 1);
  });

  it('400 for a blank or malformed address (that says nothing about accounts)', async () => {
    const agent = await newAgent(api);
    expect((await agent.post('/api/password/reset/', { email: '' })).json()).toEqual({ email: [BLANK] });
    expect((await agent.post('/api/password/reset/', { email: 'x@' })).json()).toEqual({
      email: [ACCOUNT_MESSAGES.invalidEmail],
    });
    expect((await agent.post('/api/password/reset/', {})).json()).toEqual({ email: [REQUIRED] });
  });
});

describe('the reset request does not wait for the mail', () => {
  let slow: TestApi;
  let release: () => void = () => {};
  beforeAll(async () => {
    const gate = new Promise<void>((resolve) => (release = resolve));
    slow = await startTestApi({
      mailer: (outbox): Mailer => {
        const pending: Promise<void>[] = [];
        const send = async (message: MailMessage) => {
          await gate; // an SMTP server that takes its time
          await outbox.send(message);
        };
        return {
          ...outbox,
          send,
          sendInBackground: (message) => void pending.push(send(message)),
          idle: async () => void (await Promise.all(pending)),
        };
      },
    });
  });
  afterAll(async () => {
    release();
    await slow?.close();
  });

  it('so a known address is answered as soon as an unknown one; the mail follows', async () => {
    const agent = await newAgent(slow);
    // Registration waits for its mail, so the account is made directly.
    await slow.database.pool.query(
      "insert into users (email, password_hash, is_active, first_name, last_name) values ('fast@example.jp', '$argon2id$v=19$m=19456,t=2,p=1$x$y', true, '太郎', '山田')",
    );
    const response = await agent.post('/api/password/reset/', { email: 'fast@example.jp' });
    expect(response.statusCode).toBe(200);
    expect(await mailsTo({ ...slow, mailer: { ...slow.mailer, idle: async () => {} } }, 'fast@example.jp')).toEqual([]);
    release();
    expect((await mailsTo(slow, 'fast@example.jp')).map((mail) => mail.subject)).toEqual([MAIL_SUBJECTS.passwordReset]);
  });
});

describe('POST /api/password/reset/confirm/', () => {
  it('sets the new password once: the old one stops working, every session ends, other links die', async () => {
    const user = await createUser(api);
    const session = await loggedIn(api, user);
    const older = await resetLink(user);
    const link = await resetLink(user);
    const response = await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordResetDone });

    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(user.email, PASSWORD)).toBe(false);
    expect((await session.post('/api/me/', {})).json()).toEqual({});

    const again = await confirm({ ...link, new_password1: 'Another-pass-2026', new_password2: 'Another-pass-2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [INVALID_LINK] });
    const old = await confirm({ ...older, new_password1: 'Another-pass-2026', new_password2: 'Another-pass-2026' });
    expect(old.json()).toEqual({ token: [INVALID_LINK] });
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);

    const rows = (await auditRows(api, 'account.password_reset')).filter((r) => r.subject_id === String(user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actor).toBeNull();
  });

  it('works within one hour, not after', async () => {
    const user = await createUser(api);
    const link = await resetLink(user);
    api.clock.advance(HOUR);
    const late = await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ token: [INVALID_LINK] });

    const fresh = await resetLink(user);
    api.clock.advance(HOUR - 1000);
    expect((await confirm({ ...fresh, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("the password rules (with this account's address and names) on new_password2; the link survives a refusal", async () => {
    const user = await createUser(api, { email: `kumonoue${Date.now()}@example.jp` });
    const link = await resetLink(user);
    const tries: [string, string[]][] = [
      ['short1!', [ACCOUNT_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH)]],
      ['12345678', [ACCOUNT_MESSAGES.passwordTooCommon, ACCOUNT_MESSAGES.passwordEntirelyNumeric]],
      ['3141592653', [ACCOUNT_MESSAGES.passwordEntirelyNumeric]],
      ['qwertyuiop', [ACCOUNT_MESSAGES.passwordTooCommon]],
      [user.email, [ACCOUNT_MESSAGES.passwordTooSimilar('メールアドレス')]],
    ];
    for (const [password, messages] of tries) {
      const response = await confirm({ ...link, new_password1: password, new_password2: password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ new_password2: messages });
    }
    expect((await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('400 for a mismatch, missing fields and a bad uid (on token, as a bad token)', async () => {
    const user = await createUser(api);
    const link = await resetLink(user);
    expect((await confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: `${NEW_PASSWORD}!` })).json()).toEqual({
      new_password2: [ACCOUNT_MESSAGES.passwordMismatch],
    });
    expect((await confirm({})).json()).toEqual({
      uid: [REQUIRED],
      token: [REQUIRED],
      new_password1: [REQUIRED],
      new_password2: [REQUIRED],
    });
    expect((await confirm({ uid: '', token: '', new_password1: '', new_password2: '' })).json()).toEqual({
      uid: [BLANK],
      token: [BLANK],
      new_password1: [BLANK],
      new_password2: [BLANK],
    });
    const other = await createUser(api);
    const crossed = await confirm({
      uid: Buffer.from(String(other.id)).toString('base64url'),
      token: link.token,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(crossed.json()).toEqual({ token: [INVALID_LINK] });
    expect((await confirm({ uid: 'bm9wZQ', token: link.token, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD })).json()).toEqual({
      token: [INVALID_LINK],
    });
    expect(await canLogIn(other.email, PASSWORD)).toBe(true);
  });

  it('two submissions of one link at the same moment: one succeeds', async () => {
    const user = await createUser(api);
    const link = await resetLink(user);
    const answers = await Promise.all([
      confirm({ ...link, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD }),
      confirm({ ...link, new_password1: 'Another-pass-2026', new_password2: 'Another-pass-2026' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('POST /api/password/change/', () => {
  let user: TestUser;
  let agent: Agent;

  it('changes the password; this session stays, the others end; reset links die', async () => {
    user = await createUser(api);
    agent = await loggedIn(api, user);
    const elsewhere = await loggedIn(api, user);
    const link = await resetLink(user);
    const response = await agent.post('/api/password/change/', {
      old_password: PASSWORD,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordChanged });
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ id: user.id });
    expect((await elsewhere.post('/api/me/', {})).json()).toEqual({});
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(user.email, PASSWORD)).toBe(false);
    expect((await confirm({ ...link, new_password1: 'Another-pass-2026', new_password2: 'Another-pass-2026' })).json()).toEqual({
      token: [INVALID_LINK],
    });
    const rows = (await auditRows(api, 'account.password_changed')).filter((r) => r.subject_id === String(user.id));
    expect(rows).toEqual([{ actor: `user:${user.id}`, subject_id: String(user.id), data: { ip: agent.ip } }]);

    const notice = await lastMailTo(api, user.email);
    expect(notice.subject).toBe(MAIL_SUBJECTS.passwordChanged);
    expect(notice.text).toContain(`${jstDateTime(api.clock.now())}に、ログインパスワードを変更しました。`);
    expect(notice.text).toContain('至急パスワードを変更のうえ');
    expect(notice.text).not.toContain(NEW_PASSWORD);
  });

  it('400: wrong current password, mismatch, rules, blanks', async () => {
    const change = (body: Record<string, unknown>) => agent.post('/api/password/change/', body);
    expect(
      (await change({ old_password: PASSWORD, new_password1: 'Another-pass-2026', new_password2: 'Another-pass-2026' })).json(),
    ).toEqual({
      old_password: [ACCOUNT_MESSAGES.oldPasswordIncorrect],
    });
    expect(
      (await change({ old_password: NEW_PASSWORD, new_password1: 'Another-pass-2026', new_password2: 'Another-pass-2027' })).json(),
    ).toEqual({
      new_password2: [ACCOUNT_MESSAGES.passwordMismatch],
    });
    expect((await change({ old_password: NEW_PASSWORD, new_password1: 'abc123', new_password2: 'abc123' })).json()).toEqual({
      new_password2: [ACCOUNT_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH), ACCOUNT_MESSAGES.passwordTooCommon],
    });
    expect((await change({ old_password: '', new_password1: '', new_password2: '' })).json()).toEqual({
      old_password: [BLANK],
      new_password1: [BLANK],
      new_password2: [BLANK],
    });
    expect((await change({})).json()).toEqual({ old_password: [REQUIRED], new_password1: [REQUIRED], new_password2: [REQUIRED] });
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
    // Only the one successful change was notified.
    expect((await mailsTo(api, user.email)).filter((m) => m.subject === MAIL_SUBJECTS.passwordChanged)).toHaveLength(1);
  });

  it('403 for a visitor, before looking at the body', async () => {
    const visitor = await newAgent(api);
    const response = await visitor.post('/api/password/change/', {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});
