import {
  ACCOUNT_MESSAGES,
  ENTRY_LIFE_MESSAGES,
  EntrySchema,
  STAFF_DECISION_MESSAGES,
  STAFF_MESSAGES,
  StaffEntryDetailSchema,
  type Entry,
  type StaffEntryDetail,
} from '@app/contracts';
import { CLAIM_STATUS, ENTRY_STATUS, FORMAT_MESSAGES, MESSAGES, PROFILE_MESSAGES, REVIEW_STATUS, jstDateTime } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SUBJECTS } from '../../mail/templates';
import { storeContractDocument } from '../contract-document/store';
import {
  PUBLIC_URL,
  auditRows,
  createStaff,
  linkIn,
  mailsTo,
  lastMailTo,
  newAgent,
  staffAgent,
  type Agent,
  type TestApi,
  type TestStaff,
  startTestApi,
} from '../../test/api';
import { PDF, applicant, completeDocument, submit, uploadCompleteFiles, type Applicant } from '../entries/testing';

let api: TestApi;
let reviewer: TestStaff;
let approver: TestStaff;
let reviewing: Agent;
let approving: Agent;
beforeAll(async () => {
  api = await startTestApi();
  reviewer = await createStaff(api, { name: '審査 一郎', role: 'reviewer' });
  approver = await createStaff(api, { name: '承認 花子', role: 'approver' });
  reviewing = await staffAgent(api, reviewer);
  approving = await staffAgent(api, approver);
});
afterAll(async () => {
  await api?.close();
});

const sql = (text: string, values: unknown[]) => api.database.pool.query(text, values);

type WithEntry = Applicant & { entry: Entry; claimId: number };

/** An applicant with an entry under review (one claim, face 1,100,000 yen, every document sent), as staff-review.test.ts makes it. */
async function withEntry(): Promise<WithEntry> {
  const a = await applicant(api);
  const response = await submit(a.agent, completeDocument(await uploadCompleteFiles(a.agent)));
  if (response.statusCode !== 201) throw new Error(`entry: ${response.statusCode} ${response.body}`);
  const entry = response.json<Entry>();
  // The reviewer has checked the identity: confirmed, valid for years (approval needs it, issue 23).
  await sql('update users set identity_confirmation = $2, identity_valid_date = $3 where id = $1', [
    a.user.id,
    REVIEW_STATUS.confirmed,
    '2099-12-31',
  ]);
  return { ...a, entry, claimId: entry.claims[0]?.id as number };
}

const detailOf = (response: { statusCode: number; body: string; json: () => unknown }): StaffEntryDetail => {
  expect([response.statusCode, response.statusCode === 200 ? '' : response.body]).toEqual([200, '']);
  return StaffEntryDetailSchema.parse(response.json());
};
const view = async (id: number): Promise<StaffEntryDetail> => detailOf(await reviewing.get(`/api/staff/entries/${id}/`));

const documents = (agent: Agent, id: number, body: unknown) => agent.post(`/api/staff/entries/${id}/documents/`, body);
const decide = (agent: Agent, claimId: number, body: unknown) => agent.post(`/api/staff/claims/${claimId}/decision/`, body);
const act = (agent: Agent, id: number, body: unknown) => agent.post(`/api/staff/entries/${id}/actions/`, body);
const approve = (agent: Agent, id: number, body: unknown) => agent.post(`/api/staff/entries/${id}/approve/`, body);
const claimAct = (agent: Agent, claimId: number, body: unknown) => agent.post(`/api/staff/claims/${claimId}/actions/`, body);

const TERMS = { decision: 'can_buy', purchase_ratio: '0.8', purchase_fee_ratio: '0.05', bank_charge: '660' } as const;

/** Every document of the entry confirmed. */
async function confirmAll(agent: Agent, a: WithEntry): Promise<void> {
  for (const body of [
    { group: 'withdrawals_detail', decision: 'confirmed' },
    { group: 'financial_statements', decision: 'confirmed' },
    { group: 'invoice', claim_id: a.claimId, decision: 'confirmed' },
    { group: 'additional_doc', claim_id: a.claimId, decision: 'confirmed' },
  ]) {
    detailOf(await documents(agent, a.entry.id, body));
  }
}

/** An entry ready for approval: documents confirmed, its claim priced by the reviewer. */
async function readyToApprove(): Promise<WithEntry> {
  const a = await withEntry();
  await confirmAll(reviewing, a);
  detailOf(await decide(reviewing, a.claimId, TERMS));
  return a;
}

/** An approved (reviewed) entry. */
async function reviewed(): Promise<WithEntry> {
  const a = await readyToApprove();
  detailOf(await approve(approving, a.entry.id, { contract_period: '2030-01-31' }));
  return a;
}

/**
 * A contracted entry. The applicant's contract endpoint belongs to another module: the rows are
 * moved as signing moves them (entry contracted, can_buy claims contracted) directly here.
 */
async function contracted(bankAccount: string | null = null): Promise<WithEntry> {
  const a = await reviewed();
  await sql('update entries set status = $2, contracted_at = $3, bank_account = $4 where id = $1', [
    a.entry.id,
    ENTRY_STATUS.contracted,
    api.clock.now(),
    bankAccount,
  ]);
  await sql('update claims set status = $2 where entry_id = $1 and status = $3', [
    a.entry.id,
    CLAIM_STATUS.contracted,
    CLAIM_STATUS.can_buy,
  ]);
  return a;
}

/** The entry's audit rows of one event. */
const auditOf = async (event: string, entryId: number) => (await auditRows(api, event)).filter((row) => row.subject_id === String(entryId));

const conflict = (detail: string) => [409, { detail }];
const answer = (response: { statusCode: number; json: () => unknown }) => [response.statusCode, response.json()];

