import {
  STAFF_MESSAGES,
  STAFF_REVIEW_MESSAGES,
  StaffApplicantSchema,
  StaffEntryDetailSchema,
  StaffEntryQueueSchema,
  type Entry,
  type StaffEntryQueue,
} from '@app/contracts';
import { FORMAT_MESSAGES, PROFILE_MESSAGES, REVIEW_STATUS } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createStaff, newAgent, staffAgent, type Agent, type TestApi, type TestStaff, startTestApi } from '../../test/api';
import { PDF, applicant, completeDocument, submit, uploadCompleteFiles, type Applicant } from '../entries/testing';

let api: TestApi;
let reviewer: TestStaff;
let staff: Agent;
beforeAll(async () => {
  api = await startTestApi();
  reviewer = await createStaff(api, { name: '審査 一郎', role: 'reviewer' });
  staff = await staffAgent(api, reviewer);
});
afterAll(async () => {
  await api?.close();
});

const sql = (text: string, values: unknown[]) => api.database.pool.query(text, values);

/** An applicant with an entry under review and an identity document (front side) attached to the profile. */
async function withEntry(registration: Record<string, unknown> = {}): Promise<Applicant & { entry: Entry; identityFile: number }> {
  const a = await applicant(api, { registration });
  const response = await submit(a.agent, completeDocument(await uploadCompleteFiles(a.agent)));
  if (response.statusCode !== 201) throw new Error(`entry: ${response.statusCode} ${response.body}`);
  const uploaded = await a.agent.upload('/api/uploads/', { kind: 'identity', side: 'front' }, { name: '運転免許証.pdf', content: PDF });
  if (uploaded.statusCode !== 201) throw new Error(`identity upload: ${uploaded.statusCode} ${uploaded.body}`);
  const identityFile = uploaded.json<{ id: number }>().id;
  await sql('update uploads set profile_attached_at = $2 where id = $1', [identityFile, api.clock.now()]);
  await sql("update users set identity_document_type = 'drivingLicence' where id = $1", [a.user.id]);
  return { ...a, entry: response.json<Entry>(), identityFile };
}

const queue = async (agent: Agent, query = ''): Promise<StaffEntryQueue> => {
  const response = await agent.get(`/api/staff/entries/${query}`);
  expect(response.statusCode).toBe(200);
  return StaffEntryQueueSchema.parse(response.json());
};

describe('GET /api/staff/entries/: the review queue', () => {
  let first: Awaited<ReturnType<typeof withEntry>>;
  let second: Awaited<ReturnType<typeof withEntry>>;
  beforeAll(async () => {
    first = await withEntry({ company_name: '株式会社いちばん' });
    api.clock.advance(60_000);
    second = await withEntry({ company_name: '株式会社にばん' });
  });

  it('under review by default, oldest first, with the applicant, the claim count and the face total', async () => {
    const page = await queue(staff);
    const ours = page.results.filter((item) => [first.entry.id, second.entry.id].includes(item.id));
    expect(ours.map((item) => item.id)).toEqual([first.entry.id, second.entry.id]);
    expect(ours[0]).toMatchObject({
      code: first.entry.code,
      status: 1,
      claim_count: 1,
      face_total: '1100000',
      purchase_amount_desired: '1000000',
      applicant: { id: first.user.id, email: first.user.email, company_name: '株式会社いちばん' },
    });
    expect(page).toMatchObject({ limit: 50, offset: 0, wait_limit_hours: 24 });
    expect(page.count).toBeGreaterThanOrEqual(2);
    // Waiting since the submission; every status counted for the tabs.
    expect(ours[0]?.waiting_since).toBe(ours[0]?.created_at);
    expect(Object.keys(page.counts).sort()).toEqual(['archived', 'contracted', 'inadequate', 'reviewed', 'transferred', 'under_review']);
    expect(page.counts.under_review).toBe(page.count);
  });

  it('an entry whose documents came back waits since the resubmission; the counts follow the statuses', async () => {
    const before = (await queue(staff)).counts;
    const resubmittedAt = new Date(api.clock.now().getTime() + 3_600_000);
    await sql('update entries set resubmitted_at = $2 where id = $1', [second.entry.id, resubmittedAt]);
    const item = (await queue(staff, '?limit=100')).results.find((row) => row.id === second.entry.id);
    expect(Date.parse(item?.waiting_since ?? '')).toBe(resubmittedAt.getTime());
    expect(item?.waiting_since).not.toBe(item?.created_at);
    await sql('update entries set status = $2 where id = $1', [first.entry.id, 2]);
    const after = (await queue(staff)).counts;
    expect([after.under_review, after.inadequate]).toEqual([before.under_review - 1, before.inadequate + 1]);
    await sql('update entries set status = $2 where id = $1', [first.entry.id, 1]);
  });

  it('order=newest, limit and offset page through; another status lists none of them', async () => {
    const newest = await queue(staff, '?order=newest');
    const ids = newest.results.map((item) => item.id);
    expect(ids.indexOf(second.entry.id)).toBeLessThan(ids.indexOf(first.entry.id));
    const all = await queue(staff, '?limit=100');
    const pages = [];
    for (let offset = 0; offset < all.count; offset++) pages.push(...(await queue(staff, `?limit=1&offset=${offset}`)).results);
    expect(pages.map((item) => item.id)).toEqual(all.results.map((item) => item.id));
    expect((await queue(staff, '?status=archived')).results.map((item) => item.id)).not.toContain(first.entry.id);
  });

  it('400 for an unknown status, order, a limit above 100 or 0, a negative offset', async () => {
    const errors = async (query: string) => {
      const response = await staff.get(`/api/staff/entries/${query}`);
      expect(response.statusCode).toBe(400);
      return response.json<Record<string, string[]>>();
    };
    expect(await errors('?status=approved')).toEqual({ status: [STAFF_REVIEW_MESSAGES.status] });
    expect(await errors('?order=random')).toEqual({ order: [STAFF_REVIEW_MESSAGES.order] });
    expect(await errors('?limit=101')).toEqual({ limit: [STAFF_REVIEW_MESSAGES.limit] });
    expect(await errors('?limit=0')).toEqual({ limit: [STAFF_REVIEW_MESSAGES.limit] });
    expect(await errors('?offset=-1')).toEqual({ offset: [STAFF_REVIEW_MESSAGES.offset] });
  });
});

