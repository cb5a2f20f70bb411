import { ACCOUNT_MESSAGES, EntryListSchema, EntrySchema, UPLOAD_MESSAGES, type Entry } from '@app/contracts';
import {
  CLAIM_STATUS,
  ENTRY_STATUS,
  FORMAT_MESSAGES,
  MESSAGES,
  NEW_ENTRY_BLOCK_MESSAGES,
  PAYOUT_ACCOUNT_MESSAGES,
  REVIEW_STATUS,
  normalizeAccountHolderName,
} from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_DETAIL } from '../../http/errors';
import { MAIL_SUBJECTS } from '../../mail/templates';
import { setSuppressEntries } from '../system-settings/service';
import { PUBLIC_URL, auditRows, mailsTo, newAgent, startTestApi, type Agent, type TestApi } from '../../test/api';
import { ENTRY_MESSAGES } from './messages';
import {
  PAYOUT_ACCOUNT,
  PDF,
  applicant,
  completeClaim,
  completeDocument,
  putDraft,
  saveOver,
  submit,
  upload,
  uploadCompleteFiles,
  type Applicant,
  type CompleteFiles,
  type Document,
} from './testing';

/**
 * Entries (issue #10): POST /api/entries/ turns the draft into an entry under review — every §5
 * rule, the files, the §4 new-entry conditions, the draft version — and GET /api/entries/(id/)
 * answer the applicant's own entries only.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const entryOf = (response: { json: () => unknown }): Entry => EntrySchema.parse(response.json());
const sql = (text: string, values: unknown[]) => api.database.pool.query(text, values);
const meOf = async (agent: Agent) =>
  (await agent.post('/api/me/', {})).json<{ withdrawals_detail_status: number; financial_statements_status: number }>();

async function ready(options: Parameters<typeof applicant>[1] = {}): Promise<Applicant & { files: CompleteFiles; document: Document }> {
  const a = await applicant(api, options);
  const files = await uploadCompleteFiles(a.agent);
  return { ...a, files, document: completeDocument(files) };
}

describe('POST /api/entries/: a complete first submit', () => {
  let a: Applicant & { files: CompleteFiles; document: Document };
  let entry: Entry;
  let draftVersion: number;
  beforeAll(async () => {
    a = await ready();
    draftVersion = await saveOver(a.agent, a.document);
    const response = await a.agent.post('/api/entries/', { ...a.document, draft_version: draftVersion });
    expect(response.statusCode, response.body).toBe(201);
    entry = entryOf(response);
  });

  it('creates the entry and its claim under review, with the amounts as decimal strings', () => {
    expect(entry).toMatchObject({
      code: `E-${String(entry.id).padStart(6, '0')}`,
      status: ENTRY_STATUS.under_review,
      account_activity_statement_confirmation_status: REVIEW_STATUS.confirming,
      financial_statement_confirmation_status: REVIEW_STATUS.confirming,
      purchase_amount_desired: '1000000',
      purpose: '仕入れ資金',
      user: a.user.id,
      contracted_at: null,
      created_at: '2026-04-01T09:00:00.000000+09:00',
      bank_account: PAYOUT_ACCOUNT,
    });
    expect(entry.claims).toHaveLength(1);
    expect(entry.claims[0]).toMatchObject({
      code: `C-${String(entry.claims[0]!.id).padStart(6, '0')}`,
      status: CLAIM_STATUS.under_review,
      invoice_confirmation_status: REVIEW_STATUS.confirming,
      additional_doc_confirmation_status: REVIEW_STATUS.confirming,
      obliger_company_name: '株式会社サンプル商事',
      houjinbangou: '1010001000006',
      amount: '1100000',
      scheduled_deposit_amount_from_obliger: '1100000',
      purchase_amount: null,
      obliger_payment_date: '2026-06-30',
      is_fixed_debt: true,
      is_bank_transfer_from_obliger: true,
    });
  });

  it('copies the payer’s holder name as normalised (half-width kana typed, full-width stored)', () => {
    const typed = 'ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ';
    expect(entry.claims[0]!.receive_payment_account).toEqual({
      bank_name: 'みずほ銀行',
      deposit_type: 'ordinary',
      bank_account_number: '1234567',
      obliger_accounts: [{ holder_name: normalizeAccountHolderName(typed).value }],
    });
    expect(normalizeAccountHolderName(typed).value).toBe('カ）サンプルショウジ');
  });

  it('lists the files: the claim’s invoice and additional document, the entry’s statements', () => {
    const f = a.files;
    const row = { content_type: 'application/pdf', size: PDF.length, created_at: '2026-04-01T00:00:00.000Z' };
    expect(entry.claims[0]!.contentfiles).toEqual([
      { id: f.invoice, kind: 'invoice-1', name: '請求書.pdf', ...row },
      { id: f.additional, kind: 'additional_doc-1', name: '注文書.pdf', ...row },
    ]);
    expect(entry.addfiles.map((file) => [file.id, file.kind])).toEqual([
      [f.cover, 'passbook_cover'],
      [f.details, 'passbook_details'],
      [f.pl, 'pl'],
      [f.bs, 'bs'],
      [f.breakdown, 'breakdown_statement'],
      [f.sga, 'sga_expenses'],
    ]);
    expect(entry.metadata).toMatchObject({
      financial_statement_type: 'financialStatements',
      banks: [{ key: '1', bank_name: 'みずほ銀行', bank_account_number: '7654321', file_format: 'passbook', files: [f.cover, f.details] }],
    });
  });

  it('clears the draft and sets the statements the applicant sent to confirming', async () => {
    expect((await a.agent.get('/api/entries/draft/')).json()).toMatchObject({ version: 0, updated_at: null, data: { claims: [] } });
    expect(await meOf(a.agent)).toMatchObject({
      withdrawals_detail_status: REVIEW_STATUS.confirming,
      financial_statements_status: REVIEW_STATUS.confirming,
    });
  });

  it('mails the applicant the code and what happens next', async () => {
    const mails = (await mailsTo(api, a.user.email)).filter((m) => m.subject === MAIL_SUBJECTS.entryReceived);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain(`申込番号: ${entry.code}`);
    expect(mail.text).toContain('希望買取額: 1,000,000円');
    expect(mail.text).toContain('請求書1: 株式会社サンプル商事（額面 1,100,000円）');
    expect(mail.text).toContain(`${PUBLIC_URL}/entry/detail/${entry.id}`);
    expect(mail.text).toContain('今後の流れ');
    expect(mail.html).toContain(entry.code);
  });

  it('writes the entry, its claims and files to the audit log', async () => {
    const rows = (await auditRows(api, 'entry.created')).filter((row) => row.subject_id === String(entry.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor).toBe(`user:${a.user.id}`);
    expect(rows[0]!.data).toMatchObject({
      code: entry.code,
      status: ENTRY_STATUS.under_review,
      claims: [{ id: entry.claims[0]!.id, code: entry.claims[0]!.code, status: CLAIM_STATUS.under_review }],
      draft: { version: draftVersion },
      before: { withdrawals_detail_status: REVIEW_STATUS.nothing, financial_statements_status: REVIEW_STATUS.nothing },
      after: { withdrawals_detail_status: REVIEW_STATUS.confirming, financial_statements_status: REVIEW_STATUS.confirming },
    });
    expect((rows[0]!.data.files as number[]).sort()).toEqual(Object.values(a.files).sort());
  });

  it('answers the entry in GET /api/entries/ and GET /api/entries/{id}/', async () => {
    const list = EntryListSchema.parse((await a.agent.get('/api/entries/')).json());
    expect(list).toEqual([entry]);
    const one = await a.agent.get(`/api/entries/${entry.id}/`);
    expect(one.statusCode).toBe(200);
    expect(entryOf(one)).toEqual(entry);
  });

  it('a submitted file can no longer be deleted (400), nor put in a new draft', async () => {
    for (const id of [a.files.invoice, a.files.pl, a.files.cover]) {
      const response = await a.agent.delete(`/api/uploads/${id}/`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: [UPLOAD_MESSAGES.submitted] });
    }
    expect((await a.agent.get('/api/uploads/')).json<{ id: number }[]>().map((f) => f.id)).toEqual(
      expect.arrayContaining([a.files.invoice, a.files.pl, a.files.cover]),
    );
    const reuse = await putDraft(a.agent, 0, {
      claims: [{ key: '1', contentfile_relations: [{ id: a.files.invoice, kind: 'invoice-1' }] }],
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ 'claims.0.contentfile_relations': [ENTRY_MESSAGES.fileSubmitted(a.files.invoice)] });
    // A file never submitted is still deletable.
    const spare = await upload(a.agent, 'invoice');
    expect((await a.agent.delete(`/api/uploads/${spare}/`)).statusCode).toBe(204);
  });

  it('refuses a second entry while this one is under review (§4), with the reason', async () => {
    const files = await uploadCompleteFiles(a.agent);
    const response = await submit(a.agent, completeDocument(files));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [NEW_ENTRY_BLOCK_MESSAGES.entryInProgress] });
    expect(EntryListSchema.parse((await a.agent.get('/api/entries/')).json())).toHaveLength(1);
  });

  it('another applicant gets 404 for this entry and sees none of it', async () => {
    const other = await applicant(api);
    const response = await other.agent.get(`/api/entries/${entry.id}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NOT_FOUND_DETAIL });
    expect((await other.agent.get('/api/entries/')).json()).toEqual([]);
    expect((await other.agent.get('/api/entries/99999/')).statusCode).toBe(404);
  });
});

describe('POST /api/entries/: the payout account is the entry’s own copy', () => {
  it('no fallback to the profile’s account: a draft without one is refused even when the profile has one', async () => {
    const a = await ready();
    await sql('update users set bank_account = $2 where id = $1', [a.user.id, 'みずほ銀行 渋谷支店 普通 7777777 カ）ツムギ']);
    const response = await submit(a.agent, { ...a.document, bank_account: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ bank_account: [PAYOUT_ACCOUNT_MESSAGES.required] });
  });

  it('a later PATCH /api/profile/ of the bank account leaves the entry’s account as submitted', async () => {
    const a = await ready();
    await sql('update users set bank_account = $2 where id = $1', [a.user.id, PAYOUT_ACCOUNT]);
    const created = await submit(a.agent, a.document);
    expect(created.statusCode, created.body).toBe(201);
    const id = entryOf(created).id;
    const profile = (await a.agent.get('/api/profile/')).json<{ version: number }>();
    const changed = await a.agent.patch('/api/profile/', {
      version: profile.version,
      bank_account: 'みずほ銀行 渋谷支店 当座 7654321 カ）ベツメイギ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ bank_account: 'みずほ銀行 渋谷支店 当座 7654321 カ）ベツメイギ' });
    expect(entryOf(await a.agent.get(`/api/entries/${id}/`)).bank_account).toBe(PAYOUT_ACCOUNT);
  });
});

describe('POST /api/entries/: the draft version', () => {
  it('409 when the draft changed since (another tab), or there is none; nothing is created', async () => {
    const a = await ready();
    const version = await saveOver(a.agent, a.document);
    await putDraft(a.agent, version, a.document); // another tab saved meanwhile
    const stale = await a.agent.post('/api/entries/', { ...a.document, draft_version: version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: ACCOUNT_MESSAGES.versionConflict });

    const b = await ready();
    const none = await b.agent.post('/api/entries/', { ...b.document, draft_version: 1 });
    expect(none.statusCode).toBe(409);
    expect((await a.agent.get('/api/entries/')).json()).toEqual([]);
    expect((await b.agent.get('/api/entries/')).json()).toEqual([]);
    expect((await a.agent.get('/api/entries/draft/')).json<{ version: number }>().version).toBe(version + 1);
  });

  it('two submits of one draft at once: one entry, the other 409', async () => {
    const a = await ready();
    const version = await saveOver(a.agent, a.document);
    const responses = await Promise.all([1, 2, 3].map(() => a.agent.post('/api/entries/', { ...a.document, draft_version: version })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await a.agent.get('/api/entries/')).json()).toHaveLength(1);
  });

  it('403 for a visitor, before the body is read', async () => {
    const response = await (await newAgent(api)).post('/api/entries/', {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});

type Change = (d: Document, f: CompleteFiles) => unknown;
const claimWith = (d: Document, changes: Record<string, unknown>) => ({ ...d, claims: [{ ...d.claims[0]!, ...changes }] });
const accountWith = (d: Document, changes: Record<string, unknown>) =>
  claimWith(d, { receive_payment_account: { ...d.claims[0]!.receive_payment_account, ...changes } });
const holder = (d: Document, name: string) => accountWith(d, { obliger_accounts: [{ holder_name: name }] });

/**
 * Every §5 rule of a first submit through the API: each case changes one thing of a complete entry
 * and expects exactly these errors (field path → messages). The applicant's draft is saved once;
 * the body is what is submitted (its version is the draft's).
 */
