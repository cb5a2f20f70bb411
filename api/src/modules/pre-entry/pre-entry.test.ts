import { ACCOUNT_MESSAGES, PRE_ENTRY_API_MESSAGES, PreEntryResultSchema } from '@app/contracts';
import { MESSAGES, PRE_ENTRY_DECLINE_RULES, PRE_ENTRY_MESSAGES, PRE_ENTRY_QUESTIONS } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createUser, loggedIn, newAgent, startTestApi, type Agent, type TestApi } from '../../test/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const URL = '/api/pre_entry/';
/** The test clock's start as DRF writes it in Japan. */
const START_JST = '2026-04-01T09:00:00.000000+09:00';

const ACCEPTED = {
  obliger_type: 'corporation',
  fixed_debt: 'yes',
  bank_transfer: 'yes',
  payment_due: 'within_60_days',
  invoice_amount: 'from_100k_to_10m',
  tax_arrears: 'installment',
};

const ruleOf = (questionId: string, choiceId: string) => {
  const rule = PRE_ENTRY_DECLINE_RULES.find((r) => r.questionId === questionId && (r.choiceIds as readonly string[]).includes(choiceId));
  if (rule === undefined) throw new Error(`no rule for ${questionId}=${choiceId}`);
  return { question_id: rule.questionId, reason: rule.reason, alternative: rule.alternative };
};

async function applicant(): Promise<{ agent: Agent; id: number }> {
  const user = await createUser(api);
  return { agent: await loggedIn(api, user), id: user.id };
}

const me = async (agent: Agent) => (await agent.post('/api/me/', {})).json<{ has_pre_entry_declined: boolean; version: number }>();

