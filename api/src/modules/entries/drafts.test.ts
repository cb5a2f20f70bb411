import { ACCOUNT_MESSAGES, DraftEntryResponseSchema } from '@app/contracts';
import { MESSAGES } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgent, startTestApi, type TestApi } from '../../test/api';
import { ENTRY_MESSAGES } from './messages';
import {
  PDF,
  applicant,
  completeClaim,
  completeDocument,
  putDraft,
  saveOver,
  upload,
  uploadCompleteFiles,
  type Applicant,
} from './testing';

/**
 * The entry wizard's server-side draft (issue #10): GET /api/entries/draft/ and PUT with the
 * optimistic version lock, the applicant's own files only, each applicant's draft their own.
 */
let api: TestApi;
let alice: Applicant;
let bob: Applicant;
beforeAll(async () => {
  api = await startTestApi();
  alice = await applicant(api);
  bob = await applicant(api);
});
afterAll(async () => {
  await api?.close();
});

const EMPTY = {
  purchase_amount_desired: null,
  purpose: null,
  claims: [],
  bank_account: null,
  banks: [],
  can_submit_financial_statements: null,
  tax_return_submissions: null,
  no_sga_expenses: null,
  financial_statement_files: [],
};

const draftOf = async (a: Applicant) => DraftEntryResponseSchema.parse((await a.agent.get('/api/entries/draft/')).json());

