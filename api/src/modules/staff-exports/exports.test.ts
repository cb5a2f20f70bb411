import { STAFF_EXPORT_MESSAGES, STAFF_EXPORTS, type Entry } from '@app/contracts';
import { CLAIM_STATUS, ENTRY_STATUS } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createStaff, newAgent, staffAgent, startTestApi, type Agent, type TestApi } from '../../test/api';
import { applicant, completeDocument, submit, uploadCompleteFiles, type Applicant } from '../entries/testing';

let api: TestApi;
let approving: Agent;
let reviewing: Agent;
let admin: Agent;
beforeAll(async () => {
  api = await startTestApi();
  approving = await staffAgent(api, await createStaff(api, { name: '承認 花子', role: 'approver' }));
  reviewing = await staffAgent(api, await createStaff(api, { name: '審査 一郎', role: 'reviewer' }));
  admin = await staffAgent(api, await createStaff(api, { name: '管理 次郎', role: 'admin' }));
});
afterAll(async () => {
  await api?.close();
});

const sql = (text: string, values: unknown[]) => api.database.pool.query(text, values);
const ACCOUNT = 'みずほ銀行 渋谷支店 普通 1234567 カ）ハイパーリンク';

/**
 * An applicant's entry moved (as the decisions and the signature move it) to paid out at
 * `transferredAt`, signed a day before: its claim (face 1,100,000 yen) bought for 759,340 yen (fee 40,000, charge 660).
 */
async function paidOut(transferredAt: Date, companyName: string): Promise<Applicant & { entry: Entry }> {
  const a = await applicant(api);
  await sql('update users set company_name = $2 where id = $1', [a.user.id, companyName]);
  const response = await submit(a.agent, completeDocument(await uploadCompleteFiles(a.agent)));
  if (response.statusCode !== 201) throw new Error(`entry: ${response.statusCode} ${response.body}`);
  const entry = response.json<Entry>();
  const contractedAt = new Date(transferredAt.getTime() - 86_400_000);
  await sql(
    `update entries set status = $2, transferred_at = $3, contracted_at = $4, contract_period = '2026-04-30', bank_account = $5,
       contract_party = jsonb_build_object('corporate_division', 1, 'company_name', $6::text, 'last_name', '山田', 'first_name', '太郎')
     where id = $1`,
    [entry.id, ENTRY_STATUS.transferred, transferredAt, contractedAt, ACCOUNT, companyName],
  );
  await sql(
    `update claims set status = $2, purchase_amount = 759340, purchase_fee = 40000, bank_charge = 660, purchase_principal_amount = 800000 where entry_id = $1`,
    [entry.id, CLAIM_STATUS.transferred],
  );
  return { ...a, entry };
}

/** The back office's own request: the staff page sends X-CSRFToken on every call. */
const download = (agent: Agent, kind: 'payouts' | 'contracts', query: string) =>
  agent.get(`/api/staff/exports/${kind}/?${query}`, { csrf: true });

/** The rows of a CSV as written by toCsv (quoted cells, no line breaks inside). */
const rowsOf = (body: string): string[][] =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replace(/""/g, '"')));

describe('GET /api/staff/exports/payouts/ and contracts/', () => {
  it('payouts of the period as a CSV: BOM, the header, one row per payout, an applicant named as a formula neutralised; audited', async () => {
    const inside = await paidOut(new Date('2026-03-31T16:30:00Z'), '=HYPERLINK("http://evil.example/","x")'); // 4/1 01:30 JST
    await paidOut(new Date('2026-03-31T14:00:00Z'), '株式会社前日商事'); // 3/31 23:00 JST: the day before the period
    const response = await download(approving, 'payouts', 'from=2026-04-01&to=2026-04-01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="payouts_2026-04-01_2026-04-01.csv"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.startsWith('\uFEFF"入金日時"')).toBe(true);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example/"",""x"")"`);
    const rows = rowsOf(response.body);
    expect(rows[0]).toEqual([...STAFF_EXPORTS.payouts.header]);
    expect(rows.slice(1)).toEqual([
      [
        '2026年4月1日 01:30',
        inside.entry.code,
        `'=HYPERLINK("http://evil.example/","x")`,
        '1',
        '1100000',
        '40000',
        '660',
        '759340',
        'みずほ銀行 渋谷支店 普通 ****567 カ）ハイパーリンク',
      ],
    ]);
    const audit = (await auditRows(api, 'staff.export_downloaded')).at(-1);
    expect(audit).toMatchObject({
      actor: expect.stringMatching(/^staff:\d+$/) as unknown,
      data: { export: 'payouts', from: '2026-04-01', to: '2026-04-01', rows: 1 },
    });
  });

  it('contracts of the period, the party as fixed at approval; an admin may download too', async () => {
    const a = await paidOut(new Date('2026-04-03T03:00:00Z'), '株式会社契約商事');
    const response = await download(admin, 'contracts', 'from=2026-04-02&to=2026-04-02');
    expect(response.statusCode).toBe(200);
    const rows = rowsOf(response.body);
    expect(rows[0]).toEqual([...STAFF_EXPORTS.contracts.header]);
    expect(rows.slice(1)).toEqual([
      ['2026年4月2日 12:00', a.entry.code, '株式会社契約商事', '山田 太郎', '1', '1100000', '759340', '40000', '2026-04-30'],
    ]);
  });

  it('an empty period: the header only', async () => {
    const response = await download(approving, 'payouts', 'from=2025-01-01&to=2025-01-31');
    expect(response.statusCode).toBe(200);
    expect(rowsOf(response.body)).toEqual([[...STAFF_EXPORTS.payouts.header]]);
  });

  it('a reviewer, an applicant and a visitor get 403; nothing is audited', async () => {
    const before = (await auditRows(api, 'staff.export_downloaded')).length;
    const a = await applicant(api);
    for (const agent of [reviewing, a.agent, await newAgent(api)]) {
      for (const kind of ['payouts', 'contracts'] as const) {
        expect((await download(agent, kind, 'from=2026-04-01&to=2026-04-30')).statusCode).toBe(403);
      }
    }
    expect(await auditRows(api, 'staff.export_downloaded')).toHaveLength(before);
  });

  it('a request that is not the back office’s own (a link on another site) is refused in Japanese, not served unaudited', async () => {
    const before = (await auditRows(api, 'staff.export_downloaded')).length;
    const response = await approving.get('/api/staff/exports/payouts/?from=2026-04-01&to=2026-04-30');
    expect([response.statusCode, response.json()]).toEqual([403, { detail: STAFF_EXPORT_MESSAGES.notOwnPage }]);
    const sameOrigin = await approving.get('/api/staff/exports/payouts/?from=2026-04-01&to=2026-04-30', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(await auditRows(api, 'staff.export_downloaded')).toHaveLength(before + 1);
  });

  it.each([
    ['to before from', 'from=2026-04-02&to=2026-04-01', { to: [STAFF_EXPORT_MESSAGES.order] }],
    ['more than 366 days', 'from=2025-01-01&to=2026-01-02', { to: [STAFF_EXPORT_MESSAGES.tooLong] }],
  ])('%s: 400 with the Japanese message', async (_why, query, body) => {
    const response = await download(approving, 'payouts', query);
    expect([response.statusCode, response.json()]).toEqual([400, body]);
  });

  it('a missing or impossible date: 400 naming the field', async () => {
    for (const query of ['to=2026-04-01', 'from=2026-02-30&to=2026-03-01', 'from=0000-12-31&to=2026-01-01']) {
      const response = await download(approving, 'contracts', query);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>()).length).toBeGreaterThan(0);
    }
  });
});
