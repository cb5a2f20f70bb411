import { ACCOUNT_MESSAGES, HUMAN_TEXT_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExclusiveJob } from '../../jobs';
import { MAIL_SUBJECTS } from '../../mail/templates';
import {
  activateFromMail,
  auditRows,
  lastMailTo,
  linkIn,
  mailsTo,
  newAgent,
  registerUser,
  registration,
  startTestApi,
  type TestApi,
} from '../../test/api';
import { PURGE_JOB, purgeNeverActivated } from './purge';

/**
 * Issue 23, item 3: registration text that reaches an official mail, and addresses squatted by
 * accounts nobody activates.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const HOUR = 60 * 60 * 1000;
const usersWith = async (email: string) =>
  (
    await api.database.pool.query<{ id: number; is_active: boolean; first_name: string }>(
      'select id, is_active, first_name from users where lower(email) = lower($1) order by id',
      [email],
    )
  ).rows;

describe('a registration whose name carries a phishing message', () => {
  it('400 with a Japanese message on first_name; no account, no mail', async () => {
    const email = 'phish-target@example.jp';
    const agent = await newAgent(api);
    const response = await agent.post(
      '/api/register/',
      registration({
        email,
        first_name:
          '様\n\n【重要】お客様のアカウントは停止されました。\n次のURLから本人確認を行ってください。\nhttps://tsumugi-verify.example/login\n\n',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ first_name: [HUMAN_TEXT_MESSAGES.lineBreak] });
    expect(await usersWith(email)).toEqual([]);
    expect(await mailsTo(api, email)).toEqual([]);
  });

  it('a bidi override or a link on one line is refused too', async () => {
    const agent = await newAgent(api);
    const bidi = await agent.post('/api/register/', registration({ last_name: '山田\u202eexe.txt' }));
    expect(bidi.json()).toEqual({ last_name: [HUMAN_TEXT_MESSAGES.forbiddenCharacters] });
    const link = await agent.post('/api/register/', registration({ company_name: '株式会社 https://tsumugi-verify.example' }));
    expect(link.json()).toEqual({ company_name: [HUMAN_TEXT_MESSAGES.link] });
  });
});

describe('an address registered by someone else and never activated', () => {
  it('locks the address only while its link works: afterwards the owner registers, the squatter’s account and password are gone', async () => {
    const email = 'owner@example.jp';
    const squatter = await registerUser(api, { email, password: 'Squatter-pass-77', first_name: '乗っ取り' });
    const squatterLink = linkIn(await lastMailTo(api, email), '/register/activation');

    // While the link works, the address is taken (the mail's owner may have registered it).
    api.clock.advance(71 * HOUR);
    const early = await (await newAgent(api)).post('/api/register/', registration({ email, password: 'Owner-pass-2026' }));
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });

    // Once it has expired, a new registration replaces the unactivated account; the mail goes to the address.
    api.clock.advance(1 * HOUR + 1000);
    const owner = await registerUser(api, { email: 'Owner@Example.JP', password: 'Owner-pass-2026', first_name: '花子' });
    expect(owner.id).not.toBe(squatter.id);
    expect(await usersWith(email)).toEqual([{ id: owner.id, is_active: false, first_name: '花子' }]);
    const mails = await mailsTo(api, 'Owner@Example.JP');
    expect(mails.map((m) => m.subject)).toEqual([MAIL_SUBJECTS.activation]);
    expect(await auditRows(api, 'account.registration_replaced')).toEqual([
      expect.objectContaining({ subject_id: String(owner.id), data: expect.objectContaining({ replaced_user: squatter.id }) as unknown }),
    ]);

    // The squatter's link names an account that no longer exists.
    const stale = await (
      await newAgent(api)
    ).post('/api/register/activation/', {
      uid: squatterLink.searchParams.get('uid'),
      token: squatterLink.searchParams.get('token'),
    });
    expect(stale.json()).toEqual({ token: [ACCOUNT_MESSAGES.invalidLink] });
    expect((await activateFromMail(api, 'Owner@Example.JP')).statusCode).toBe(200);
    const login = (password: string) => newAgent(api).then((a) => a.post('/api/auth/', { email, password, persistLoginState: false }));
    expect((await login('Owner-pass-2026')).statusCode).toBe(200);
    expect((await login('Squatter-pass-77')).statusCode).toBe(401);
  });

  it('an activated account is never replaced, however old', async () => {
    const email = 'active-holder@example.jp';
    await registerUser(api, { email });
    expect((await activateFromMail(api, email)).statusCode).toBe(200);
    api.clock.advance(100 * 24 * HOUR);
    const again = await (await newAgent(api)).post('/api/register/', registration({ email }));
    expect(again.json()).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
  });
});

describe('the purge of never-activated accounts', () => {
  it('removes accounts whose activation link expired, keeps the rest, audits each; one process at a time', async () => {
    const expired = await registerUser(api, { email: 'purge-expired@example.jp' });
    api.clock.advance(72 * HOUR + 1000);
    const fresh = await registerUser(api, { email: 'purge-fresh@example.jp' });
    const active = await registerUser(api, { email: 'purge-active@example.jp' });
    expect((await activateFromMail(api, active.email)).statusCode).toBe(200);

    // Another API process holds the job's lock: this one skips the run rather than waiting or doubling it.
    const other = await api.database.pool.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`job:${PURGE_JOB}`]);
      expect(await runExclusiveJob(api.context.db, PURGE_JOB, (tx) => purgeNeverActivated(tx, api.clock.now()))).toEqual({ ran: false });
    } finally {
      await other.query('rollback');
      other.release();
    }
    expect(await usersWith(expired.email)).toHaveLength(1);

    const run = await runExclusiveJob(api.context.db, PURGE_JOB, (tx) => purgeNeverActivated(tx, api.clock.now()));
    expect(run).toEqual({ ran: true, result: { accounts: expect.any(Number) as number } });
    expect(await usersWith(expired.email)).toEqual([]);
    expect(await usersWith(fresh.email)).toHaveLength(1);
    expect(await usersWith(active.email)).toHaveLength(1);
    expect(await auditRows(api, 'account.registration_purged')).toContainEqual(
      expect.objectContaining({ subject_id: String(expired.id), data: expect.objectContaining({ email: expired.email }) as unknown }),
    );
    // Nothing left to do on a second run.
    expect(await runExclusiveJob(api.context.db, PURGE_JOB, (tx) => purgeNeverActivated(tx, api.clock.now()))).toEqual({
      ran: true,
      result: { accounts: 0 },
    });
  });
});
