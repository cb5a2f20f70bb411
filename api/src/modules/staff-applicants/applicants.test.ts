import {
  endpoints,
  HUMAN_TEXT_MESSAGES,
  listEndpoints,
  STAFF_APPLICANTS_MESSAGES,
  StaffApplicantDetailSchema,
  StaffApplicantSearchSchema,
  StaffIdentityQueueSchema,
  StaffNoteSchema,
  type StaffApplicantSearch,
} from '@app/contracts';
import { PROFILE_MESSAGES, REVIEW_STATUS } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createStaff, staffAgent, startTestApi, type Agent, type TestApi, type TestStaff } from '../../test/api';
import { applicant, completeDocument, submit, uploadCompleteFiles, type Applicant } from '../entries/testing';
import { searchKey } from '../lookups/search-key';

let api: TestApi;
let reviewer: TestStaff;
let staff: Agent;
beforeAll(async () => {
  api = await startTestApi();
  reviewer = await createStaff(api, { name: '審査 花子', role: 'reviewer' });
  staff = await staffAgent(api, reviewer);
});
afterAll(async () => {
  await api?.close();
});

const sql = (text: string, values: unknown[] = []) => api.database.pool.query(text, values);

const search = async (query: string, agent = staff): Promise<StaffApplicantSearch> => {
  const response = await agent.get(`/api/staff/applicants/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return StaffApplicantSearchSchema.parse(response.json());
};
const foundIds = async (query: string) => (await search(query)).results.map((item) => item.id);

describe('the search key in SQL is the search key of the API', () => {
  it.each([
    '株式会社ｻｸﾗ商事',
    'さくらしょうじ',
    'ヴァイオリン・ハウス',
    'ｷｬｯﾁｰ ﾌﾟﾗﾝﾆﾝｸﾞ',
    'ＡＢＣ－ｄｅｆ　１２３',
    "O'Neil, Inc.",
    'ゝゞ「きょう」',
  ])('%s', async (text) => {
    const { rows } = await api.database.pool.query<{ key: string }>('select tsumugi_search_key($1) as key', [text]);
    expect(rows[0]?.key).toBe(searchKey(text));
  });
});

describe('GET /api/staff/applicants/: the search', () => {
  let sakura: Applicant;
  let other: Applicant;
  let sakuraEntry: { id: number; code: string };
  beforeAll(async () => {
    sakura = await applicant(api, {
      registration: { company_name: '株式会社サクラ商事', last_name: '佐藤', first_name: 'はなこ' },
    });
    await sql("update users set office_phone = '03-5555-0101', owner_phone = '090-1111-2222' where id = $1", [sakura.user.id]);
    other = await applicant(api, { registration: { company_name: '有限会社モミジ', last_name: '鈴木', first_name: '一郎' } });
    const response = await submit(sakura.agent, completeDocument(await uploadCompleteFiles(sakura.agent)));
    expect(response.statusCode).toBe(201);
    sakuraEntry = response.json<{ id: number; code: string }>();
    await sql('update users set identity_confirmation = $2 where id = $1', [sakura.user.id, REVIEW_STATUS.inadequate]);
  });

  it('finds the company by a half-width kana fragment, hiragana or full name, without the legal form', async () => {
    for (const q of ['ｻｸﾗ', 'さくら', 'サクラ商', '株式会社サクラ', '（株）サクラ商事']) {
      const ids = await foundIds(`q=${encodeURIComponent(q)}`);
      expect(ids, q).toContain(sakura.user.id);
      expect(ids, q).not.toContain(other.user.id);
    }
  });

  it('finds the person by family + given name or given name (kana however typed), mail, phone digits, 申込番号', async () => {
    for (const q of [
      '佐藤',
      '佐藤はな',
      'ﾊﾅｺ',
      sakura.user.email.slice(0, 8).toUpperCase(),
      '0355550101',
      '03-5555',
      '０９０−１１１１',
      sakuraEntry.code,
    ]) {
      expect(await foundIds(`q=${encodeURIComponent(q)}`), q).toContain(sakura.user.id);
    }
    expect(await foundIds(`q=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('the item: names, identity, open entries, delinquency', async () => {
    const [item] = (await search(`q=${encodeURIComponent('ｻｸﾗ')}`)).results;
    expect(item).toMatchObject({
      id: sakura.user.id,
      email: sakura.user.email,
      company_name: '株式会社サクラ商事',
      office_phone: '03-5555-0101',
      identity_confirmation: REVIEW_STATUS.inadequate,
      open_entry_count: 1,
      delinquent: false,
    });
  });

  it('filters: identity status, an open entry, delinquent', async () => {
    expect(await foundIds('identity=inadequate&q=ｻｸﾗ')).toEqual([sakura.user.id]);
    expect(await foundIds('identity=confirmed&q=ｻｸﾗ')).toEqual([]);
    const open = await foundIds('open_entry=true&limit=100');
    expect(open).toContain(sakura.user.id);
    expect(open).not.toContain(other.user.id);
    expect(await foundIds('delinquent=true&limit=100')).not.toContain(sakura.user.id);
    await sql('update claims set status = 7 where entry_id = $1', [sakuraEntry.id]);
    expect(await foundIds('delinquent=true&limit=100')).toContain(sakura.user.id);
    const [item] = (await search('delinquent=true&q=ｻｸﾗ')).results;
    expect(item?.delinquent).toBe(true);
    await sql('update claims set status = 1 where entry_id = $1', [sakuraEntry.id]);
  });

  it('keyset pagination: newest first, next_cursor until the last page, every applicant once', async () => {
    const all = await search('limit=100');
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: StaffApplicantSearch = await search(`limit=1${cursor === null ? '' : `&cursor=${cursor}`}`);
      seen.push(...page.results.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.results.map((item) => item.id));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('400 for a query over 100 characters, an unknown identity status, a bad flag, cursor or limit', async () => {
    const errors = async (query: string) => {
      const response = await staff.get(`/api/staff/applicants/?${query}`);
      expect(response.statusCode).toBe(400);
      return response.json<Record<string, string[]>>();
    };
    expect(await errors(`q=${'あ'.repeat(101)}`)).toEqual({ q: [STAFF_APPLICANTS_MESSAGES.query] });
    expect(await errors('identity=approved')).toEqual({ identity: [STAFF_APPLICANTS_MESSAGES.identity] });
    expect(await errors('open_entry=yes')).toEqual({ open_entry: [STAFF_APPLICANTS_MESSAGES.flag] });
    expect(await errors('cursor=0')).toEqual({ cursor: [STAFF_APPLICANTS_MESSAGES.cursor] });
    expect(await errors('limit=101')).toEqual({ limit: [STAFF_APPLICANTS_MESSAGES.limit] });
  });

  it('400, not 500, for a query with U+0000, another control character or a bidi override (found by the catalogue fuzz test)', async () => {
    for (const q of ['\u0000', 'サクラ\u0000', '\u0007', '\u202Eラクサ']) {
      const response = await staff.get(`/api/staff/applicants/?q=${encodeURIComponent(q)}`);
      expect([response.statusCode, response.json()], JSON.stringify(q)).toEqual([400, { q: [PROFILE_MESSAGES.forbiddenCharacters] }]);
    }
    // A line break or a tab pasted with the name is still a search.
    expect((await staff.get(`/api/staff/applicants/?q=${encodeURIComponent('サクラ\n')}`)).statusCode).toBe(200);
  });

  it('is index-backed: each prefix condition can use its expression index', async () => {
    const client = await api.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = async (expression: string, value: string) =>
        (await client.query<{ 'QUERY PLAN': string }>(`explain select id from users where ${expression} like $1`, [value])).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      expect(await plan('tsumugi_corporation_key(company_name)', 'サクラ%')).toContain('users_search_company_idx');
      expect(await plan('tsumugi_search_key(last_name || first_name)', '佐藤%')).toContain('users_search_name_idx');
      expect(await plan('tsumugi_search_key(first_name)', 'ハナ%')).toContain('users_search_first_name_idx');
      expect(await plan('lower(email)', 'user%')).toContain('users_search_email_idx');
      expect(await plan('tsumugi_phone_key(office_phone)', '03%')).toContain('users_search_office_phone_idx');
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});

describe('GET /api/staff/applicants/{id}/ and the notes', () => {
  let a: Applicant;
  let entry: { id: number; code: string };
  const NOTE = '電話あり（社内メモ・確認用マーカー XJ-41）';
  beforeAll(async () => {
    a = await applicant(api, { registration: { company_name: '株式会社カエデ' } });
    const response = await submit(a.agent, completeDocument(await uploadCompleteFiles(a.agent)));
    entry = response.json<{ id: number; code: string }>();
    await api.mailer.idle();
  });

  it('the profile, every entry with its status, the mails sent (from the mail record), no notes yet', async () => {
    const response = await staff.get(`/api/staff/applicants/${a.user.id}/`);
    expect(response.statusCode).toBe(200);
    const detail = StaffApplicantDetailSchema.parse(response.json());
    expect(detail.applicant).toMatchObject({
      id: a.user.id,
      company_name: '株式会社カエデ',
      identity_confirmation: REVIEW_STATUS.confirming,
    });
    expect(detail.entries).toEqual([expect.objectContaining({ id: entry.id, code: entry.code, status: 1 })]);
    expect(detail.mails.map((mail) => mail.subject)).toEqual([
      '【ツムギ 請求書買取】お申し込みを受け付けました',
      '【ツムギ 請求書買取】メールアドレスのご確認',
    ]);
    expect(detail.mails[0]).toMatchObject({ to: a.user.email });
    expect(detail.notes).toEqual([]);
  });

  it('a note: 201, listed with who wrote it, audited; blank or too long is 400', async () => {
    const response = await staff.post(`/api/staff/applicants/${a.user.id}/notes/`, { body: `  ${NOTE}\n` });
    expect(response.statusCode).toBe(201);
    const note = StaffNoteSchema.parse(response.json());
    expect(note).toMatchObject({ body: NOTE, staff_id: reviewer.id, staff_name: '審査 花子' });
    const detail = StaffApplicantDetailSchema.parse((await staff.get(`/api/staff/applicants/${a.user.id}/`)).json());
    expect(detail.notes).toEqual([note]);
    const audit = (await auditRows(api, 'applicant.note_added')).filter((row) => row.subject_id === String(a.user.id));
    expect(audit).toEqual([
      { actor: `staff:${reviewer.id}`, subject_id: String(a.user.id), data: { note_id: note.id, length: [...NOTE].length } },
    ]);

    const blank = await staff.post(`/api/staff/applicants/${a.user.id}/notes/`, { body: ' \n ' });
    expect([blank.statusCode, blank.json()]).toEqual([400, { body: [STAFF_APPLICANTS_MESSAGES.noteBlank] }]);
    const long = await staff.post(`/api/staff/applicants/${a.user.id}/notes/`, { body: 'あ'.repeat(2001) });
    expect([long.statusCode, long.json()]).toEqual([400, { body: [STAFF_APPLICANTS_MESSAGES.noteTooLong(2000)] }]);
  });

  it('a note is human text (issue 23): a bidi or control character is 400 with the Japanese message, nothing stored; kept NFC', async () => {
    const notesNow = async () => StaffApplicantDetailSchema.parse((await staff.get(`/api/staff/applicants/${a.user.id}/`)).json()).notes;
    const before = await notesNow();
    for (const body of ['支払は\u202e日01月来\u202c予定', '電話済み\u0000', '折り返し\u2028不要', '\u200f確認済']) {
      const refused = await staff.post(`/api/staff/applicants/${a.user.id}/notes/`, { body });
      expect([refused.statusCode, refused.json()], JSON.stringify(body)).toEqual([
        400,
        { body: [HUMAN_TEXT_MESSAGES.forbiddenCharacters] },
      ]);
    }
    expect(await notesNow()).toEqual(before);
    // Several lines and a tab stay a note's own; a decomposed か + ゛ is stored as one が (NFC), as every human text.
    const kept = await staff.post(`/api/staff/applicants/${a.user.id}/notes/`, { body: '1行目\n\t2行目 か\u3099' });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(StaffNoteSchema.parse(kept.json()).body).toBe('1行目\n\t2行目 が');
  });

  it('no applicant answer ever contains a note (every applicant GET, POST /api/me/, the entry)', async () => {
    // Every applicant GET that answers and ends: the live-status stream (`file` success, an open
    // text/event-stream) carries notices only, never data, and would keep this request open.
    const applicantReads = listEndpoints(endpoints).filter(
      (e) => e.access === 'applicant' && e.method === 'GET' && !e.path.includes('{') && e.path !== endpoints.events.stream.path,
    );
    expect(applicantReads.length).toBeGreaterThan(3);
    const answers = await Promise.all([
      ...applicantReads.map((e) => a.agent.get(e.path)),
      a.agent.post('/api/me/', {}),
      a.agent.get(`/api/entries/${entry.id}/`),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.body).not.toContain('XJ-41');
      expect(answer.body).not.toContain('社内メモ');
    }
  });

  it('an unknown applicant is 404 for the page and the note; an applicant on these staff routes is 403', async () => {
    expect((await staff.get('/api/staff/applicants/987654321/')).statusCode).toBe(404);
    expect((await staff.post('/api/staff/applicants/987654321/notes/', { body: 'メモ' })).statusCode).toBe(404);
    for (const response of [
      await a.agent.get(`/api/staff/applicants/${a.user.id}/`),
      await a.agent.post(`/api/staff/applicants/${a.user.id}/notes/`, { body: 'メモ' }),
      await a.agent.get('/api/staff/applicants/?q=a'),
      await a.agent.get('/api/staff/identity-queue/'),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });

  it('every staff role may read and write notes (reviewer, approver, admin)', async () => {
    for (const role of ['approver', 'admin'] as const) {
      const agent = await staffAgent(api, await createStaff(api, { role }));
      expect((await agent.get(`/api/staff/applicants/${a.user.id}/`)).statusCode).toBe(200);
      expect((await agent.post(`/api/staff/applicants/${a.user.id}/notes/`, { body: `${role}のメモ` })).statusCode).toBe(201);
    }
  });
});

describe('GET /api/staff/identity-queue/', () => {
  it('identities 確認中, oldest submission first; a decision takes the applicant out of the queue', async () => {
    const later = await applicant(api, { identity: REVIEW_STATUS.nothing });
    const earlier = await applicant(api, { identity: REVIEW_STATUS.nothing });
    const submitted = async (userId: number, at: string) => {
      await sql(
        "insert into audit_log (occurred_at, actor, event, subject_type, subject_id) values ($2, $3, 'identity.submitted', 'user', $1)",
        [String(userId), at, `user:${userId}`],
      );
      await sql('update users set identity_confirmation = 1 where id = $1', [userId]);
    };
    await submitted(later.user.id, '2026-03-02T00:00:00Z');
    await submitted(earlier.user.id, '2026-03-01T00:00:00Z');

    const load = async () => {
      const response = await staff.get('/api/staff/identity-queue/?limit=100');
      expect(response.statusCode).toBe(200);
      return StaffIdentityQueueSchema.parse(response.json());
    };
    const queue = await load();
    const ids = queue.results.map((item) => item.applicant.id);
    expect(ids.indexOf(earlier.user.id)).toBeLessThan(ids.indexOf(later.user.id));
    expect(ids.indexOf(earlier.user.id)).toBeGreaterThanOrEqual(0);
    expect(queue.results.every((item) => item.applicant.identity_confirmation === REVIEW_STATUS.confirming)).toBe(true);
    expect(queue.count).toBe(queue.results.length);
    expect(queue.results.find((item) => item.applicant.id === earlier.user.id)?.submitted_at).toBe('2026-03-01T09:00:00.000000+09:00');

    const decided = await staff.post(`/api/staff/users/${earlier.user.id}/identity/`, { decision: 'confirmed', valid_date: '2031-03-31' });
    expect(decided.statusCode).toBe(200);
    const after = await load();
    expect(after.results.map((item) => item.applicant.id)).not.toContain(earlier.user.id);
    expect(after.count).toBe(queue.count - 1);
    // A page further on: the same order, offset by one.
    const second = StaffIdentityQueueSchema.parse((await staff.get('/api/staff/identity-queue/?limit=100&offset=1')).json());
    expect(second.results.map((item) => item.applicant.id)).toEqual(after.results.slice(1).map((item) => item.applicant.id));
  });
});