describe('POST /api/staff/entries/{id}/documents/: a document group confirmed or inadequate', () => {
  it('inadequate with a reason (trimmed), replaced in place, then confirmed: statuses, inadequate_documents, audit', async () => {
    const a = await withEntry();
    let detail = detailOf(
      await documents(reviewing, a.entry.id, { group: 'invoice', claim_id: a.claimId, decision: 'inadequate', reason: ' 不鮮明です。 ' }),
    );
    expect(detail.entry.claims[0]?.invoice_confirmation_status).toBe(REVIEW_STATUS.inadequate);
    expect(detail.entry.inadequate_documents).toEqual([{ group: 'invoice', claim_id: a.claimId, reason: '不鮮明です。' }]);

    detailOf(
      await documents(reviewing, a.entry.id, { group: 'withdrawals_detail', decision: 'inadequate', reason: '3か月分が必要です。' }),
    );
    detail = detailOf(
      await documents(reviewing, a.entry.id, {
        group: 'invoice',
        claim_id: a.claimId,
        decision: 'inadequate',
        reason: '金額が読めません。',
      }),
    );
    expect(detail.entry.inadequate_documents).toEqual([
      { group: 'invoice', claim_id: a.claimId, reason: '金額が読めません。' },
      { group: 'withdrawals_detail', claim_id: null, reason: '3か月分が必要です。' },
    ]);
    expect(detail.entry.account_activity_statement_confirmation_status).toBe(REVIEW_STATUS.inadequate);
    // The applicant's own status follows the entry's group.
    expect((await a.agent.post('/api/me/', {})).json()).toMatchObject({ withdrawals_detail_status: REVIEW_STATUS.inadequate });

    detail = detailOf(await documents(reviewing, a.entry.id, { group: 'invoice', claim_id: a.claimId, decision: 'confirmed' }));
    expect(detail.entry.claims[0]?.invoice_confirmation_status).toBe(REVIEW_STATUS.confirmed);
    expect(detail.entry.inadequate_documents).toEqual([{ group: 'withdrawals_detail', claim_id: null, reason: '3か月分が必要です。' }]);
    detail = detailOf(await documents(reviewing, a.entry.id, { group: 'financial_statements', decision: 'confirmed' }));
    expect(detail.entry.financial_statement_confirmation_status).toBe(REVIEW_STATUS.confirmed);
    expect(detail.entry.status).toBe(ENTRY_STATUS.under_review);
    expect(detail.entry.updated_at).toBe(detail.history.at(-1)?.occurred_at);

    const rows = await auditOf('entry.document_reviewed', a.entry.id);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({
      actor: `staff:${reviewer.id}`,
      subject_id: String(a.entry.id),
      data: {
        group: 'invoice',
        claim_id: a.claimId,
        decision: 'inadequate',
        before: { confirmation_status: REVIEW_STATUS.confirming, reason: null },
        after: { confirmation_status: REVIEW_STATUS.inadequate, reason: '不鮮明です。' },
      },
    });
    expect(rows[3]?.data).toMatchObject({
      decision: 'confirmed',
      before: { confirmation_status: REVIEW_STATUS.inadequate, reason: '金額が読めません。' },
      after: { confirmation_status: REVIEW_STATUS.confirmed, reason: null },
    });
    expect(detail.history.at(-1)).toMatchObject({ event: 'entry.document_reviewed', actor_name: '審査 一郎' });
  });

  it('400 for a claim missing, given for an entry group, or of another entry; for a bad decision or reason; nothing changed', async () => {
    const a = await withEntry();
    const other = await withEntry();
    const mismatch = { claim_id: [STAFF_DECISION_MESSAGES.claimMismatch] };
    const cases: [unknown, Record<string, string[]>][] = [
      [{ group: 'invoice', decision: 'confirmed' }, mismatch],
      [{ group: 'additional_doc', claim_id: null, decision: 'confirmed' }, mismatch],
      [{ group: 'invoice', claim_id: other.claimId, decision: 'confirmed' }, mismatch],
      [{ group: 'withdrawals_detail', claim_id: a.claimId, decision: 'confirmed' }, mismatch],
      [{ group: 'financial_statements', decision: 'approved' }, { decision: [STAFF_DECISION_MESSAGES.decision] }],
      [{ group: 'financial_statements', decision: 'inadequate' }, { reason: [ACCOUNT_MESSAGES.required] }],
      [{ group: 'financial_statements', decision: 'inadequate', reason: '   ' }, { reason: [MESSAGES.blank] }],
    ];
    for (const [body, errors] of cases) {
      expect([body, ...answer(await documents(reviewing, a.entry.id, body))]).toEqual([body, 400, errors]);
    }
    expect((await view(a.entry.id)).entry).toMatchObject({ inadequate_documents: [], financial_statement_confirmation_status: 1 });
    expect(await auditOf('entry.document_reviewed', a.entry.id)).toEqual([]);
  });

  it('a decision on a document changed since the page loaded it: 409 naming who changed it and when, nothing overwritten', async () => {
    const a = await withEntry();
    // Both reviewers' pages show the bank statements 確認中 (1); the approver decides first.
    const seen = REVIEW_STATUS.confirming;
    expect(
      (await documents(approving, a.entry.id, { group: 'withdrawals_detail', decision: 'confirmed', seen_status: seen })).statusCode,
    ).toBe(200);
    const late = await documents(reviewing, a.entry.id, {
      group: 'withdrawals_detail',
      decision: 'inadequate',
      reason: '3か月分そろっていません。',
      seen_status: seen,
    });
    expect(answer(late)).toEqual(
      conflict(STAFF_DECISION_MESSAGES.documentChanged('承認 花子さん', jstDateTime(api.clock.now()), '確認済')),
    );
    expect((await view(a.entry.id)).entry).toMatchObject({ account_activity_statement_confirmation_status: REVIEW_STATUS.confirmed });
    expect(await auditOf('entry.document_reviewed', a.entry.id)).toHaveLength(1);
    // With what the page now shows, the decision goes through; another group is not affected.
    const fresh = {
      group: 'withdrawals_detail',
      decision: 'inadequate',
      reason: '3か月分そろっていません。',
      seen_status: REVIEW_STATUS.confirmed,
    };
    expect((await documents(reviewing, a.entry.id, fresh)).statusCode).toBe(200);
    expect(
      (await documents(reviewing, a.entry.id, { group: 'financial_statements', decision: 'confirmed', seen_status: seen })).statusCode,
    ).toBe(200);
  });

  it('409 once the entry is no longer under review; 404 for an unknown entry', async () => {
    const a = await contracted();
    const response = await documents(reviewing, a.entry.id, { group: 'withdrawals_detail', decision: 'confirmed' });
    expect(answer(response)).toEqual(conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('ご契約済み')));
    expect((await documents(reviewing, 999999, { group: 'withdrawals_detail', decision: 'confirmed' })).statusCode).toBe(404);
  });
});