describe('GET /api/staff/entries/{id}/ and the files', () => {
  let a: Awaited<ReturnType<typeof withEntry>>;
  beforeAll(async () => {
    a = await withEntry();
  });

  it('the entry with its claims and files, the applicant with the identity files, the history', async () => {
    const response = await staff.get(`/api/staff/entries/${a.entry.id}/`);
    expect(response.statusCode).toBe(200);
    const detail = StaffEntryDetailSchema.parse(response.json());
    expect(detail.entry).toEqual(a.entry);
    expect(detail.entry.claims[0]?.contentfiles.length).toBeGreaterThan(0);
    expect(detail.applicant).toMatchObject({
      id: a.user.id,
      email: a.user.email,
      office_phone: '03-1234-5678',
      identity_confirmation: REVIEW_STATUS.confirming,
      identity_valid_date: null,
      identity_document_type: 'drivingLicence',
      identity_files: [{ id: a.identityFile, kind: 'identity', name: '運転免許証.pdf', content_type: 'application/pdf' }],
    });
    expect(detail.history).toEqual([
      expect.objectContaining({ event: 'entry.created', actor: `user:${a.user.id}`, actor_name: null, subject_id: String(a.entry.id) }),
    ]);
    expect(detail.history[0]?.before).toMatchObject({ withdrawals_detail_status: expect.any(Number) as unknown });
    // Nothing priced or approved yet (staff-decisions.test.ts fills them).
    expect([detail.pricing, detail.approval]).toEqual([[], null]);
  });

  it('404 for an unknown entry', async () => {
    const response = await staff.get('/api/staff/entries/999999/');
    expect(response.statusCode).toBe(404);
  });

  it('serves any applicant’s file as an attachment (nosniff, sandboxed, not cached), audited; 404 for an unknown one', async () => {
    const invoice = a.entry.claims[0]?.contentfiles[0]?.id as number;
    // As the back office's viewer asks (X-CSRFToken): see file-view-audit.test.ts for the other requests.
    const response = await staff.get(`/api/staff/uploads/${invoice}/content/`, { csrf: true });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="/);
    const rows = (await auditRows(api, 'upload.viewed_by_staff')).filter((row) => row.subject_id === String(invoice));
    expect(rows).toEqual([
      { actor: `staff:${reviewer.id}`, subject_id: String(invoice), data: expect.objectContaining({ user_id: a.user.id }) as unknown },
    ]);
    expect((await staff.get('/api/staff/uploads/999999/content/', { csrf: true })).statusCode).toBe(404);
  });
});

