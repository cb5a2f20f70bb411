import {
  ACCOUNT_MESSAGES,
  ENTRY_LIFE_MESSAGES,
  EntrySchema,
  PAYOUT_CHANGE_MESSAGES,
  StaffEntryDetailSchema,
  type Entry,
} from '@app/contracts';
import { CLAIM_STATUS, ENTRY_STATUS, MESSAGES, PAYOUT_ACCOUNT_MESSAGES } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_DETAIL } from '../../http/errors';
import { MAIL_SUBJECTS } from '../../mail/templates';
import {
  PASSWORD,
  PUBLIC_URL,
  auditRows,
  createStaff,
  linkIn,
  mailsTo,
  newAgent,
  staffAgent,
  startTestApi,
  type Agent,
  type TestApi,
} from '../../test/api';
import { PAYOUT_ACCOUNT, applicant, completeDocument, submit, uploadCompleteFiles, type Applicant } from '../entries/testing';

/**
 * Changing the payout account of an offered or signed entry (issue 22): the password again,
 * `can_edit_bank_account`, the mail with both accounts masked, the audit row, and the payout held
 * until a staff member confirms the new account.
 */
let api: TestApi;
let reviewing: Agent;
beforeAll(async () => {
  api = await startTestApi();
  reviewing = await staffAgent(api, await createStaff(api, { name: '審査 一郎', role: 'reviewer' }));
});
afterAll(async () => {
  await api?.close();
});

const sql = (text: string, values: unknown[]) => api.database.pool.query(text, values);
const NEW_ACCOUNT = 'みずほ銀行 渋谷支店 当座 7654321 カ）ツムギシヨウジ';

/** An applicant with an entry under review, moved to `status` (contracted: its claims too, as signing does). */
async function entryAt(status: number): Promise<Applicant & { entry: Entry }> {
  const a = await applicant(api);
  const response = await submit(a.agent, completeDocument(await uploadCompleteFiles(a.agent)));
  if (response.statusCode !== 201) throw new Error(`entry: ${response.statusCode} ${response.body}`);
  const entry = EntrySchema.parse(response.json());
  await sql('update entries set status = $2 where id = $1', [entry.id, status]);
  if (status === ENTRY_STATUS.contracted)
    await sql('update claims set status = $2, purchase_amount = 835340 where entry_id = $1', [entry.id, CLAIM_STATUS.contracted]);
  return { ...a, entry };
}

const change = (agent: Agent, id: number, body: unknown) => agent.post(`/api/entries/${id}/bank_account/`, body);
const confirm = (agent: Agent, id: number) => agent.post(`/api/staff/entries/${id}/bank_account/confirm/`, {});
const transfer = (id: number) => reviewing.post(`/api/staff/entries/${id}/actions/`, { action: 'transfer' });
const stored = async (id: number) =>
  (await sql('select bank_account, payout_hold_at, payout_hold_previous_bank_account from entries where id = $1', [id])).rows[0] as {
    bank_account: string;
    payout_hold_at: Date | null;
    payout_hold_previous_bank_account: string | null;
  };
const changedMails = async (email: string) =>
  (await mailsTo(api, email)).filter((m) => m.subject === MAIL_SUBJECTS.entryBankAccountChanged);