describe('POST /api/staff/entries/{id}/assignee/: 担当', () => {
  const assign = (agent: Agent, id: number, body: unknown) => agent.post(`/api/staff/entries/${id}/assignee/`, body);

  it('a reviewer takes an entry; a second sees who has it, and taking over needs the page to name the holder; audited', async () => {
    const a = await withEntry();
    const taken = detailOf(await assign(reviewing, a.entry.id, { take: true, current_assignee: null }));
    expect(taken.assignee).toMatchObject({ staff_id: reviewer.id, staff_name: '審査 一郎' });
    const queued = (await reviewing.get('/api/staff/entries/?limit=100')).json<{
      results: { id: number; assignee_name: string | null }[];
    }>();
    expect(queued.results.find((item) => item.id === a.entry.id)?.assignee_name).toBe('審査 一郎');

    // The approver's page still showed nobody: refused, naming the holder and since when.
    const stale = await assign(approving, a.entry.id, { take: true, current_assignee: null });
    expect(answer(stale)).toEqual(conflict(STAFF_DECISION_MESSAGES.assigneeChanged('審査 一郎', jstDateTime(api.clock.now()))));
    // Knowing from whom, the approver takes it over.
    api.clock.advance(60_000);
    const over = detailOf(await assign(approving, a.entry.id, { take: true, current_assignee: reviewer.id }));
    expect(over.assignee).toMatchObject({ staff_id: approver.id, staff_name: '承認 花子' });
    // The reviewer no longer has it: letting go is refused.
    expect(answer(await assign(reviewing, a.entry.id, { take: false, current_assignee: approver.id }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.notAssignee),
    );
    expect(detailOf(await assign(approving, a.entry.id, { take: false, current_assignee: approver.id })).assignee).toBeNull();
    const rows = await auditOf('entry.assignee_changed', a.entry.id);
    expect(rows.map((row) => [row.data.before, row.data.after])).toEqual([
      [
        { staff_id: null, staff_name: null },
        { staff_id: reviewer.id, staff_name: '審査 一郎' },
      ],
      [
        { staff_id: reviewer.id, staff_name: '審査 一郎' },
        { staff_id: approver.id, staff_name: '承認 花子' },
      ],
      [
        { staff_id: approver.id, staff_name: '承認 花子' },
        { staff_id: null, staff_name: null },
      ],
    ]);
  });

  it('400 for a bad body; 404 for an unknown entry', async () => {
    const a = await withEntry();
    expect((await assign(reviewing, a.entry.id, { take: 'yes', current_assignee: null })).statusCode).toBe(400);
    expect((await assign(reviewing, a.entry.id, { take: true })).statusCode).toBe(400);
    expect((await assign(reviewing, 999999, { take: true, current_assignee: null })).statusCode).toBe(404);
  });
});

describe('POST /api/staff/claims/{id}/decision/: can_buy with the terms, or cannot_buy', () => {
  it('can_buy: the figures from the domain, the pricing stamp in the view; cannot_buy clears them; decided again', async () => {
    const a = await withEntry();
    let detail = detailOf(await decide(reviewing, a.claimId, { ...TERMS, purchase_ratio: ' 0.8 ' }));
    // 1,100,000 × 0.8 = 880,000; fee 880,000 × 0.05 = 44,000; paid 880,000 − 44,000 − 660 = 835,340.
    expect(detail.entry.claims[0]).toMatchObject({
      status: CLAIM_STATUS.can_buy,
      amount: '1100000',
      purchase_ratio: '0.8000',
      purchase_fee_ratio: '0.0500',
      bank_charge: '660',
      purchase_principal_amount: '880000',
      purchase_fee: '44000',
      purchase_amount: '835340',
    });
    expect(detail.pricing).toEqual([
      { claim_id: a.claimId, priced_by: { staff_id: reviewer.id, staff_name: '審査 一郎', at: expect.any(String) as unknown } },
    ]);
    expect(detail.approval).toBeNull();

    detail = detailOf(await decide(reviewing, a.claimId, { decision: 'cannot_buy' }));
    expect(detail.entry.claims[0]).toMatchObject({
      status: CLAIM_STATUS.cannot_buy,
      purchase_ratio: null,
      purchase_fee_ratio: null,
      bank_charge: null,
      purchase_principal_amount: null,
      purchase_fee: null,
      purchase_amount: null,
    });
    expect(detail.pricing).toEqual([]);

    detail = detailOf(await decide(approving, a.claimId, { ...TERMS, purchase_ratio: '1', purchase_fee_ratio: '0', bank_charge: '0' }));
    expect(detail.entry.claims[0]).toMatchObject({ status: CLAIM_STATUS.can_buy, purchase_amount: '1100000' });
    expect(detail.pricing[0]?.priced_by).toMatchObject({ staff_id: approver.id, staff_name: '承認 花子' });

    const rows = await auditOf('claim.decided', a.entry.id);
    expect(rows.map((row) => [row.actor, row.data.decision])).toEqual([
      [`staff:${reviewer.id}`, 'can_buy'],
      [`staff:${reviewer.id}`, 'cannot_buy'],
      [`staff:${approver.id}`, 'can_buy'],
    ]);
    expect(rows[1]?.data).toEqual({
      claim_id: a.claimId,
      claim_code: a.entry.claims[0]?.code,
      decision: 'cannot_buy',
      before: {
        status: CLAIM_STATUS.can_buy,
        purchase_ratio: '0.8000',
        purchase_fee_ratio: '0.0500',
        bank_charge: '660',
        purchase_principal_amount: '880000',
        purchase_fee: '44000',
        purchase_amount: '835340',
      },
      after: {
        status: CLAIM_STATUS.cannot_buy,
        purchase_ratio: null,
        purchase_fee_ratio: null,
        bank_charge: null,
        purchase_principal_amount: null,
        purchase_fee: null,
        purchase_amount: null,
      },
    });
  });

  it('400 for bad terms or terms that leave nothing to pay; nothing changed', async () => {
    const a = await withEntry();
    const notPositive = { non_field_errors: [STAFF_DECISION_MESSAGES.purchaseNotPositive] };
    const cases: [unknown, Record<string, string[]>][] = [
      [{ decision: 'sell' }, { decision: [STAFF_DECISION_MESSAGES.claimDecision] }],
      [{ decision: 'can_buy' }, { purchase_ratio: [MESSAGES.blank], purchase_fee_ratio: [MESSAGES.blank], bank_charge: [MESSAGES.blank] }],
      [{ ...TERMS, purchase_ratio: '1.5' }, { purchase_ratio: [STAFF_DECISION_MESSAGES.purchaseRatio] }],
      [{ ...TERMS, purchase_ratio: '0' }, { purchase_ratio: [STAFF_DECISION_MESSAGES.purchaseRatio] }],
      [{ ...TERMS, purchase_ratio: '0.12345' }, { purchase_ratio: [STAFF_DECISION_MESSAGES.purchaseRatio] }],
      [{ ...TERMS, purchase_fee_ratio: '1' }, { purchase_fee_ratio: [STAFF_DECISION_MESSAGES.feeRatio] }],
      [{ ...TERMS, purchase_fee_ratio: '0.00001' }, { purchase_fee_ratio: [STAFF_DECISION_MESSAGES.feeRatio] }],
      [{ ...TERMS, bank_charge: '1.5' }, { bank_charge: [STAFF_DECISION_MESSAGES.bankCharge] }],
      // 1,100,000 × 0.001 = 1,100; − 550 − 1,000 < 0.
      [{ ...TERMS, purchase_ratio: '0.001', purchase_fee_ratio: '0.5', bank_charge: '1000' }, notPositive],
      // 1,100 − 0 − 1,100 = 0: nothing to pay is refused too.
      [{ ...TERMS, purchase_ratio: '0.001', purchase_fee_ratio: '0', bank_charge: '1100' }, notPositive],
    ];
    for (const [body, errors] of cases) {
      expect([body, ...answer(await decide(reviewing, a.claimId, body))]).toEqual([body, 400, errors]);
    }
    // 1,100 − 0 − 1,099 = 1 yen is still a purchase.
    const lowest = await decide(reviewing, a.claimId, { ...TERMS, purchase_ratio: '0.001', purchase_fee_ratio: '0', bank_charge: '1099' });
    expect(detailOf(lowest).entry.claims[0]?.purchase_amount).toBe('1');
    expect(await auditOf('claim.decided', a.entry.id)).toHaveLength(1);
  });

  it('409 for an inadequate claim or an entry not under review; 404 for an unknown claim', async () => {
    const a = await withEntry();
    await documents(reviewing, a.entry.id, { group: 'invoice', claim_id: a.claimId, decision: 'inadequate', reason: '不鮮明です。' });
    detailOf(await act(reviewing, a.entry.id, { action: 'markInadequate' }));
    expect(answer(await decide(reviewing, a.claimId, TERMS))).toEqual(conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('書類の不備あり')));
    // The entry back under review (as a resubmission does), the claim still inadequate.
    await sql('update entries set status = $2 where id = $1', [a.entry.id, ENTRY_STATUS.under_review]);
    expect(answer(await decide(reviewing, a.claimId, TERMS))).toEqual(conflict(STAFF_DECISION_MESSAGES.claimNotAllowed('書類の不備あり')));

    const b = await contracted();
    expect(answer(await decide(reviewing, b.claimId, { decision: 'cannot_buy' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('ご契約済み')),
    );
    expect((await view(b.entry.id)).entry.claims[0]?.status).toBe(CLAIM_STATUS.contracted);
    expect((await decide(reviewing, 999999, TERMS)).statusCode).toBe(404);
  });
});

describe('POST /api/staff/entries/{id}/actions/', () => {
  it('markInadequate: 409 with nothing inadequate; then inadequate, the description, the claim, the mail, the audit row', async () => {
    const a = await withEntry();
    expect(answer(await act(reviewing, a.entry.id, { action: 'markInadequate' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.noInadequateDocument),
    );
    await documents(reviewing, a.entry.id, { group: 'invoice', claim_id: a.claimId, decision: 'inadequate', reason: '金額が読めません。' });
    await documents(reviewing, a.entry.id, {
      group: 'financial_statements',
      decision: 'inadequate',
      reason: '直近の決算書をお送りください。',
    });
    const detail = detailOf(await act(reviewing, a.entry.id, { action: 'markInadequate' }));
    expect(detail.entry).toMatchObject({
      status: ENTRY_STATUS.inadequate,
      description_of_inadequate_document:
        '「請求書（請求書1: 株式会社サンプル商事）」金額が読めません。\n「決算書・確定申告書など」直近の決算書をお送りください。',
    });
    expect(detail.entry.claims[0]?.status).toBe(CLAIM_STATUS.inadequate);

    const mail = await lastMailTo(api, a.user.email);
    expect(mail.subject).toBe(MAIL_SUBJECTS.entryInadequate);
    expect(mail.text).toContain('・請求書（請求書1: 株式会社サンプル商事）: 金額が読めません。');
    expect(linkIn(mail, '/entry/resubmit/').href).toBe(`${PUBLIC_URL}/entry/resubmit/${a.entry.id}`);

    expect(await auditOf('entry.marked_inadequate', a.entry.id)).toEqual([
      {
        actor: `staff:${reviewer.id}`,
        subject_id: String(a.entry.id),
        data: {
          action: 'markInadequate',
          documents: detail.entry.inadequate_documents,
          before: { status: ENTRY_STATUS.under_review, claims: [{ id: a.claimId, code: a.entry.claims[0]?.code, status: 1 }] },
          after: { status: ENTRY_STATUS.inadequate, claims: [{ id: a.claimId, code: a.entry.claims[0]?.code, status: 2 }] },
        },
      },
    ]);
    expect(answer(await act(reviewing, a.entry.id, { action: 'markInadequate' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('書類の不備あり')),
    );
  });

  it('reject: 400 without a reason; archived with rejected_at, the claims cannot_buy, the reason audited, the mail', async () => {
    const a = await withEntry();
    expect(answer(await act(reviewing, a.entry.id, { action: 'reject' }))).toEqual([400, { reason: [ACCOUNT_MESSAGES.required] }]);
    const detail = detailOf(await act(reviewing, a.entry.id, { action: 'reject', reason: ' 売掛先の与信が確認できませんでした。 ' }));
    expect(detail.entry).toMatchObject({ status: ENTRY_STATUS.archived, rejected_at: expect.any(String) as unknown });
    expect(detail.entry.claims[0]?.status).toBe(CLAIM_STATUS.cannot_buy);
    expect((await auditOf('entry.rejected', a.entry.id))[0]?.data).toMatchObject({
      reason: '売掛先の与信が確認できませんでした。',
      before: { status: ENTRY_STATUS.under_review },
      after: { status: ENTRY_STATUS.archived },
    });
    const mail = await lastMailTo(api, a.user.email);
    expect(mail.subject).toBe(MAIL_SUBJECTS.entryRejected);
    expect(mail.text).not.toContain('与信');
    expect(linkIn(mail, '/entry/detail/').href).toBe(`${PUBLIC_URL}/entry/detail/${a.entry.id}`);
    expect(answer(await act(reviewing, a.entry.id, { action: 'reject', reason: '再度' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('終了')),
    );
  });

  it('transfer: 409 from under review; from contracted: transferred, the claims too, the mail with the amount and the account', async () => {
    const early = await withEntry();
    expect(answer(await act(reviewing, early.entry.id, { action: 'transfer' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('審査中')),
    );

    const a = await contracted('みずほ銀行 渋谷支店 普通 1234567 ヤマダタロウ');
    const detail = detailOf(await act(reviewing, a.entry.id, { action: 'transfer' }));
    expect(detail.entry).toMatchObject({ status: ENTRY_STATUS.transferred, transferred_at: expect.any(String) as unknown });
    expect(detail.entry.claims[0]?.status).toBe(CLAIM_STATUS.transferred);
    const mail = await lastMailTo(api, a.user.email);
    expect(mail.subject).toBe(MAIL_SUBJECTS.entryTransferred);
    expect(mail.text).toContain('お振込み額（合計）: 835,340円');
    expect(mail.text).toContain('お振込み先: みずほ銀行 渋谷支店 普通 ****567 ヤマダタロウ');
    expect(mail.text).not.toContain('1234567');
    expect(linkIn(mail, '/entry/detail/').href).toBe(`${PUBLIC_URL}/entry/detail/${a.entry.id}`);
    expect((await auditOf('entry.transferred', a.entry.id))[0]).toMatchObject({
      actor: `staff:${reviewer.id}`,
      data: { before: { status: ENTRY_STATUS.contracted }, after: { status: ENTRY_STATUS.transferred } },
    });
  });

  it('archive: a lapsed offer (claims cancelled) or a completed transaction (transaction_completed_at); no mail; 409 from under review', async () => {
    const lapsed = await reviewed();
    // The last day to sign has passed (yesterday in Japan): the offer lapsed.
    await sql("update entries set contract_period = ($2::timestamptz at time zone 'Asia/Tokyo')::date - 1 where id = $1", [
      lapsed.entry.id,
      api.clock.now(),
    ]);
    const mailsBefore = (await mailsTo(api, lapsed.user.email)).length;
    let detail = detailOf(await act(reviewing, lapsed.entry.id, { action: 'archive' }));
    expect(detail.entry).toMatchObject({ status: ENTRY_STATUS.archived, transaction_completed_at: null });
    expect(detail.entry.claims[0]).toMatchObject({ status: CLAIM_STATUS.cancel, cancelled_at: expect.any(String) as unknown });
    expect(await mailsTo(api, lapsed.user.email)).toHaveLength(mailsBefore);

    const done = await contracted();
    detailOf(await act(reviewing, done.entry.id, { action: 'transfer' }));
    detail = detailOf(await act(reviewing, done.entry.id, { action: 'archive' }));
    expect(detail.entry).toMatchObject({ status: ENTRY_STATUS.archived, transaction_completed_at: expect.any(String) as unknown });
    expect(detail.entry.claims[0]).toMatchObject({ status: CLAIM_STATUS.transferred, cancelled_at: null });

    const early = await withEntry();
    expect(answer(await act(reviewing, early.entry.id, { action: 'archive' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('審査中')),
    );
  });

  describe('archive of an offer still open (issue 23): an approver, a reason, a mail, the audit', () => {
    it('a reviewer gets 403 and nothing changes', async () => {
      const a = await reviewed();
      const response = await act(reviewing, a.entry.id, { action: 'archive', reason: '売掛先の信用状況が変わったため' });
      expect(answer(response)).toEqual([403, { detail: STAFF_DECISION_MESSAGES.archiveOpenOffer }]);
      expect((await view(a.entry.id)).entry).toMatchObject({ status: ENTRY_STATUS.reviewed });
    });

    it('an approver without a reason: 400 naming the field', async () => {
      const a = await reviewed();
      expect(answer(await act(approving, a.entry.id, { action: 'archive' }))).toEqual([400, { reason: [ACCOUNT_MESSAGES.required] }]);
      expect(answer(await act(approving, a.entry.id, { action: 'archive', reason: '　' }))).toEqual([400, { reason: [MESSAGES.blank] }]);
      expect((await view(a.entry.id)).entry).toMatchObject({ status: ENTRY_STATUS.reviewed });
    });

    it('an approver with a reason: archived, claims cancelled, the applicant mailed with the reason, audited with it', async () => {
      const a = await reviewed();
      const reason = '売掛先の信用状況が変わったため、今回のご提案を取り下げます。';
      const detail = detailOf(await act(approving, a.entry.id, { action: 'archive', reason }));
      expect(detail.entry).toMatchObject({ status: ENTRY_STATUS.archived });
      expect(detail.entry.claims[0]).toMatchObject({ status: CLAIM_STATUS.cancel });
      const mail = (await mailsTo(api, a.user.email)).at(-1)!;
      expect(mail.subject).toBe(MAIL_SUBJECTS.entryOfferWithdrawn);
      expect(mail.text).toContain(reason);
      expect(linkIn(mail, '/entry/detail/').href).toBe(`${PUBLIC_URL}/entry/detail/${a.entry.id}`);
      expect((await auditOf('entry.archived', a.entry.id))[0]).toMatchObject({
        actor: `staff:${approver.id}`,
        data: {
          action: 'archive',
          reason,
          offerOpen: true,
          before: { status: ENTRY_STATUS.reviewed },
          after: { status: ENTRY_STATUS.archived },
        },
      });
      // The applicant can no longer sign it.
      expect((await a.agent.post(`/api/entries/${a.entry.id}/contract/`, { agreed: true })).statusCode).toBe(409);
    });

    it('a reason with control characters is refused', async () => {
      const a = await reviewed();
      const response = await act(approving, a.entry.id, { action: 'archive', reason: '理由\u0000' });
      expect(answer(response)).toEqual([400, { reason: [PROFILE_MESSAGES.forbiddenCharacters] }]);
    });
  });

  it('400 for an unknown action; 404 for an unknown entry', async () => {
    const a = await withEntry();
    expect(answer(await act(reviewing, a.entry.id, { action: 'approve' }))).toEqual([400, { action: [STAFF_DECISION_MESSAGES.action] }]);
    expect((await act(reviewing, 999999, { action: 'archive' })).statusCode).toBe(404);
  });
});

describe('POST /api/staff/entries/{id}/approve/: the second person', () => {
  it('the pricer cannot approve (403); another approver can: reviewed, the approval stamp, the mail, the audit row; not twice', async () => {
    const a = await withEntry();
    await confirmAll(reviewing, a);
    detailOf(await decide(approving, a.claimId, TERMS)); // the approver priced it
    expect(answer(await approve(approving, a.entry.id, { contract_period: '2030-01-31' }))).toEqual([
      403,
      { detail: STAFF_DECISION_MESSAGES.samePerson },
    ]);

    const second = await createStaff(api, { name: '承認 次郎', role: 'approver' });
    const detail = detailOf(await approve(await staffAgent(api, second), a.entry.id, { contract_period: ' 2030-01-31 ' }));
    expect(detail.entry).toMatchObject({
      status: ENTRY_STATUS.reviewed,
      contract_period: '2030-01-31',
      reviewed_at: expect.any(String) as unknown,
    });
    expect(detail.approval).toEqual({ staff_id: second.id, staff_name: '承認 次郎', at: detail.entry.reviewed_at });
    expect(detail.pricing.map((item) => item.priced_by.staff_id)).toEqual([approver.id]);

    const mail = await lastMailTo(api, a.user.email);
    expect(mail.subject).toBe(MAIL_SUBJECTS.entryReviewed);
    expect(mail.text).toContain('お振込み予定額（合計）: 835,340円');
    expect(mail.text).toContain('ご契約の期限: 2030年1月31日');
    expect(linkIn(mail, '/entry/contract/').href).toBe(`${PUBLIC_URL}/entry/contract/${a.entry.id}`);
    expect(await auditOf('entry.approved', a.entry.id)).toEqual([
      {
        actor: `staff:${second.id}`,
        subject_id: String(a.entry.id),
        data: expect.objectContaining({
          purchase_amount: '835340',
          before: { status: ENTRY_STATUS.under_review, contract_period: null },
          after: { status: ENTRY_STATUS.reviewed, contract_period: '2030-01-31' },
        }) as unknown,
      },
    ]);

    expect(answer(await approve(approving, a.entry.id, { contract_period: '2030-01-31' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('審査完了・ご契約手続き待ち')),
    );
    expect(answer(await decide(reviewing, a.claimId, { decision: 'cannot_buy' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.entryNotAllowed('審査完了・ご契約手続き待ち')),
    );
  });

  it('two approvers at once: the entry row is locked, one approves, the other gets 409; one audit row, one mail', async () => {
    const a = await readyToApprove();
    const admin = await staffAgent(api, await createStaff(api, { name: '管理 四郎', role: 'admin' }));
    const mailsBefore = (await mailsTo(api, a.user.email)).length;
    const responses = await Promise.all([approving, admin].map((agent) => approve(agent, a.entry.id, { contract_period: '2030-01-31' })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json()).toEqual({
      detail: STAFF_DECISION_MESSAGES.entryNotAllowed('審査完了・ご契約手続き待ち'),
    });
    expect(await auditOf('entry.approved', a.entry.id)).toHaveLength(1);
    expect(await mailsTo(api, a.user.email)).toHaveLength(mailsBefore + 1);
  });

  it('an admin approves too; a reviewer is 403 by role', async () => {
    const a = await readyToApprove();
    expect(answer(await approve(reviewing, a.entry.id, { contract_period: '2030-01-31' }))).toEqual([
      403,
      { detail: STAFF_MESSAGES.permissionDenied },
    ]);
    const admin = await staffAgent(api, await createStaff(api, { name: '管理 三郎', role: 'admin' }));
    expect(detailOf(await approve(admin, a.entry.id, { contract_period: '2030-01-31' })).approval?.staff_name).toBe('管理 三郎');
  });

  it('409 while a claim is undecided or a document unconfirmed; 400 for a past or malformed contract period; 404', async () => {
    const a = await withEntry();
    const body = { contract_period: '2030-01-31' };
    expect(answer(await approve(approving, a.entry.id, body))).toEqual(conflict(STAFF_DECISION_MESSAGES.claimsUndecided));
    detailOf(await decide(reviewing, a.claimId, { decision: 'cannot_buy' }));
    expect(answer(await approve(approving, a.entry.id, body))).toEqual(conflict(STAFF_DECISION_MESSAGES.claimsUndecided));
    detailOf(await decide(reviewing, a.claimId, TERMS));
    expect(answer(await approve(approving, a.entry.id, body))).toEqual(conflict(STAFF_DECISION_MESSAGES.documentsUnconfirmed));
    await confirmAll(reviewing, a);
    // Additional documents never sent (なし) do not hold the approval; inadequate ones do.
    await sql('update claims set additional_doc_confirmation_status = $2 where id = $1', [a.claimId, REVIEW_STATUS.nothing]);
    await documents(reviewing, a.entry.id, { group: 'withdrawals_detail', decision: 'inadequate', reason: '不足しています。' });
    expect(answer(await approve(approving, a.entry.id, body))).toEqual(conflict(STAFF_DECISION_MESSAGES.documentsUnconfirmed));
    await documents(reviewing, a.entry.id, { group: 'withdrawals_detail', decision: 'confirmed' });

    expect(answer(await approve(approving, a.entry.id, { contract_period: '2026-03-31' }))).toEqual([
      400,
      { contract_period: [STAFF_DECISION_MESSAGES.contractPeriodPast] },
    ]);
    expect(answer(await approve(approving, a.entry.id, { contract_period: '2030-02-30' }))).toEqual([
      400,
      { contract_period: [FORMAT_MESSAGES.date] },
    ]);
    expect(answer(await approve(approving, a.entry.id, { contract_period: '' }))).toEqual([400, { contract_period: [MESSAGES.blank] }]);
    expect((await view(a.entry.id)).entry.status).toBe(ENTRY_STATUS.under_review);
    expect(await auditOf('entry.approved', a.entry.id)).toEqual([]);

    // Today in Japan is fine (the test clock's day in Asia/Tokyo).
    const today = new Date(api.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    expect(detailOf(await approve(approving, a.entry.id, { contract_period: today })).entry.contract_period).toBe(today);
    expect((await approve(approving, 999999, body)).statusCode).toBe(404);
  });
});

describe('POST /api/staff/claims/{id}/actions/: delay, return', () => {
  it('a transferred claim delayed then returned (returned_at), audited; 409 for a move the table does not allow; 404', async () => {
    const a = await contracted();
    expect(answer(await claimAct(reviewing, a.claimId, { action: 'delay' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.claimNotAllowed('ご契約済み')),
    );
    detailOf(await act(reviewing, a.entry.id, { action: 'transfer' }));
    let detail = detailOf(await claimAct(reviewing, a.claimId, { action: 'delay' }));
    expect(detail.entry.claims[0]).toMatchObject({ status: CLAIM_STATUS.delay, returned_at: null });
    detail = detailOf(await claimAct(reviewing, a.claimId, { action: 'return' }));
    expect(detail.entry.claims[0]).toMatchObject({ status: CLAIM_STATUS.returned, returned_at: expect.any(String) as unknown });
    expect(answer(await claimAct(reviewing, a.claimId, { action: 'return' }))).toEqual(
      conflict(STAFF_DECISION_MESSAGES.claimNotAllowed('回収済み')),
    );
    expect((await auditOf('claim.delayed', a.entry.id))[0]).toMatchObject({
      actor: `staff:${reviewer.id}`,
      data: { claim_id: a.claimId, before: { status: CLAIM_STATUS.transferred }, after: { status: CLAIM_STATUS.delay } },
    });
    expect((await auditOf('claim.returned', a.entry.id))[0]?.data).toMatchObject({
      before: { status: CLAIM_STATUS.delay, returned_at: null },
      after: { status: CLAIM_STATUS.returned, returned_at: expect.any(String) as unknown },
    });
    expect(answer(await claimAct(reviewing, a.claimId, { action: 'later' }))).toEqual([400, { action: [STAFF_DECISION_MESSAGES.action] }]);
    expect((await claimAct(reviewing, 999999, { action: 'return' })).statusCode).toBe(404);
  });
});

describe('GET /api/staff/entries/{id}/contract/document/', () => {
  it('404 before the contract; the signed PDF as an attachment once stored, audited', async () => {
    const a = await contracted();
    expect(answer(await reviewing.get(`/api/staff/entries/${a.entry.id}/contract/document/`))).toEqual([
      404,
      { detail: ENTRY_LIFE_MESSAGES.noContractDocument },
    ]);
    expect(await auditOf('entry.contract_viewed_by_staff', a.entry.id)).toEqual([]);
    // Signing (the applicant's contract endpoint) stores the PDF and its key; done directly here.
    const key = await storeContractDocument(api.context.storage, a.entry.id, PDF);
    await sql('update entries set contract_document_key = $2 where id = $1', [a.entry.id, key]);
    const response = await reviewing.get(`/api/staff/entries/${a.entry.id}/contract/document/`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`契約書_${a.entry.code}.pdf`));
    expect(await auditOf('entry.contract_viewed_by_staff', a.entry.id)).toEqual([
      { actor: `staff:${reviewer.id}`, subject_id: String(a.entry.id), data: { code: a.entry.code } },
    ]);
    expect((await view(a.entry.id)).entry.has_contract_document).toBe(true);
    expect((await reviewing.get('/api/staff/entries/999999/contract/document/')).statusCode).toBe(404);
  });

  it('the whole way: approved here, signed by the applicant (POST /api/entries/{id}/contract/), downloaded by staff', async () => {
    const a = await reviewed();
    const signed = await a.agent.post(`/api/entries/${a.entry.id}/contract/`, { agreed: true });
    expect(signed.statusCode).toBe(200);
    const response = await reviewing.get(`/api/staff/entries/${a.entry.id}/contract/document/`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    detailOf(await act(reviewing, a.entry.id, { action: 'transfer' }));
    expect((await view(a.entry.id)).entry.claims[0]?.status).toBe(CLAIM_STATUS.transferred);
  });
});

describe('GET /api/staff/entries/: face total and age filters', () => {
  it('min_face_total / max_face_total (inclusive) and min_age_days; count follows the filters; 400 for bad values', async () => {
    const old = await withEntry();
    const fresh = await withEntry();
    // Submitted exactly 3 days ago (moving the clock instead would end the staff sessions).
    await sql("update entries set created_at = $2::timestamptz - interval '3 days' where id = $1", [old.entry.id, api.clock.now()]);
    await sql('update claims set amount = 3000000 where entry_id = $1', [fresh.entry.id]);
    const ids = async (query: string) => {
      const response = await reviewing.get(`/api/staff/entries/${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ count: number; results: { id: number; face_total: string }[] }>();
      expect(page.count).toBeGreaterThanOrEqual(page.results.length);
      return page.results.map((item) => item.id).filter((id) => id === old.entry.id || id === fresh.entry.id);
    };
    expect(await ids('?limit=100')).toEqual([old.entry.id, fresh.entry.id]);
    expect(await ids('?limit=100&min_face_total=1100001')).toEqual([fresh.entry.id]);
    expect(await ids('?limit=100&min_face_total=1100000')).toEqual([old.entry.id, fresh.entry.id]);
    expect(await ids('?limit=100&max_face_total=1100000')).toEqual([old.entry.id]);
    expect(await ids('?limit=100&min_face_total=1000000&max_face_total=2999999')).toEqual([old.entry.id]);
    expect(await ids('?limit=100&min_age_days=3')).toEqual([old.entry.id]);
    expect(await ids('?limit=100&min_age_days=0')).toEqual([old.entry.id, fresh.entry.id]);
    const none = (await reviewing.get('/api/staff/entries/?min_face_total=9999999999999')).json<unknown>();
    expect(none).toMatchObject({ count: 0, limit: 50, offset: 0, wait_limit_hours: 24, results: [] });
    const big = (await reviewing.get('/api/staff/entries/?min_face_total=3000000&limit=100')).json<{ results: { face_total: string }[] }>();
    expect(big.results.every((item) => Number(item.face_total) >= 3000000)).toBe(true);

    const errors = async (query: string) => answer(await reviewing.get(`/api/staff/entries/${query}`));
    expect(await errors('?min_face_total=-1')).toEqual([400, { min_face_total: ['金額は 0 以上の整数（円）で指定してください。'] }]);
    expect(await errors('?max_face_total=1.5')).toEqual([400, { max_face_total: ['金額は 0 以上の整数（円）で指定してください。'] }]);
    expect(await errors('?min_age_days=abc')).toEqual([400, { min_age_days: ['日数は 0 以上の整数で指定してください。'] }]);
  });
});

describe('who may call the decision routes', () => {
  it('no session and an applicant’s session (even on their own entry): 403 on every route; nothing changes', async () => {
    const a = await readyToApprove();
    const visitor = await newAgent(api);
    const routes: [string, string, unknown][] = [
      ['POST', `/api/staff/entries/${a.entry.id}/documents/`, { group: 'withdrawals_detail', decision: 'confirmed' }],
      ['POST', `/api/staff/entries/${a.entry.id}/actions/`, { action: 'reject', reason: '理由' }],
      ['POST', `/api/staff/entries/${a.entry.id}/approve/`, { contract_period: '2030-01-31' }],
      ['GET', `/api/staff/entries/${a.entry.id}/contract/document/`, undefined],
      ['POST', `/api/staff/claims/${a.claimId}/decision/`, { decision: 'cannot_buy' }],
      ['POST', `/api/staff/claims/${a.claimId}/actions/`, { action: 'delay' }],
    ];
    for (const [method, url, body] of routes) {
      for (const agent of [a.agent, visitor]) {
        const response = await agent.request(method as 'GET' | 'POST', url, { body });
        expect([url, ...answer(response)]).toEqual([url, 403, { detail: STAFF_MESSAGES.notAuthenticated }]);
      }
    }
    const detail = await view(a.entry.id);
    expect(detail.entry.status).toBe(ENTRY_STATUS.under_review);
    expect(detail.entry.claims[0]?.status).toBe(CLAIM_STATUS.can_buy);
  });
});

/** The PDF's text, every page, whitespace taken out (pdfkit breaks Japanese lines anywhere). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 })
    .promise;
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await document.destroy();
  return texts.join('').replace(/\s+/g, '');
}

describe('the party is fixed at approval (issue 23)', () => {
  const identityUpload = async (agent: Agent, side: 'front' | 'back'): Promise<number> => {
    const response = await agent.upload('/api/uploads/', { kind: 'identity', side }, { name: `identity-${side}.pdf`, content: PDF });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };

  it('approval is refused while the identity is 不備, confirming, without a valid date or expired (409); nothing changes', async () => {
    const a = await readyToApprove();
    const cases: [number, string | null, string][] = [
      [REVIEW_STATUS.inadequate, '2099-12-31', STAFF_DECISION_MESSAGES.identity.unconfirmed],
      [REVIEW_STATUS.confirming, null, STAFF_DECISION_MESSAGES.identity.unconfirmed],
      [REVIEW_STATUS.confirmed, null, STAFF_DECISION_MESSAGES.identity.noValidDate],
      [REVIEW_STATUS.confirmed, '2001-01-01', STAFF_DECISION_MESSAGES.identity.expired],
    ];
    for (const [status, validDate, detail] of cases) {
      await sql('update users set identity_confirmation = $2, identity_valid_date = $3 where id = $1', [a.user.id, status, validDate]);
      expect(answer(await approve(approving, a.entry.id, { contract_period: '2030-01-31' }))).toEqual(conflict(detail));
    }
    const { entry } = await view(a.entry.id);
    expect(entry.status).toBe(ENTRY_STATUS.under_review);
    const rows = await sql('select contract_party, approved_at from entries where id = $1', [a.entry.id]);
    expect(rows.rows[0]).toEqual({ contract_party: null, approved_at: null });
    expect(EntrySchema.parse((await a.agent.get(`/api/entries/${a.entry.id}/`)).json()).contract_party).toBeNull();
    expect(await auditOf('entry.approved', a.entry.id)).toHaveLength(0);
  });

  it('swap after approval: the profile refuses a new party (400), the contract PDF prints the approved one', async () => {
    const a = await reviewed();
    const [snapshot] = (await sql('select contract_party from entries where id = $1', [a.entry.id])).rows as {
      contract_party: Record<string, unknown>;
    }[];
    const approvedCompany = snapshot?.contract_party.company_name as string;
    expect(snapshot?.contract_party).toMatchObject({
      corporate_division: 'corporate',
      office: { zipcode: '1000005', prefecture: '東京都', city: '千代田区丸の内1-1-1', building_number: '' },
      identity: { confirmation: REVIEW_STATUS.confirmed, valid_date: '2099-12-31' },
    });
    expect(approvedCompany).not.toBe('');
    // The applicant's entry carries the party as approved (the contract page's ご契約者): names and the printed address only.
    const partyShown = async () => EntrySchema.parse((await a.agent.get(`/api/entries/${a.entry.id}/`)).json()).contract_party;
    const approvedParty = {
      corporate_division: 'corporate',
      company_name: approvedCompany,
      last_name: snapshot?.contract_party.last_name,
      first_name: snapshot?.contract_party.first_name,
      address: { zipcode: '1000005', prefecture: '東京都', city: '千代田区丸の内1-1-1', building_number: '' },
    };
    expect(await partyShown()).toEqual(approvedParty);

    const swap = await a.agent.patch('/api/profile_name_and_identity/', {
      company_name: '株式会社すりかえ商事',
      last_name: '別人',
      first_name: '花子',
      identity_document_type: 'passport',
      addfiles: [await identityUpload(a.agent, 'front')],
    });
    expect(answer(swap)).toEqual([
      400,
      {
        company_name: [ACCOUNT_MESSAGES.partyLockedByOffer],
        last_name: [ACCOUNT_MESSAGES.partyLockedByOffer],
        first_name: [ACCOUNT_MESSAGES.partyLockedByOffer],
        addfiles: [ACCOUNT_MESSAGES.partyLockedByOffer],
      },
    ]);
    const moved = await a.agent.patch('/api/profile/', { office_city: '架空市すりかえ町9-9-9' });
    expect(answer(moved)).toEqual([400, { office_city: [ACCOUNT_MESSAGES.partyLockedByOffer] }]);
    // Fields the contract does not print still change; the same values again are no change.
    expect((await a.agent.patch('/api/profile/', { office_phone: '03-9999-9999', office_city: '千代田区丸の内1-1-1' })).statusCode).toBe(
      200,
    );
    const user: unknown = (await sql('select company_name, office_city, identity_confirmation from users where id = $1', [a.user.id]))
      .rows[0];
    expect(user).toEqual({
      company_name: approvedCompany,
      office_city: '千代田区丸の内1-1-1',
      identity_confirmation: REVIEW_STATUS.confirmed,
    });

    // Even a live row changed behind the API's back (an operator, an old session) is not what binds.
    await sql(
      "update users set company_name = '株式会社すりかえ商事', last_name = '別人', office_city = '架空市すりかえ町9-9-9' where id = $1",
      [a.user.id],
    );
    expect(await partyShown()).toEqual(approvedParty);
    const signed = await a.agent.post(`/api/entries/${a.entry.id}/contract/`, { agreed: true });
    expect(signed.statusCode).toBe(200);
    expect(EntrySchema.parse(signed.json()).contract_party).toEqual(approvedParty);
    const text = await pdfText((await reviewing.get(`/api/staff/entries/${a.entry.id}/contract/document/`)).rawPayload);
    expect(text).toContain(approvedCompany.replace(/\s+/g, ''));
    expect(text).toContain('千代田区丸の内1-1-1');
    expect(text).not.toContain('すりかえ');
    expect(text).not.toContain('別人');

    // Once signed, the offer is no longer open: the profile may change again.
    await sql("update users set company_name = $2, last_name = '山田', office_city = '千代田区丸の内1-1-1' where id = $1", [
      a.user.id,
      approvedCompany,
    ]);
    expect((await a.agent.patch('/api/profile/', { office_city: '港区芝公園4-2-8' })).statusCode).toBe(200);
  });

  // Holds because the profile save locks the applicant's row before it asks for an open offer, and the
  // approval locks the same row before it snapshots: whichever waits reads the other's commit (READ
  // COMMITTED takes a new snapshot per statement). Both orders show up across the rounds.
  it('an approval and a profile change at the same moment: either the change lands first and is what is approved, or it is refused — never a party nobody approved', async () => {
    for (let round = 0; round < 8; round += 1) {
      const a = await readyToApprove();
      const identity = round % 2 === 1;
      const newDocument = identity ? await identityUpload(a.agent, 'front') : null;
      const [approval, change] = await Promise.all([
        approve(approving, a.entry.id, { contract_period: '2030-01-31' }),
        newDocument === null
          ? a.agent.patch('/api/profile/', { office_city: `並行区${round}丁目` })
          : a.agent.patch('/api/profile_name_and_identity/', { identity_document_type: 'passport', addfiles: [newDocument] }),
      ]);
      const [row] = (
        await sql(
          `select e.status, e.contract_party, u.office_city, u.identity_confirmation
             from entries e join users u on u.id = e.user_id where e.id = $1`,
          [a.entry.id],
        )
      ).rows as {
        status: number;
        contract_party: { office: { city: string } } | null;
        office_city: string;
        identity_confirmation: number;
      }[];
      if (change.statusCode === 400) {
        // The approval came first: the change is refused on its fields, and the approved party is the live one.
        expect(approval.statusCode, approval.body).toBe(200);
        const field = identity ? 'addfiles' : 'office_city';
        expect(change.json()).toEqual({ [field]: [ACCOUNT_MESSAGES.partyLockedByOffer] });
        expect(row?.identity_confirmation).toBe(REVIEW_STATUS.confirmed);
      } else {
        // The change came first: an address is what the approval then fixed; a new document is 確認中, so no approval.
        expect(change.statusCode, change.body).toBe(200);
        if (identity) {
          expect(answer(approval)).toEqual(conflict(STAFF_DECISION_MESSAGES.identity.unconfirmed));
          expect([row?.status, row?.contract_party, row?.identity_confirmation]).toEqual([
            ENTRY_STATUS.under_review,
            null,
            REVIEW_STATUS.confirming,
          ]);
        } else {
          expect(approval.statusCode, approval.body).toBe(200);
          expect(row?.office_city).toBe(`並行区${round}丁目`);
        }
      }
      // Whatever the order: an approved entry's party is the applicant as they now stand.
      if (row?.status === ENTRY_STATUS.reviewed) expect(row.contract_party?.office.city).toBe(row.office_city);
    }
  });

  it('signing re-checks the identity: expired (or set 不備) since the approval → 409, nothing signed', async () => {
    const a = await reviewed();
    for (const [status, validDate] of [
      [REVIEW_STATUS.confirmed, '2001-01-01'],
      [REVIEW_STATUS.inadequate, '2099-12-31'],
    ] as const) {
      await sql('update users set identity_confirmation = $2, identity_valid_date = $3 where id = $1', [a.user.id, status, validDate]);
      const refused = await a.agent.post(`/api/entries/${a.entry.id}/contract/`, { agreed: true });
      expect(answer(refused)).toEqual(conflict(ENTRY_LIFE_MESSAGES.identityInvalid));
    }
    expect((await view(a.entry.id)).entry.status).toBe(ENTRY_STATUS.reviewed);
  });
});