describe('GET /api/pre_entry/', () => {
  it('unanswered until the applicant answers', async () => {
    const { agent } = await applicant();
    const response = await agent.get(URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'unanswered', reasons: [], answered_at: null });
    expect(PreEntryResultSchema.safeParse(response.json()).error).toBeUndefined();
  });

  it('403 for a visitor', async () => {
    const response = await (await newAgent(api)).get(URL);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});

describe('POST /api/pre_entry/', () => {
  it('accepted: recorded with the time, the flag stays down, the profile version untouched, audited', async () => {
    const { agent, id } = await applicant();
    const before = await me(agent);
    const response = await agent.post(URL, { ...ACCEPTED, not_a_question: 'whatever' });
    expect(response.statusCode).toBe(200);
    const accepted = { outcome: 'accepted', reasons: [], answered_at: START_JST };
    expect(response.json()).toEqual(accepted);
    expect(PreEntryResultSchema.safeParse(response.json()).error).toBeUndefined();
    expect((await agent.get(URL)).json()).toEqual(accepted);
    const after = await me(agent);
    expect(after.has_pre_entry_declined).toBe(false);
    expect(after.version).toBe(before.version);

    const { rows } = await api.database.pool.query<{ pre_entry: unknown }>('select pre_entry from users where id = $1', [id]);
    expect(rows[0]?.pre_entry).toEqual({ answers: ACCEPTED, outcome: 'accepted', reasons: [] });
    const audit = (await auditRows(api, 'pre_entry.answered')).filter((r) => r.subject_id === String(id));
    expect(audit).toEqual([
      { actor: `user:${id}`, subject_id: String(id), data: { outcome: 'accepted', declined_by: [], answers: ACCEPTED, ip: agent.ip } },
    ]);
  });

  it('declined: every reason in question order with its alternative; me shows has_pre_entry_declined', async () => {
    const { agent, id } = await applicant();
    expect((await me(agent)).has_pre_entry_declined).toBe(false);
    const answers = { ...ACCEPTED, obliger_type: 'individual', tax_arrears: 'unresolved', payment_due: 'overdue' };
    const response = await agent.post(URL, answers);
    expect(response.statusCode).toBe(200);
    const declined = {
      outcome: 'declined',
      reasons: [ruleOf('obliger_type', 'individual'), ruleOf('payment_due', 'overdue'), ruleOf('tax_arrears', 'unresolved')],
      answered_at: START_JST,
    };
    expect(response.json()).toEqual(declined);
    expect((await agent.get(URL)).json()).toEqual(declined);
    expect((await me(agent)).has_pre_entry_declined).toBe(true);
    const audit = (await auditRows(api, 'pre_entry.answered')).filter((r) => r.subject_id === String(id));
    expect(audit[0]?.data).toMatchObject({ outcome: 'declined', declined_by: ['obliger_type', 'payment_due', 'tax_arrears'] });
  });

  it('400 keyed by question id: unanswered questions, unknown choices; nothing is recorded', async () => {
    const { agent } = await applicant();
    const missing = await agent.post(URL, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(Object.fromEntries(PRE_ENTRY_QUESTIONS.map((q) => [q.id, [MESSAGES.required]])));

    const wrong = await agent.post(URL, { ...ACCEPTED, obliger_type: 'robot', fixed_debt: null, payment_due: ' ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      obliger_type: [PRE_ENTRY_MESSAGES.unknownChoice],
      fixed_debt: [MESSAGES.required],
      payment_due: [MESSAGES.required],
    });
    const notText = await agent.post(URL, { ...ACCEPTED, invoice_amount: 5 });
    expect(notText.statusCode).toBe(400);
    expect(Object.keys(notText.json<object>())).toEqual(['invoice_amount']);
    expect((await agent.post(URL, ['corporation'])).statusCode).toBe(400);
    expect((await agent.get(URL)).json()).toEqual({ outcome: 'unanswered', reasons: [], answered_at: null });
  });

  it('400, not 500, for a key named like an object method or __proto__ (found by the catalogue fuzz test)', async () => {
    const { agent } = await applicant();
    for (const key of ['valueOf', 'toString', 'constructor', 'hasOwnProperty']) {
      const response = await agent.request('POST', URL, {
        body: `{${JSON.stringify(key)}:[],"obliger_type":"corporation"}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${key}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json<object>())).toContain(key);
      expect(response.json<Record<string, unknown>>()[key]).toEqual([ACCOUNT_MESSAGES.notAString]);
    }
    // `__proto__` never gets that far: the JSON parser refuses the body (prototype poisoning).
    const poisoned = await agent.request('POST', URL, { body: '{"__proto__":[]}', headers: { 'content-type': 'application/json' } });
    expect(poisoned.statusCode).toBe(400);
    expect((await agent.get(URL)).json()).toEqual({ outcome: 'unanswered', reasons: [], answered_at: null });
  });

  it('answered once: a second answer is 409 and changes nothing', async () => {
    const { agent } = await applicant();
    expect((await agent.post(URL, { ...ACCEPTED, tax_arrears: 'unresolved' })).statusCode).toBe(200);
    api.clock.advance(60_000);
    const again = await agent.post(URL, ACCEPTED);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: PRE_ENTRY_API_MESSAGES.alreadyAnswered });
    expect((await agent.get(URL)).json()).toMatchObject({ outcome: 'declined', answered_at: START_JST });
    expect((await me(agent)).has_pre_entry_declined).toBe(true);
  });

  it('two answers at the same moment: one is recorded, the other is 409', async () => {
    const { agent, id } = await applicant();
    const answers = await Promise.all([agent.post(URL, ACCEPTED), agent.post(URL, { ...ACCEPTED, obliger_type: 'individual' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json<{ outcome: string }>();
    expect((await agent.get(URL)).json()).toMatchObject({ outcome: winner.outcome });
    expect((await auditRows(api, 'pre_entry.answered')).filter((r) => r.subject_id === String(id))).toHaveLength(1);
  });

  it('403 for a visitor, before looking at the body', async () => {
    const response = await (await newAgent(api)).post(URL, {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});