describe('GET /api/entries/draft/', () => {
  it('version 0 and an empty document before the first save', async () => {
    const fresh = await applicant(api);
    const response = await fresh.agent.get('/api/entries/draft/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ version: 0, updated_at: null, data: EMPTY });
  });

  it('403 for a visitor, GET and PUT', async () => {
    const visitor = await newAgent(api);
    expect((await visitor.get('/api/entries/draft/')).statusCode).toBe(403);
    const put = await putDraft(visitor, 0, EMPTY);
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});

describe('PUT /api/entries/draft/: the version lock', () => {
  it('0 creates the draft (version 1), each save names the version it read and gets the next; a stale one is 409 and changes nothing', async () => {
    const a = await applicant(api);
    const first = await putDraft(a.agent, 0, { ...EMPTY, purpose: '一回目' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, data: { purpose: '一回目' } });
    expect(DraftEntryResponseSchema.parse(first.json()).updated_at).toBe('2026-04-01T09:00:00.000000+09:00');

    // Another tab still thinks there is no draft.
    const again = await putDraft(a.agent, 0, { ...EMPTY, purpose: '別のタブ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ACCOUNT_MESSAGES.versionConflict });

    api.clock.advance(60_000);
    const second = await putDraft(a.agent, 1, { ...EMPTY, purpose: '二回目' });
    expect(second.json()).toMatchObject({ version: 2, updated_at: '2026-04-01T09:01:00.000000+09:00', data: { purpose: '二回目' } });

    for (const stale of [1, 3, 99]) {
      const response = await putDraft(a.agent, stale, { ...EMPTY, purpose: `古い ${stale}` });
      expect(response.statusCode).toBe(409);
    }
    expect(await draftOf(a)).toMatchObject({ version: 2, data: { purpose: '二回目' } });
  });

  it('racing saves of one version: exactly one wins, for the first save (insert) and for later ones (update)', async () => {
    const a = await applicant(api);
    const firsts = await Promise.all(Array.from({ length: 8 }, (_, i) => putDraft(a.agent, 0, { ...EMPTY, purpose: `tab ${i}` })));
    expect(firsts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = firsts.find((r) => r.statusCode === 200)!.json<{ data: { purpose: string } }>().data.purpose;
    expect(await draftOf(a)).toMatchObject({ version: 1, data: { purpose: winner } });

    const laters = await Promise.all(Array.from({ length: 8 }, (_, i) => putDraft(a.agent, 1, { ...EMPTY, purpose: `later ${i}` })));
    expect(laters.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(laters.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect((await draftOf(a)).version).toBe(2);
  });

  it('one applicant’s saves never touch another’s draft', async () => {
    const version = await saveOver(alice.agent, { ...EMPTY, purpose: 'アリスの下書き' });
    const bobsBefore = await draftOf(bob);
    // Bob saves with Alice's version number: it is matched against Bob's own draft only.
    const response = await putDraft(bob.agent, version, { ...EMPTY, purpose: 'ボブ' });
    expect(response.statusCode).toBe(bobsBefore.version === version ? 200 : 409);
    await saveOver(bob.agent, { ...EMPTY, purpose: 'ボブの下書き' });
    expect(await draftOf(alice)).toMatchObject({ version, data: { purpose: 'アリスの下書き' } });
    expect((await draftOf(bob)).data.purpose).toBe('ボブの下書き');
  });

  it('keeps a half-filled draft as typed: the submit rules are not applied (only the format)', async () => {
    const a = await applicant(api);
    const half = {
      ...EMPTY,
      purchase_amount_desired: '',
      claims: [{ key: '1', obliger_company_name: '', receive_payment_account: { obliger_accounts: [{ holder_name: 'やまだ' }] } }],
      banks: [{ key: '3', bank_account_number: '12' }],
    };
    const response = await putDraft(a.agent, 0, half);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: {
        claims: [{ key: '1', obliger_company_name: '', receive_payment_account: { obliger_accounts: [{ holder_name: 'やまだ' }] } }],
        banks: [{ key: '3', bank_account_number: '12', contentfile_relations: [] }],
      },
    });
  });

  it.each<[string, (e: typeof EMPTY) => unknown, Record<string, string[]>]>([
    [
      'a 6th claim',
      (e) => ({ ...e, claims: ['1', '2', '3', '4', '5', '6'].map((key) => ({ key })) }),
      { 'data.claims': [MESSAGES.tooManyClaims] },
    ],
    [
      'an amount that is not whole yen',
      (e) => ({ ...e, purchase_amount_desired: '1000.5' }),
      { 'data.purchase_amount_desired': ['金額は1円単位の半角数字で入力してください。'] },
    ],
    ['a claim without a key', (e) => ({ ...e, claims: [{}] }), { 'data.claims.0.key': [expect.any(String) as string] }],
    ['a key that is not digits', (e) => ({ ...e, banks: [{ key: 'x' }] }), { 'data.banks.0.key': [expect.any(String) as string] }],
  ])('400 for %s (format)', async (_name, make, expected) => {
    const a = await applicant(api);
    const response = await putDraft(a.agent, 0, make(EMPTY));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expect((await draftOf(a)).version).toBe(0);
  });

  it('claim keys and bank keys are unique (they name the upload keys)', async () => {
    const response = await putDraft(alice.agent, (await draftOf(alice)).version, {
      ...EMPTY,
      claims: [{ key: '1' }, { key: '2' }, { key: '1' }],
      banks: [{ key: '1' }, { key: '1' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'claims.2.key': [ENTRY_MESSAGES.duplicateKey('1')],
      'banks.1.key': [ENTRY_MESSAGES.duplicateKey('1')],
    });
  });

  it('is bounded: a document over 256 KB of JSON is refused and nothing is overwritten', async () => {
    const before = await draftOf(alice);
    const response = await putDraft(alice.agent, before.version, {
      ...EMPTY,
      // Each name within its bound (255 characters), the whole over 256 KB.
      banks: Array.from({ length: 400 }, (_, index) => ({ key: String(index + 1), bank_name: 'あ'.repeat(250) })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [ENTRY_MESSAGES.draftTooLarge] });
    expect(await draftOf(alice)).toEqual(before);
  });
});

describe('PUT /api/entries/draft/: files', () => {
  it('keeps each relation as the upload row says (name, kind with the claim’s or bank’s key, type), never as the client said', async () => {
    const a = await applicant(api);
    const files = await uploadCompleteFiles(a.agent);
    const withdrawal = await upload(a.agent, 'withdrawals_detail', '明細.pdf');
    const document = completeDocument(files);
    document.claims[0]!.contentfile_relations = [
      { id: files.invoice, kind: 'pl', name: 'evil.exe', content_type: 'text/html', image: 'data:…' } as never,
    ];
    document.banks[0]!.key = '7';
    document.banks[0]!.contentfile_relations.push({ id: withdrawal, kind: 'whatever' });
    const response = await putDraft(a.agent, 0, document);
    expect(response.statusCode).toBe(200);
    const saved = DraftEntryResponseSchema.parse(response.json()).data;
    const row = { content_type: 'application/pdf', size: PDF.length, created_at: api.clock.now().toISOString() };
    expect(saved.claims[0]!.contentfile_relations).toEqual([{ id: files.invoice, kind: 'invoice-1', name: '請求書.pdf', ...row }]);
    expect(saved.banks[0]!.contentfile_relations).toEqual([
      { id: files.cover, kind: 'passbook_cover', name: 'passbook_cover.pdf', ...row },
      { id: files.details, kind: 'passbook_details', name: 'passbook_details.pdf', ...row },
      { id: withdrawal, kind: 'withdrawals_detail-7', name: '明細.pdf', ...row },
    ]);
    expect(saved.financial_statement_files.map((f) => f.kind)).toEqual(['pl', 'bs', 'breakdown_statement', 'sga_expenses']);
    expect((await draftOf(a)).data).toEqual(saved);
  });

  it('refuses another applicant’s upload (as "not found", like a missing id), naming the list', async () => {
    const bobsInvoice = await upload(bob.agent, 'invoice');
    const before = await draftOf(alice);
    const response = await putDraft(alice.agent, before.version, {
      ...EMPTY,
      claims: [{ ...completeClaim('1'), contentfile_relations: [{ id: bobsInvoice, kind: 'invoice-1' }] }],
      financial_statement_files: [{ id: 999_999, kind: 'pl' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'claims.0.contentfile_relations': [ACCOUNT_MESSAGES.fileNotFound(bobsInvoice)],
      financial_statement_files: [ACCOUNT_MESSAGES.fileNotFound(999_999)],
    });
    expect(await draftOf(alice)).toEqual(before);
    // Bob's file is untouched and still his.
    expect((await bob.agent.get('/api/uploads/')).json<{ id: number }[]>().map((f) => f.id)).toContain(bobsInvoice);
  });

  it('refuses a file in a place that does not take its kind, and one file in two places', async () => {
    const invoice = await upload(alice.agent, 'invoice');
    const identity = (
      await alice.agent.upload(
        '/api/uploads/',
        { kind: 'identity', side: 'front' },
        { name: 'id.pdf', content: Buffer.from('%PDF-1.7\n%%EOF\n') },
      )
    ).json<{ id: number }>().id;
    const response = await putDraft(alice.agent, (await draftOf(alice)).version, {
      ...EMPTY,
      claims: [
        { key: '1', contentfile_relations: [{ id: invoice, kind: 'invoice-1' }] },
        { key: '2', contentfile_relations: [{ id: invoice, kind: 'invoice-2' }] },
      ],
      financial_statement_files: [{ id: identity, kind: 'pl' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'claims.1.contentfile_relations': [ENTRY_MESSAGES.fileUsedTwice(invoice)],
      financial_statement_files: [ENTRY_MESSAGES.fileWrongPlace(identity, 'identity')],
    });
  });

  it('a file deleted since the save is left out when the draft is read', async () => {
    const a = await applicant(api);
    const kept = await upload(a.agent, 'invoice', 'kept.pdf');
    const gone = await upload(a.agent, 'invoice', 'gone.pdf');
    await putDraft(a.agent, 0, {
      ...EMPTY,
      claims: [
        {
          key: '1',
          contentfile_relations: [
            { id: kept, kind: 'invoice-1' },
            { id: gone, kind: 'invoice-1' },
          ],
        },
      ],
    });
    expect((await a.agent.delete(`/api/uploads/${gone}/`)).statusCode).toBe(204);
    const draft = await draftOf(a);
    expect(draft.version).toBe(1);
    expect(draft.data.claims[0]!.contentfile_relations.map((f) => f.id)).toEqual([kept]);
  });
});