describe('POST /api/entries/: the §5 rules', () => {
  let a: Applicant & { files: CompleteFiles; document: Document };
  let version: number;
  beforeAll(async () => {
    a = await ready();
    version = await saveOver(a.agent, a.document);
  });

  type Expected = Record<string, string[]> | ((f: CompleteFiles) => Record<string, string[]>);
  const cases: [string, Change, Expected][] = [
    ['purchase_amount_desired missing', (d) => ({ ...d, purchase_amount_desired: '' }), { purchase_amount_desired: [MESSAGES.required] }],
    ['purpose missing', (d) => ({ ...d, purpose: '　' }), { purpose: [MESSAGES.required] }],
    ['no claim', (d) => ({ ...d, claims: [] }), { claims: [MESSAGES.noClaims] }],
    [
      'a 6th claim',
      (d) => ({ ...d, claims: ['1', '2', '3', '4', '5', '6'].map((key) => completeClaim(key)) }),
      { claims: [MESSAGES.tooManyClaims] },
    ],
    [
      'obliger_company_name missing',
      (d) => claimWith(d, { obliger_company_name: '' }),
      { 'claims.0.obliger_company_name': [MESSAGES.required] },
    ],
    ['amount missing', (d) => claimWith(d, { amount: null }), { 'claims.0.amount': [MESSAGES.required] }],
    [
      'scheduled deposit missing',
      (d) => claimWith(d, { scheduled_deposit_amount_from_obliger: '' }),
      { 'claims.0.scheduled_deposit_amount_from_obliger': [MESSAGES.required] },
    ],
    ['payment date missing', (d) => claimWith(d, { obliger_payment_date: '' }), { 'claims.0.obliger_payment_date': [MESSAGES.required] }],
    ['an amount that is not whole yen', (d) => claimWith(d, { amount: '1000.5' }), { 'claims.0.amount': [FORMAT_MESSAGES.yen] }],
    [
      'a date that is not a date',
      (d) => claimWith(d, { obliger_payment_date: '2026-02-30' }),
      { 'claims.0.obliger_payment_date': [FORMAT_MESSAGES.date] },
    ],
    [
      'bank name missing (first submit)',
      (d) => accountWith(d, { bank_name: '' }),
      { 'claims.0.receive_payment_account.bank_name': [MESSAGES.required] },
    ],
    [
      'a 6-digit account number',
      (d) => accountWith(d, { bank_account_number: '123456' }),
      { 'claims.0.receive_payment_account.bank_account_number': [MESSAGES.bankAccountNumber] },
    ],
    [
      'an account number with a dash',
      (d) => accountWith(d, { bank_account_number: '123-4567' }),
      { 'claims.0.receive_payment_account.bank_account_number': [MESSAGES.bankAccountNumber] },
    ],
    [
      'a deposit type other than 普通/当座',
      (d) => accountWith(d, { deposit_type: 'savings' }),
      { 'claims.0.receive_payment_account.deposit_type': [MESSAGES.depositType] },
    ],
    [
      'no deposit type',
      (d) => accountWith(d, { deposit_type: null }),
      { 'claims.0.receive_payment_account.deposit_type': [MESSAGES.depositType] },
    ],
    [
      'a holder name with ヲ',
      (d) => holder(d, 'ヲカダ'),
      { 'claims.0.receive_payment_account.obliger_accounts.0.holder_name': [MESSAGES.accountHolderName] },
    ],
    [
      'a holder name with kanji',
      (d) => holder(d, '山田商事'),
      { 'claims.0.receive_payment_account.obliger_accounts.0.holder_name': [MESSAGES.accountHolderName] },
    ],
    [
      'a holder name of 31 characters',
      (d) => holder(d, 'ア'.repeat(31)),
      { 'claims.0.receive_payment_account.obliger_accounts.0.holder_name': [MESSAGES.accountHolderName] },
    ],
    [
      'a holder name of symbols only',
      (d) => holder(d, '（）ー'),
      { 'claims.0.receive_payment_account.obliger_accounts.0.holder_name': [MESSAGES.accountHolderName] },
    ],
    [
      'a blank holder name',
      (d) => holder(d, ''),
      { 'claims.0.receive_payment_account.obliger_accounts.0.holder_name': [MESSAGES.accountHolderName] },
    ],
    [
      'no payer account',
      (d) => accountWith(d, { obliger_accounts: [] }),
      { 'claims.0.receive_payment_account.obliger_accounts': [ENTRY_MESSAGES.obligerAccounts] },
    ],
    [
      'not confirmed as a fixed debt',
      (d) => claimWith(d, { is_fixed_debt: false }),
      { 'claims.0.is_fixed_debt': [ENTRY_MESSAGES.fixedDebt] },
    ],
    [
      'not confirmed as paid by bank transfer',
      (d) => claimWith(d, { is_bank_transfer_from_obliger: null }),
      { 'claims.0.is_bank_transfer_from_obliger': [ENTRY_MESSAGES.bankTransfer] },
    ],
    [
      'a face amount of 0',
      (d) => ({ ...claimWith(d, { amount: '0' }), purchase_amount_desired: '0' }),
      { 'claims.0.amount': [ENTRY_MESSAGES.positiveAmount], purchase_amount_desired: [ENTRY_MESSAGES.purchaseAmountDesired] },
    ],
    [
      'a desired amount above the claims’ face total',
      (d) => ({ ...d, purchase_amount_desired: '1100001' }),
      { purchase_amount_desired: [ENTRY_MESSAGES.purchaseAmountDesired] },
    ],
    [
      'no invoice file (only an additional document)',
      (d, f) => claimWith(d, { contentfile_relations: [{ id: f.additional, kind: 'additional_doc-1' }] }),
      { 'claims.0.contentfile_relations': [ENTRY_MESSAGES.invoiceFile] },
    ],
    [
      'financial statements: can-submit not answered',
      (d) => ({ ...d, can_submit_financial_statements: null }),
      { can_submit_financial_statements: [ENTRY_MESSAGES.financialChoice] },
    ],
    [
      'financial statements: the SG&A statement missing',
      (d) => ({ ...d, financial_statement_files: d.financial_statement_files.filter((f) => f.kind !== 'sga_expenses') }),
      { financial_statement_files: [ENTRY_MESSAGES.missingFiles(['sga_expenses'])] },
    ],
    [
      'trial balance (cannot submit statements) without tb_pl and tb_bs',
      (d) => ({ ...d, can_submit_financial_statements: false }),
      { financial_statement_files: [ENTRY_MESSAGES.missingFiles(['tb_pl', 'tb_bs'])] },
    ],
    ['withdrawals details: no bank', (d) => ({ ...d, banks: [] }), { banks: [ENTRY_MESSAGES.noBanks] }],
    [
      'withdrawals details: the passbook details missing, the number wrong, the bank name blank',
      (d) => ({
        ...d,
        banks: [
          {
            ...d.banks[0]!,
            bank_name: '',
            bank_account_number: '76543',
            contentfile_relations: d.banks[0]!.contentfile_relations.slice(0, 1),
          },
        ],
      }),
      {
        'banks.0.bank_name': [MESSAGES.required],
        'banks.0.bank_account_number': [MESSAGES.bankAccountNumber],
        'banks.0.contentfile_relations': [ENTRY_MESSAGES.missingFiles(['passbook_details'])],
      },
    ],
    [
      'withdrawals details: internet banking needs its own pair',
      (d) => ({ ...d, banks: [{ ...d.banks[0]!, file_format: 'ib' }] }),
      { 'banks.0.contentfile_relations': [ENTRY_MESSAGES.missingFiles(['ib_info', 'ib_details'])] },
    ],
    [
      'one file in two places',
      (d, f) => ({ ...d, financial_statement_files: [...d.financial_statement_files, { id: f.invoice, kind: 'pl' }] }),
      (f) => ({ financial_statement_files: [ENTRY_MESSAGES.fileUsedTwice(f.invoice)] }),
    ],
    [
      'a file in a place that does not take its kind (a 損益計算書 as an invoice)',
      (d, f) => ({
        ...claimWith(d, {
          contentfile_relations: [
            { id: f.invoice, kind: 'invoice-1' },
            { id: f.pl, kind: 'invoice-1' },
          ],
        }),
        financial_statement_files: d.financial_statement_files.filter((file) => file.id !== f.pl),
      }),
      (f) => ({
        'claims.0.contentfile_relations': [ENTRY_MESSAGES.fileWrongPlace(f.pl, 'pl')],
        financial_statement_files: [ENTRY_MESSAGES.missingFiles(['pl'])],
      }),
    ],
    ['no payout account (null)', (d) => ({ ...d, bank_account: null }), { bank_account: [PAYOUT_ACCOUNT_MESSAGES.required] }],
    ['no payout account (blank)', (d) => ({ ...d, bank_account: '  ' }), { bank_account: [PAYOUT_ACCOUNT_MESSAGES.required] }],
    [
      'a payout account without the holder',
      (d) => ({ ...d, bank_account: 'りそな銀行 新宿支店 普通 1234567' }),
      { bank_account: [PAYOUT_ACCOUNT_MESSAGES.holderRequired] },
    ],
    [
      'a payout account number of 6 digits',
      (d) => ({ ...d, bank_account: 'りそな銀行 新宿支店 普通 123456 カ）ツムギ' }),
      { bank_account: [MESSAGES.bankAccountNumber] },
    ],
    [
      'the applicant’s own bank account string, malformed',
      (d) => ({ ...d, bank_account: 'みずほ銀行 渋谷支店 普通' }),
      { bank_account: [FORMAT_MESSAGES.bankAccount] },
    ],
  ];

  it.each(cases)('%s', async (_name, change, expected) => {
    const body = { ...(change(structuredClone(a.document), a.files) as object), draft_version: version };
    const response = await a.agent.post('/api/entries/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(typeof expected === 'function' ? expected(a.files) : expected);
  });

  it('nothing was created by any of them, and the draft is still there', async () => {
    expect((await a.agent.get('/api/entries/')).json()).toEqual([]);
    expect((await a.agent.get('/api/entries/draft/')).json<{ version: number }>().version).toBe(version);
  });

  it('another applicant’s upload is refused, naming the list (and stays theirs)', async () => {
    const other = await applicant(api);
    const theirs = await upload(other.agent, 'invoice');
    const body = { ...claimWith(a.document, { contentfile_relations: [{ id: theirs, kind: 'invoice-1' }] }), draft_version: version };
    const response = await a.agent.post('/api/entries/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'claims.0.contentfile_relations': [ACCOUNT_MESSAGES.fileNotFound(theirs), ENTRY_MESSAGES.invoiceFile],
    });
    expect((await other.agent.delete(`/api/uploads/${theirs}/`)).statusCode).toBe(204);
  });

  it('accepts what the page accepts: holder names typed in hiragana, half-width or with ヰ ヱ ヵ ヶ, full-width account numbers; the deposit warning does not block', async () => {
    const body = {
      ...accountWith(a.document, {
        bank_account_number: '１２３４５６７',
        obliger_accounts: [{ holder_name: 'ゐすきー しょうじ' }, { holder_name: 'ｶ)ｹｰｷ' }, { holder_name: 'ヵヶヱヰヮ' }],
      }),
      draft_version: version,
    };
    body.claims[0] = { ...body.claims[0]!, scheduled_deposit_amount_from_obliger: '1200000' };
    const response = await a.agent.post('/api/entries/', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(entryOf(response).claims[0]!.receive_payment_account).toEqual({
      bank_name: 'みずほ銀行',
      deposit_type: 'ordinary',
      bank_account_number: '1234567',
      obliger_accounts: [{ holder_name: 'ヰスキー　ショウジ' }, { holder_name: 'カ）ケーキ' }, { holder_name: 'ヵヶヱヰヮ' }],
    });
    expect(entryOf(response).claims[0]!.scheduled_deposit_amount_from_obliger).toBe('1200000');
  });
});

describe('POST /api/entries/: documents already with the operator, individuals, the account step', () => {
  it('withdrawals details and financial statements already confirming/confirmed: not asked again, statuses kept', async () => {
    const a = await applicant(api);
    await sql('update users set withdrawals_detail_status = $2, financial_statements_status = $3 where id = $1', [
      a.user.id,
      REVIEW_STATUS.confirmed,
      REVIEW_STATUS.confirming,
    ]);
    const invoice = await upload(a.agent, 'invoice');
    const response = await submit(a.agent, {
      purchase_amount_desired: '500000',
      purpose: '運転資金',
      claims: [completeClaim('4', [{ id: invoice, kind: 'invoice-4' }])],
      bank_account: PAYOUT_ACCOUNT,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(entryOf(response)).toMatchObject({
      account_activity_statement_confirmation_status: REVIEW_STATUS.confirmed,
      financial_statement_confirmation_status: REVIEW_STATUS.confirming,
      addfiles: [],
    });
    expect(entryOf(response).claims[0]!.contentfiles).toEqual([
      {
        id: invoice,
        kind: 'invoice-4',
        name: 'invoice.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
        created_at: expect.any(String) as string,
      },
    ]);
    expect(await meOf(a.agent)).toMatchObject({
      withdrawals_detail_status: REVIEW_STATUS.confirmed,
      financial_statements_status: REVIEW_STATUS.confirming,
    });
  });

  it('a corporation without an SG&A breakdown (no_sga_expenses) submits the other three', async () => {
    const a = await ready();
    const document = { ...a.document, no_sga_expenses: true, financial_statement_files: a.document.financial_statement_files.slice(0, 3) };
    const response = await submit(a.agent, document);
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each<[string, Record<string, unknown>, string[], Record<string, string[]> | null]>([
    [
      'can submit, tax return method not answered',
      { can_submit_financial_statements: true },
      [],
      { tax_return_submissions: [ENTRY_MESSAGES.taxReturnMethod] },
    ],
    [
      'e-Tax without the tax return',
      { can_submit_financial_statements: true, tax_return_submissions: 'eTax' },
      [],
      { financial_statement_files: [ENTRY_MESSAGES.missingFiles(['tax_returns'])] },
    ],
    ['e-Tax with the tax return', { can_submit_financial_statements: true, tax_return_submissions: 'eTax' }, ['tax_returns'], null],
    ['on paper with the tax return', { can_submit_financial_statements: true, tax_return_submissions: 'document' }, ['tax_returns'], null],
    ['cannot submit: the business opening notice', { can_submit_financial_statements: false }, ['business_opening'], null],
    [
      'cannot submit, without it',
      { can_submit_financial_statements: false },
      [],
      { financial_statement_files: [ENTRY_MESSAGES.missingFiles(['business_opening'])] },
    ],
  ])('an individual (個人事業主): %s', async (_name, answers, kinds, expected) => {
    const a = await applicant(api, { registration: { corporate_division: 'individual', company_name: '' } });
    const files = await uploadCompleteFiles(a.agent);
    const statements = [];
    for (const kind of kinds) statements.push({ id: await upload(a.agent, kind), kind });
    const response = await submit(a.agent, { ...completeDocument(files), ...answers, financial_statement_files: statements });
    if (expected === null) {
      expect(response.statusCode, response.body).toBe(201);
      expect(entryOf(response).addfiles.map((f) => f.kind)).toEqual(['passbook_cover', 'passbook_details', ...kinds]);
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
    }
  });

  it('the profile step: a profile not filled in is refused under `profile`', async () => {
    const a = await ready({ profile: false });
    const response = await submit(a.agent, a.document);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ profile: [ENTRY_MESSAGES.profile] });
  });
});

describe('POST /api/entries/: the new-entry conditions of §4', () => {
  it.each<[string, number]>([
    ['identity not submitted', REVIEW_STATUS.nothing],
    ['identity inadequate', REVIEW_STATUS.inadequate],
  ])('%s: refused with the reason', async (_name, status) => {
    const a = await ready({ identity: status });
    const response = await submit(a.agent, a.document);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [NEW_ENTRY_BLOCK_MESSAGES.identityImperfect] });
  });

  it('identity expired: refused', async () => {
    const a = await ready({ identity: REVIEW_STATUS.confirmed });
    await sql("update users set identity_valid_date = '2026-03-31' where id = $1", [a.user.id]);
    const response = await submit(a.agent, a.document);
    expect(response.json()).toEqual({ non_field_errors: [NEW_ENTRY_BLOCK_MESSAGES.identityExpired] });
  });

  it('pre-entry declined: refused', async () => {
    const a = await ready();
    await sql('update users set has_pre_entry_declined = true where id = $1', [a.user.id]);
    const response = await submit(a.agent, a.document);
    expect(response.json()).toEqual({ non_field_errors: [NEW_ENTRY_BLOCK_MESSAGES.preEntryDeclined] });
  });

  it('new entries stopped by the operator: refused with the operator’s message', async () => {
    const a = await ready();
    await setSuppressEntries(
      api.context.db,
      { method: 'stop_new_entry', segment: null, message: '只今、受付を停止しています。' },
      { actor: 'test', now: api.clock.now() },
    );
    try {
      const response = await submit(a.agent, a.document);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['只今、受付を停止しています。'] });
    } finally {
      await setSuppressEntries(api.context.db, { method: null, segment: null, message: null }, { actor: 'test', now: api.clock.now() });
    }
  });

  it('an inadequate claim, a delayed claim without permission: refused; once the entry is contracted, a new one is allowed', async () => {
    const a = await ready();
    const first = entryOf(await submit(a.agent, a.document));
    await sql('update entries set status = $2 where id = $1', [first.id, ENTRY_STATUS.contracted]);

    const next = async () => submit(a.agent, completeDocument(await uploadCompleteFiles(a.agent)));
    await sql('update claims set status = $2 where entry_id = $1', [first.id, CLAIM_STATUS.inadequate]);
    expect((await next()).json()).toEqual({ non_field_errors: [NEW_ENTRY_BLOCK_MESSAGES.inadequateClaim] });

    await sql('update claims set status = $2 where entry_id = $1', [first.id, CLAIM_STATUS.delay]);
    await sql('update users set has_entry_permission_when_delayed = false where id = $1', [a.user.id]);
    expect((await next()).json()).toEqual({ non_field_errors: [NEW_ENTRY_BLOCK_MESSAGES.delayedClaim] });

    await sql('update users set has_entry_permission_when_delayed = true where id = $1', [a.user.id]);
    api.clock.advance(1000);
    const second = await next();
    expect(second.statusCode, second.body).toBe(201);
    // Newest first.
    expect(EntryListSchema.parse((await a.agent.get('/api/entries/')).json()).map((e) => e.id)).toEqual([entryOf(second).id, first.id]);
  });
});