describe('POST /api/staff/users/{id}/identity/: the identity decision', () => {
  const decide = (agent: Agent, userId: number, body: unknown) => agent.post(`/api/staff/users/${userId}/identity/`, body);

  it('confirmed with a valid date: stored, audited with the staff member, shown in the entry’s history; then 400 naming 確認済', async () => {
    const a = await withEntry();
    const response = await decide(staff, a.user.id, { decision: 'confirmed', valid_date: '2026-04-01' }); // today in Japan
    expect(response.statusCode).toBe(200);
    expect(StaffApplicantSchema.parse(response.json())).toMatchObject({ identity_confirmation: 3, identity_valid_date: '2026-04-01' });
    expect((await a.agent.post('/api/me/', {})).json()).toMatchObject({ identity_confirmation: 3, identity_valid_date: '2026-04-01' });
    const rows = (await auditRows(api, 'identity.reviewed')).filter((row) => row.subject_id === String(a.user.id));
    expect(rows).toEqual([
      {
        actor: `staff:${reviewer.id}`,
        subject_id: String(a.user.id),
        data: {
          before: { identity_confirmation: 'confirming', identity_valid_date: null },
          after: { identity_confirmation: 'confirmed', identity_valid_date: '2026-04-01' },
          identity_document_type: 'drivingLicence',
        },
      },
    ]);
    const detail = StaffEntryDetailSchema.parse((await staff.get(`/api/staff/entries/${a.entry.id}/`)).json());
    expect(detail.history.at(-1)).toMatchObject({
      event: 'identity.reviewed',
      actor_name: '審査 一郎',
      after: { identity_confirmation: 'confirmed' },
    });

    const again = await decide(staff, a.user.id, { decision: 'inadequate', reason: '不鮮明です。' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [STAFF_REVIEW_MESSAGES.identityNotConfirming('確認済')] });
  });

  it('inadequate with the reason: stored, the valid date cleared, the reason in the audit row', async () => {
    const a = await withEntry();
    const reason = '画像が不鮮明で、氏名が読み取れません。\n再度撮影してください。';
    const response = await decide(staff, a.user.id, { decision: 'inadequate', reason: ` ${reason} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ identity_confirmation: 2, identity_valid_date: null });
    const rows = (await auditRows(api, 'identity.reviewed')).filter((row) => row.subject_id === String(a.user.id));
    expect(rows).toEqual([
      {
        actor: `staff:${reviewer.id}`,
        subject_id: String(a.user.id),
        data: {
          before: { identity_confirmation: 'confirming', identity_valid_date: null },
          after: { identity_confirmation: 'inadequate', identity_valid_date: null },
          identity_document_type: 'drivingLicence',
          reason,
        },
      },
    ]);
  });

  it('400 for a bad body or a past date, nothing changed; 400 from 未提出; 404 for an unknown applicant', async () => {
    const a = await withEntry();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ decision: 'approved' }, { decision: [STAFF_REVIEW_MESSAGES.decision] }],
      [{ decision: 'confirmed' }, { valid_date: ['この項目は必須です。'] }],
      [{ decision: 'confirmed', valid_date: '2026-02-30' }, { valid_date: [FORMAT_MESSAGES.date] }],
      [{ decision: 'confirmed', valid_date: '2026-03-31' }, { valid_date: [STAFF_REVIEW_MESSAGES.validDatePast] }],
      [{ decision: 'inadequate', reason: '  ' }, { reason: ['この項目は空にできません'] }],
      [{ decision: 'inadequate', reason: 'あ'.repeat(1001) }, { reason: ['この項目が1000文字より長くならないようにしてください。'] }],
      [{ decision: 'inadequate', reason: '不鮮明\u0007です' }, { reason: [PROFILE_MESSAGES.forbiddenCharacters] }],
    ];
    for (const [body, errors] of cases) {
      const response = await decide(staff, a.user.id, body);
      expect([response.statusCode, response.json()]).toEqual([400, errors]);
    }
    expect((await auditRows(api, 'identity.reviewed')).filter((row) => row.subject_id === String(a.user.id))).toEqual([]);

    const nothing = await applicant(api, { identity: REVIEW_STATUS.nothing });
    const refused = await decide(staff, nothing.user.id, { decision: 'confirmed', valid_date: '2030-01-01' });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { non_field_errors: [STAFF_REVIEW_MESSAGES.identityNotConfirming('未提出')] },
    ]);
    expect((await decide(staff, 999999, { decision: 'confirmed', valid_date: '2030-01-01' })).statusCode).toBe(404);
  });

  it('approvers and admins decide too', async () => {
    for (const role of ['approver', 'admin'] as const) {
      const a = await applicant(api);
      const agent = await staffAgent(api, await createStaff(api, { role }));
      expect((await decide(agent, a.user.id, { decision: 'confirmed', valid_date: '2030-01-01' })).statusCode).toBe(200);
    }
  });
});

describe('who may call', () => {
  const routes = (entryId: number, uploadId: number, userId: number): [string, string, unknown][] => [
    ['GET', '/api/staff/entries/', undefined],
    ['GET', `/api/staff/entries/${entryId}/`, undefined],
    ['GET', `/api/staff/uploads/${uploadId}/content/`, undefined],
    ['POST', `/api/staff/users/${userId}/identity/`, { decision: 'confirmed', valid_date: '2030-01-01' }],
  ];

  it('an applicant’s session (even on their own data) and no session: 403 on every staff route; nothing changes', async () => {
    const a = await withEntry();
    const visitor = await (await newAgent(api)).start();
    for (const [method, url, body] of routes(a.entry.id, a.identityFile, a.user.id)) {
      for (const agent of [a.agent, visitor]) {
        const response = await agent.request(method as 'GET' | 'POST', url, { body });
        expect([url, response.statusCode, response.json()]).toEqual([url, 403, { detail: STAFF_MESSAGES.notAuthenticated }]);
      }
    }
    expect((await a.agent.post('/api/me/', {})).json()).toMatchObject({ identity_confirmation: REVIEW_STATUS.confirming });
  });

  it('a staff session does not act as an applicant', async () => {
    const response = await staff.get('/api/entries/');
    expect(response.statusCode).toBe(403);
  });
});
