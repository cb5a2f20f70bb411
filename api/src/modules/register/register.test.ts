import { ACCOUNT_MESSAGES, AccountSummarySchema, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERROR_DETAIL } from '../../app';
import { MAIL_SUBJECTS } from '../../mail/templates';
import {
  activateFromMail,
  auditRows,
  lastMailTo,
  linkIn,
  mailsTo,
  newAgent,
  PUBLIC_URL,
  registerUser,
  registration,
  startTestApi,
  type TestApi,
} from '../../test/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const HOUR = 60 * 60 * 1000;
const BLANK = ACCOUNT_MESSAGES.blank;
const REQUIRED = ACCOUNT_MESSAGES.required;

describe('POST /api/register/', () => {
  it('creates an inactive account, answers 201 {id, email, corporate_division} and mails the activation link', async () => {
    const agent = await newAgent(api);
    const body = registration({ email: '  Hanako.Sato@Example.JP ', ceres_xuid: 'xuid-1' });
    const response = await agent.post('/api/register/', body);
    expect(response.statusCode).toBe(201);
    const account = AccountSummarySchema.parse(response.json());
    expect(response.json()).toEqual({ id: account.id, email: 'Hanako.Sato@Example.JP', corporate_division: 'corporate' });

    const { rows } = await api.database.pool.query<{ password_hash: string }>(
      'select is_active, activated_at, password_hash, company_name, ceres_xuid, sector, has_entry_permission_when_delayed, identity_confirmation, version from users where id = $1',
      [account.id],
    );
    expect(rows[0]).toMatchObject({
      is_active: false,
      activated_at: null,
      company_name: '株式会社ヤマダ',
      ceres_xuid: 'xuid-1',
      sector: 'unknown',
      has_entry_permission_when_delayed: true,
      identity_confirmation: 4,
      version: 1,
    });
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mail = await lastMailTo(api, 'Hanako.Sato@Example.JP');
    expect(mail.file).toMatch(/^\d{8}T\d{9}Z-\d{4}-Hanako\.Sato@Example\.JP\.eml$/);
    expect(mail.subject).toBe(MAIL_SUBJECTS.activation);
    expect(mail.from).toContain('no-reply@localhost');
    expect(mail.text).toContain('山田 太郎 様');
    expect(mail.text).toContain('有効期限は72時間');
    const link = linkIn(mail, '/register/activation');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/register/activation`);
    expect(link.searchParams.get('uid')).toBe(Buffer.from(String(account.id)).toString('base64url'));
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);

    // Only the token's hash is stored.
    const tokens = await api.database.pool.query<{ token_hash: string; purpose: string; expires_at: Date; created_at: Date }>(
      'select token_hash, purpose, expires_at, created_at from one_time_tokens where user_id = $1',
      [account.id],
    );
    expect(tokens.rows).toHaveLength(1);
    const token = tokens.rows[0]!;
    expect(token.token_hash).not.toContain(link.searchParams.get('token'));
    expect(token.purpose).toBe('activation');
    expect(token.expires_at.getTime() - token.created_at.getTime()).toBe(72 * HOUR);

    const audit = (await auditRows(api, 'account.registered')).filter((row) => row.subject_id === String(account.id));
    expect(audit).toEqual([{ actor: null, subject_id: String(account.id), data: { corporate_division: 'corporate', ip: agent.ip } }]);
  });

  it('an individual: no company name needed, none stored', async () => {
    const agent = await newAgent(api);
    const response = await agent.post('/api/register/', registration({ corporate_division: 'individual', company_name: '屋号' }));
    expect(response.statusCode).toBe(201);
    const account = AccountSummarySchema.parse(response.json());
    expect(account.corporate_division).toBe('individual');
    const { rows } = await api.database.pool.query('select company_name from users where id = $1', [account.id]);
    expect(rows).toEqual([{ company_name: '' }]);
  });

  it('refuses an address that is registered already, in any letter case', async () => {
    const user = await registerUser(api);
    const agent = await newAgent(api);
    const response = await agent.post('/api/register/', registration({ email: user.email.toUpperCase() }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
  });

  it('two registrations of one address at the same moment: one 201, one 400', async () => {
    const agent = await newAgent(api);
    const body = registration();
    const [a, b] = await Promise.all([
      agent.post('/api/register/', body),
      agent.post('/api/register/', { ...body, email: String(body.email).toUpperCase() }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect((a.statusCode === 400 ? a : b).json()).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
  });

  it.each<[string, Record<string, unknown> | undefined, Record<string, string[]>]>([
    [
      'an empty body',
      undefined,
      { email: [REQUIRED], password: [REQUIRED], corporate_division: [REQUIRED], last_name: [REQUIRED], first_name: [REQUIRED] },
    ],
    [
      'blank fields',
      registration({ email: ' ', password: '', last_name: '', first_name: ' ', company_name: '' }),
      { email: [BLANK], password: [BLANK], last_name: [BLANK], first_name: [BLANK], company_name: [BLANK] },
    ],
    ['a malformed address', registration({ email: 'taro@' }), { email: [ACCOUNT_MESSAGES.invalidEmail] }],
    ['an unknown division', registration({ corporate_division: 'none' }), { corporate_division: [ACCOUNT_MESSAGES.invalidChoice('none')] }],
    [
      'a division that is an object with a toString key (500 before: found by the catalogue fuzz test)',
      registration({ corporate_division: { toString: '' } }),
      { corporate_division: ['"{"toString":""}"は有効な選択肢ではありません。'] },
    ],
    ['null', registration({ last_name: null }), { last_name: [ACCOUNT_MESSAGES.notNull] }],
    ['a number for text', registration({ first_name: 1 }), { first_name: [ACCOUNT_MESSAGES.notAString] }],
    ['a long name', registration({ last_name: '山'.repeat(151) }), { last_name: [ACCOUNT_MESSAGES.tooLong(NAME_MAX_LENGTH)] }],
    ['a short password', registration({ password: 'k7u2m9q' }), { password: [ACCOUNT_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH)] }],
    ['a numeric password', registration({ password: '9081726354' }), { password: [ACCOUNT_MESSAGES.passwordEntirelyNumeric] }],
    ['a common password', registration({ password: 'password123' }), { password: [ACCOUNT_MESSAGES.passwordTooCommon] }],
    [
      'a password like the address',
      registration({ email: 'kumonoue@example.jp', password: 'kumonoue@example' }),
      { password: [ACCOUNT_MESSAGES.passwordTooSimilar('メールアドレス')] },
    ],
    [
      'every password rule at once',
      registration({ password: '1234' }),
      {
        password: [
          ACCOUNT_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH),
          ACCOUNT_MESSAGES.passwordTooCommon,
          ACCOUNT_MESSAGES.passwordEntirelyNumeric,
        ],
      },
    ],
  ])('400 for %s, with the messages by field', async (_label, body, errors) => {
    const agent = await newAgent(api);
    const response = await agent.post('/api/register/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });

  it('400 for a body that is not an object; nothing is created', async () => {
    const agent = await newAgent(api);
    const before = await api.database.pool.query('select count(*)::int as n from users');
    const response = await agent.post('/api/register/', ['x']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.invalidData] });
    const after = await api.database.pool.query('select count(*)::int as n from users');
    expect(after.rows).toEqual(before.rows);
  });
});

describe('POST /api/register/activation/', () => {
  const activation = async (uid: unknown, token: unknown) => (await newAgent(api)).post('/api/register/activation/', { uid, token });

  it('activates the account once; the link then says it was used', async () => {
    const user = await registerUser(api);
    const first = await activateFromMail(api, user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: ACCOUNT_MESSAGES.activated });
    const { rows } = await api.database.pool.query('select is_active, activated_at from users where id = $1', [user.id]);
    expect(rows).toEqual([{ is_active: true, activated_at: api.clock.now() }]);
    expect((await auditRows(api, 'account.activated')).filter((row) => row.subject_id === String(user.id))).toHaveLength(1);

    const again = await activateFromMail(api, user.email);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [ACCOUNT_MESSAGES.alreadyActivated] });
  });

  it('works until 72 hours after registration, not after', async () => {
    const late = await registerUser(api);
    const inTime = await registerUser(api);
    api.clock.advance(72 * HOUR - 1000);
    expect((await activateFromMail(api, inTime.email)).statusCode).toBe(200);
    api.clock.advance(1000);
    const expired = await activateFromMail(api, late.email);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ token: [ACCOUNT_MESSAGES.invalidLink] });
    const { rows } = await api.database.pool.query('select is_active from users where id = $1', [late.id]);
    expect(rows).toEqual([{ is_active: false }]);
  });

  it('refuses a token of another account, a wrong token and a uid that names nobody, all alike', async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    const linkA = linkIn(await lastMailTo(api, a.email), '/register/activation');
    const linkB = linkIn(await lastMailTo(api, b.email), '/register/activation');
    const invalid = ACCOUNT_MESSAGES.invalidLink;

    const crossed = await activation(linkA.searchParams.get('uid'), linkB.searchParams.get('token'));
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual({ token: [invalid] });
    expect((await activation(linkA.searchParams.get('uid'), 'x'.repeat(43))).json()).toEqual({ token: [invalid] });
    for (const uid of ['OTk5OTk5', 'not base64!', Buffer.from('-1').toString('base64url'), Buffer.from('abc').toString('base64url')]) {
      const response = await activation(uid, linkA.searchParams.get('token'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ token: [invalid] }); // as a wrong token: no telling which ids exist
    }
    // Both links still work afterwards.
    expect((await activation(linkA.searchParams.get('uid'), linkA.searchParams.get('token'))).statusCode).toBe(200);
    expect((await activation(linkB.searchParams.get('uid'), linkB.searchParams.get('token'))).statusCode).toBe(200);
  });

  it('two clicks at the same moment activate once', async () => {
    const user = await registerUser(api);
    const link = linkIn(await lastMailTo(api, user.email), '/register/activation');
    const body = { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') };
    const agent = await newAgent(api);
    const answers = await Promise.all([agent.post('/api/register/activation/', body), agent.post('/api/register/activation/', body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await auditRows(api, 'account.activated')).filter((row) => row.subject_id === String(user.id))).toHaveLength(1);
  });

  it('400 with the field messages', async () => {
    expect((await activation('', undefined)).json()).toEqual({ uid: [BLANK], token: [REQUIRED] });
  });

  it('registering again after registering sends no second mail', async () => {
    const user = await registerUser(api);
    const agent = await newAgent(api);
    await agent.post('/api/register/', registration({ email: user.email }));
    expect(await mailsTo(api, user.email)).toHaveLength(1);
  });
});

describe('when the activation mail cannot be sent', () => {
  let failing: TestApi;
  beforeAll(async () => {
    failing = await startTestApi({
      mailer: (outbox) => ({ ...outbox, send: () => Promise.reject(new Error('SMTP down')) }),
    });
  });
  afterAll(async () => {
    await failing?.close();
  });

  it('answers 500 and keeps nothing, so the person can register again', async () => {
    const agent = await newAgent(failing);
    const body = registration();
    const response = await agent.post('/api/register/', body);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: SERVER_ERROR_DETAIL });
    const { rows } = await failing.database.pool.query('select count(*)::int as n from users');
    expect(rows).toEqual([{ n: 0 }]);
    // The mail goes out after the account is committed (never inside the transaction): the
    // append-only log keeps the registration and says it was withdrawn.
    const [registered] = await auditRows(failing, 'account.registered');
    expect(await auditRows(failing, 'account.registration_withdrawn')).toEqual([
      { actor: null, subject_id: registered?.subject_id, data: { reason: 'activation mail not sent', ip: expect.any(String) as string } },
    ]);
    expect((await agent.post('/api/register/', body)).statusCode).toBe(500);
  });
});