describe('POST /api/entries/{id}/bank_account/: refused', () => {
  it('the password: required, and a wrong one changes nothing (no mail, no audit row)', async () => {
    const a = await entryAt(ENTRY_STATUS.contracted);
    const blank = await change(a.agent, a.entry.id, { password: '', bank_account: NEW_ACCOUNT });
    expect([blank.statusCode, blank.json()]).toEqual([400, { password: [MESSAGES.blank] }]);
    const missing = await change(a.agent, a.entry.id, { bank_account: NEW_ACCOUNT });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<object>())).toEqual(['password']);
    const wrong = await change(a.agent, a.entry.id, { password: 'Not-the-password-1', bank_account: NEW_ACCOUNT });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { password: [PAYOUT_CHANGE_MESSAGES.passwordIncorrect] }]);
    expect(await stored(a.entry.id)).toEqual({
      bank_account: PAYOUT_ACCOUNT,
      payout_hold_at: null,
      payout_hold_previous_bank_account: null,
    });
    expect(await changedMails(a.user.email)).toEqual([]);
    expect((await auditRows(api, 'entry.bank_account_changed')).filter((row) => row.subject_id === String(a.entry.id))).toEqual([]);
  });

  it('the account: required, §5 rules, with its holder, not the same one', async () => {
    const a = await entryAt(ENTRY_STATUS.reviewed);
    const cases: [string, unknown][] = [
      ['', { bank_account: [PAYOUT_ACCOUNT_MESSAGES.required] }],
      ['みずほ銀行 渋谷支店 普通 123456 カ）ツムギ', { bank_account: [MESSAGES.bankAccountNumber] }],
      ['みずほ銀行 渋谷支店 普通 1234567', { bank_account: [PAYOUT_ACCOUNT_MESSAGES.holderRequired] }],
      [PAYOUT_ACCOUNT, { bank_account: [PAYOUT_CHANGE_MESSAGES.sameAccount] }],
    ];
    for (const [bankAccount, expected] of cases) {
      const response = await change(a.agent, a.entry.id, { password: PASSWORD, bank_account: bankAccount });
      expect([bankAccount, response.statusCode, response.json()]).toEqual([bankAccount, 400, expected]);
    }
  });

  it('only while the profile’s can_edit_bank_account allows', async () => {
    const a = await entryAt(ENTRY_STATUS.contracted);
    await sql('update users set can_edit_bank_account = false where id = $1', [a.user.id]);
    const response = await change(a.agent, a.entry.id, { password: PASSWORD, bank_account: NEW_ACCOUNT });
    expect([response.statusCode, response.json()]).toEqual([400, { bank_account: [ACCOUNT_MESSAGES.bankAccountLocked] }]);
    expect((await stored(a.entry.id)).bank_account).toBe(PAYOUT_ACCOUNT);
  });

  it('only a reviewed or contracted entry (409 naming the status); another applicant and a visitor never reach it', async () => {
    const a = await entryAt(ENTRY_STATUS.under_review);
    const early = await change(a.agent, a.entry.id, { password: PASSWORD, bank_account: NEW_ACCOUNT });
    expect([early.statusCode, early.json()]).toEqual([
      409,
      { detail: ENTRY_LIFE_MESSAGES.notAllowed('審査中', PAYOUT_CHANGE_MESSAGES.action) },
    ]);
    await sql('update entries set status = $2 where id = $1', [a.entry.id, ENTRY_STATUS.contracted]);
    const other = await applicant(api);
    const theirs = await change(other.agent, a.entry.id, { password: PASSWORD, bank_account: NEW_ACCOUNT });
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { detail: NOT_FOUND_DETAIL }]);
    const visitor = await change(await newAgent(api), a.entry.id, { password: PASSWORD, bank_account: NEW_ACCOUNT });
    expect(visitor.statusCode).toBe(403);
    expect((await stored(a.entry.id)).bank_account).toBe(PAYOUT_ACCOUNT);
  });
});

describe('POST /api/entries/{id}/bank_account/ on a signed entry, then the staff confirmation', () => {
  let a: Applicant & { entry: Entry };
  beforeAll(async () => {
    a = await entryAt(ENTRY_STATUS.contracted);
  });

  it('changes the account and holds the payout; the answer says so', async () => {
    const response = await change(a.agent, a.entry.id, { password: PASSWORD, bank_account: ` ${NEW_ACCOUNT} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(EntrySchema.parse(response.json())).toMatchObject({
      bank_account: NEW_ACCOUNT,
      payout_hold_at: expect.any(String) as unknown,
      payout_hold_previous_bank_account: PAYOUT_ACCOUNT,
      status: ENTRY_STATUS.contracted,
    });
  });

  it('mails the applicant the old and the new account, masked, with the way to the entry', async () => {
    const mails = await changedMails(a.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain(`申込番号: ${a.entry.code}`);
    expect(mail.text).toContain('変更前の口座: りそな銀行 新宿支店 普通 ****567 カ）ツムギシヨウジ');
    expect(mail.text).toContain('変更後の口座: みずほ銀行 渋谷支店 当座 ****321 カ）ツムギシヨウジ');
    expect(mail.text).not.toMatch(/1234567|7654321/);
    expect(linkIn(mail, '/entry/detail/').href).toBe(`${PUBLIC_URL}/entry/detail/${a.entry.id}`);
  });

  it('writes the audit row (the applicant, both accounts masked)', async () => {
    const rows = (await auditRows(api, 'entry.bank_account_changed')).filter((row) => row.subject_id === String(a.entry.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor).toBe(`user:${a.user.id}`);
    expect(rows[0]!.data).toEqual({
      status: ENTRY_STATUS.contracted,
      before: { bank_account: 'りそな銀行 新宿支店 普通 ****567 カ）ツムギシヨウジ' },
      after: { bank_account: 'みずほ銀行 渋谷支店 当座 ****321 カ）ツムギシヨウジ' },
      payout_hold: true,
    });
  });

  it('the 入金 action is refused while the payout is held (409, in Japanese); nothing moves', async () => {
    const refused = await transfer(a.entry.id);
    expect([refused.statusCode, refused.json()]).toEqual([409, { detail: PAYOUT_CHANGE_MESSAGES.onHold }]);
    const detail = StaffEntryDetailSchema.parse((await reviewing.get(`/api/staff/entries/${a.entry.id}/`)).json());
    expect(detail.entry).toMatchObject({ status: ENTRY_STATUS.contracted, transferred_at: null, bank_account: NEW_ACCOUNT });
    expect(detail.entry.payout_hold_at).not.toBeNull();
  });

  it('the confirmation is staff only: the applicant gets 403', async () => {
    const response = await confirm(a.agent, a.entry.id);
    expect(response.statusCode).toBe(403);
    expect((await stored(a.entry.id)).payout_hold_at).not.toBeNull();
  });

  it('a reviewer confirms: the hold ends (audited), and then the payout can be made', async () => {
    const response = await confirm(reviewing, a.entry.id);
    expect(response.statusCode, response.body).toBe(200);
    const detail = StaffEntryDetailSchema.parse(response.json());
    expect(detail.entry).toMatchObject({ bank_account: NEW_ACCOUNT, payout_hold_at: null, payout_hold_previous_bank_account: null });
    const rows = (await auditRows(api, 'entry.bank_account_confirmed')).filter((row) => row.subject_id === String(a.entry.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor).toMatch(/^staff:\d+$/);
    expect(rows[0]!.data).toMatchObject({
      bank_account: 'みずほ銀行 渋谷支店 当座 ****321 カ）ツムギシヨウジ',
      previous: 'りそな銀行 新宿支店 普通 ****567 カ）ツムギシヨウジ',
    });
    // Nothing waits any more: a second confirmation is 409.
    const again = await confirm(reviewing, a.entry.id);
    expect([again.statusCode, again.json()]).toEqual([409, { detail: PAYOUT_CHANGE_MESSAGES.noHold }]);

    const paid = await transfer(a.entry.id);
    expect(paid.statusCode, paid.body).toBe(200);
    const transferredMail = (await mailsTo(api, a.user.email)).find((m) => m.subject === MAIL_SUBJECTS.entryTransferred);
    expect(transferredMail?.text).toContain('お振込み先: みずほ銀行 渋谷支店 当座 ****321 カ）ツムギシヨウジ');
  });

  it('after the transfer the account can no longer change (409)', async () => {
    const response = await change(a.agent, a.entry.id, { password: PASSWORD, bank_account: PAYOUT_ACCOUNT });
    expect(response.statusCode).toBe(409);
  });

  it('the staff confirmation: an unknown id is 404', async () => {
    expect((await confirm(reviewing, 999999)).statusCode).toBe(404);
  });
});
