import { ENTRY_LIFE_MESSAGES, EntrySchema, UPLOAD_MESSAGES, type Entry } from '@app/contracts';
import {
  CLAIM_STATUS,
  DOCUMENT_GROUP_LABELS,
  ENTRY_STATUS,
  ENTRY_STATUS_LABELS,
  REVIEW_STATUS,
  type EntryStatusName,
} from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_DETAIL } from '../../http/errors';
import { MAIL_SUBJECTS } from '../../mail/templates';
import { PUBLIC_URL, auditRows, loggedIn, mailsTo, newAgent, startTestApi, type TestApi } from '../../test/api';
import { CONSENT_LINE, CONTRACT_TITLE } from '../contract-document/render';
import { contractDocumentName } from '../contract-document/store';
import {
  applicant,
  completeClaim,
  completeDocument,
  submit,
  upload,
  uploadCompleteFiles,
  type Applicant,
  type CompleteFiles,
} from './testing';

/**
 * An entry's life on the applicant's side (issue 11): POST /api/entries/{id}/review/ (resubmit),
 * /cancel/, /contract/ and GET /api/entries/{id}/contract/document/. The back office's moves that
 * put an entry in inadequate or reviewed are another module's: here the rows are set directly in
 * the database (statuses, `inadequate_documents`, the claims' terms), as a reviewer would leave them.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await api?.close();
});

const sql = (text: string, values: unknown[] = []) => api.database.pool.query<Record<string, unknown>>(text, values);
const entryOf = (response: { json: () => unknown }): Entry => EntrySchema.parse(response.json());
const UNKNOWN_ID = 987_654;

interface Submitted extends Applicant {
  readonly files: CompleteFiles;
  readonly entry: Entry;
}

/** An applicant with an entry under review: one claim (key 1), or two (keys 1 and 2). */
async function submitted(claimCount: 1 | 2 = 1): Promise<Submitted> {
  const a = await applicant(api);
  const files = await uploadCompleteFiles(a.agent);
  const document = completeDocument(files);
  if (claimCount === 2) {
    const invoice = await upload(a.agent, 'invoice', '請求書2.pdf');
    document.claims.push({ ...completeClaim('2', [{ id: invoice, kind: 'invoice-2' }]), obliger_company_name: '有限会社ニシ' });
  }
  const response = await submit(a.agent, document);
  expect(response.statusCode, response.body).toBe(201);
  return { ...a, files, entry: entryOf(response) };
}

interface Inadequate {
  readonly group: 'withdrawals_detail' | 'financial_statements' | 'invoice' | 'additional_doc';
  readonly claim_id: number | null;
  readonly reason: string;
}

/** What the reviewer leaves when marking documents inadequate: the list, the statuses, the entry and claims inadequate. */
async function markInadequate(entry: Entry, documents: readonly Inadequate[]): Promise<void> {
  const groupIs = (group: Inadequate['group'], claimId: number | null = null) =>
    documents.some((document) => document.group === group && document.claim_id === claimId);
  const status = (inadequate: boolean) => (inadequate ? REVIEW_STATUS.inadequate : REVIEW_STATUS.confirmed);
  await sql(
    `update entries set status = $2, inadequate_documents = $3::jsonb, description_of_inadequate_document = $4,
       account_activity_statement_confirmation_status = $5, financial_statement_confirmation_status = $6 where id = $1`,
    [
      entry.id,
      ENTRY_STATUS.inadequate,
      JSON.stringify(documents),
      documents.map((document) => document.reason).join('\n'),
      status(groupIs('withdrawals_detail')),
      status(groupIs('financial_statements')),
    ],
  );
  for (const claim of entry.claims) {
    const inadequate = groupIs('invoice', claim.id) || groupIs('additional_doc', claim.id);
    await sql('update claims set status = $2, invoice_confirmation_status = $3, additional_doc_confirmation_status = $4 where id = $1', [
      claim.id,
      inadequate ? CLAIM_STATUS.inadequate : CLAIM_STATUS.under_review,
      status(groupIs('invoice', claim.id)),
      status(groupIs('additional_doc', claim.id)),
    ]);
  }
}

/** What the reviewer and the approver leave: the claims priced (can_buy) or declined, the entry reviewed with its last day. */
async function markReviewed(entry: Entry, contractPeriod: string, declined: readonly number[] = []): Promise<void> {
  for (const claim of entry.claims) {
    if (declined.includes(claim.id)) {
      await sql('update claims set status = $2 where id = $1', [claim.id, CLAIM_STATUS.cannot_buy]);
      continue;
    }
    await sql(
      `update claims set status = $2, purchase_ratio = '0.8', purchase_principal_amount = '880000', purchase_fee_ratio = '0.035',
         purchase_fee = '30800', bank_charge = '440', purchase_amount = '848760' where id = $1`,
      [claim.id, CLAIM_STATUS.can_buy],
    );
  }
  await sql('update entries set status = $2, reviewed_at = now(), contract_period = $3 where id = $1', [
    entry.id,
    ENTRY_STATUS.reviewed,
    contractPeriod,
  ]);
  // The approval needs a confirmed, unexpired identity (issue 23); signing checks it again.
  await sql('update users set identity_confirmation = $2, identity_valid_date = $3 where id = $1', [
    entry.user,
    REVIEW_STATUS.confirmed,
    '2099-12-31',
  ]);
}

const setStatus = (entryId: number, status: number) => sql('update entries set status = $2 where id = $1', [entryId, status]);
const statusOf = async (entryId: number): Promise<number> =>
  (await sql('select status from entries where id = $1', [entryId])).rows[0]?.status as number;

const review = (a: Applicant, id: number, body: unknown) => a.agent.post(`/api/entries/${id}/review/`, body);
const cancel = (a: Applicant, id: number) => a.agent.post(`/api/entries/${id}/cancel/`, {});
const contract = (a: Applicant, id: number, body: unknown = { agreed: true }) => a.agent.post(`/api/entries/${id}/contract/`, body);
const contractDocument = (a: Applicant, id: number) => a.agent.get(`/api/entries/${id}/contract/document/`);

const notAllowed = (status: EntryStatusName, action: keyof typeof ENTRY_LIFE_MESSAGES.actions) => ({
  detail: ENTRY_LIFE_MESSAGES.notAllowed(ENTRY_STATUS_LABELS[status], ENTRY_LIFE_MESSAGES.actions[action]),
});

// ---------------------------------------------------------------------------------------------
// Resubmit
// ---------------------------------------------------------------------------------------------

describe('POST /api/entries/{id}/review/: resubmitting the inadequate documents', () => {
  let a: Submitted;
  let claimId: number;
  let newInvoice: number;
  let newCover: number;
  let response: Awaited<ReturnType<typeof review>>;
  let entry: Entry;
  beforeAll(async () => {
    a = await submitted();
    claimId = a.entry.claims[0]!.id;
    await markInadequate(a.entry, [
      { group: 'invoice', claim_id: claimId, reason: '請求書の金額が読み取れません。' },
      { group: 'withdrawals_detail', claim_id: null, reason: '直近3か月分の入出金明細をご提出ください。' },
    ]);
    // The back office mirrors the entry's groups on the applicant's own statuses.
    await sql('update users set withdrawals_detail_status = $2, financial_statements_status = $3 where id = $1', [
      a.user.id,
      REVIEW_STATUS.inadequate,
      REVIEW_STATUS.confirmed,
    ]);
    newInvoice = await upload(a.agent, 'invoice', '請求書_再提出.pdf');
    newCover = await upload(a.agent, 'passbook_cover', '通帳表紙_再提出.pdf');
    response = await review(a, a.entry.id, {
      files: [
        { id: newInvoice, group: 'invoice', claim_id: claimId },
        { id: newCover, group: 'withdrawals_detail' },
      ],
    });
    entry = entryOf(response);
  });

  it('puts the entry and its inadequate claim back under review, the groups sent again confirming', () => {
    expect(response.statusCode, response.body).toBe(200);
    expect(entry).toMatchObject({
      id: a.entry.id,
      status: ENTRY_STATUS.under_review,
      inadequate_documents: [],
      description_of_inadequate_document: null,
      account_activity_statement_confirmation_status: REVIEW_STATUS.confirming,
      // Not asked again: stays as the reviewer left it.
      financial_statement_confirmation_status: REVIEW_STATUS.confirmed,
    });
    expect(entry.claims[0]).toMatchObject({
      status: CLAIM_STATUS.under_review,
      invoice_confirmation_status: REVIEW_STATUS.confirming,
      additional_doc_confirmation_status: REVIEW_STATUS.confirmed,
    });
  });

  it('records when the documents came back (the review queue counts the wait from it)', async () => {
    const { rows } = await sql('select resubmitted_at from entries where id = $1', [a.entry.id]);
    expect(rows[0]?.resubmitted_at).toEqual(api.clock.now());
  });

  it('adds the new files where the entry lists them (the claim’s with its key) and keeps every other one', () => {
    expect(entry.claims[0]!.contentfiles.map((file) => [file.id, file.kind])).toEqual([
      [a.files.invoice, 'invoice-1'],
      [a.files.additional, 'additional_doc-1'],
      [newInvoice, 'invoice-1'],
    ]);
    expect(entry.addfiles.map((file) => [file.id, file.kind])).toEqual([
      ...a.entry.addfiles.map((file) => [file.id, file.kind]),
      [newCover, 'passbook_cover'],
    ]);
    expect(entry.claims[0]!.contentfiles.at(-1)?.name).toBe('請求書_再提出.pdf');
  });

  it('keeps everything else the entry holds', () => {
    const kept = (e: Entry) => {
      const { status, updated_at, inadequate_documents, description_of_inadequate_document, claims, addfiles, ...rest } = e;
      void [status, updated_at, inadequate_documents, description_of_inadequate_document, addfiles];
      const { account_activity_statement_confirmation_status, financial_statement_confirmation_status, ...others } = rest;
      void [account_activity_statement_confirmation_status, financial_statement_confirmation_status];
      return {
        ...others,
        // What the reviewer's marks changed (markInadequate) and the resubmission changes.
        claims: claims.map(
          ({ status: s, invoice_confirmation_status, additional_doc_confirmation_status, contentfiles, updated_at: u, ...claim }) => {
            void [s, invoice_confirmation_status, additional_doc_confirmation_status, contentfiles, u];
            return claim;
          },
        ),
      };
    };
    expect(kept(entry)).toEqual(kept(a.entry));
    expect(kept(entry).purpose).toBe('仕入れ資金');
  });

  it('the applicant’s own status of a group sent again is confirming too; the other stays', async () => {
    const me = (await a.agent.post('/api/me/', {})).json<{ withdrawals_detail_status: number; financial_statements_status: number }>();
    expect(me).toMatchObject({ withdrawals_detail_status: REVIEW_STATUS.confirming, financial_statements_status: REVIEW_STATUS.confirmed });
  });

  it('is what GET /api/entries/{id}/ answers from now on', async () => {
    expect(entryOf(await a.agent.get(`/api/entries/${a.entry.id}/`))).toEqual(entry);
  });

  it('writes the move to the audit log: who, the files, before and after', async () => {
    const rows = (await auditRows(api, 'entry.resubmitted')).filter((row) => row.subject_id === String(a.entry.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: `user:${a.user.id}`,
      data: {
        code: a.entry.code,
        files: [
          { id: newInvoice, group: 'invoice', claim_id: claimId, kind: 'invoice-1' },
          { id: newCover, group: 'withdrawals_detail', claim_id: null, kind: 'passbook_cover' },
        ],
        before: {
          status: ENTRY_STATUS.inadequate,
          claims: [{ id: claimId, status: CLAIM_STATUS.inadequate }],
          inadequate_documents: [
            { group: 'invoice', claim_id: claimId, reason: '請求書の金額が読み取れません。' },
            { group: 'withdrawals_detail', claim_id: null, reason: '直近3か月分の入出金明細をご提出ください。' },
          ],
        },
        after: {
          status: ENTRY_STATUS.under_review,
          inadequate_documents: [],
          claims: [{ id: claimId, status: CLAIM_STATUS.under_review }],
        },
      },
    });
  });

  it('mails the applicant that the documents were received, with the entry’s link', async () => {
    const mail = (await mailsTo(api, a.user.email)).find((m) => m.subject === MAIL_SUBJECTS.entryResubmitted);
    expect(mail?.text).toContain(a.entry.code);
    expect(mail?.text).toContain(`${PUBLIC_URL}/entry/detail/${a.entry.id}`);
  });

  it('cannot be sent twice: the entry is under review now (409)', async () => {
    const again = await review(a, a.entry.id, { files: [{ id: newInvoice, group: 'invoice', claim_id: claimId }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(notAllowed('under_review', 'review'));
  });

  it('the files sent can no longer be deleted (they belong to the entry)', async () => {
    const refused = await a.agent.delete(`/api/uploads/${newInvoice}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [UPLOAD_MESSAGES.submitted] });
  });
});

describe('POST /api/entries/{id}/review/: what is refused (400, nothing changes)', () => {
  let a: Submitted;
  let other: Submitted;
  let claimId: number;
  beforeAll(async () => {
    a = await submitted();
    other = await submitted();
    claimId = a.entry.claims[0]!.id;
    await markInadequate(a.entry, [
      { group: 'invoice', claim_id: claimId, reason: '不鮮明です。' },
      { group: 'financial_statements', claim_id: null, reason: '直近の決算書をご提出ください。' },
    ]);
  });

  const refusedWith = async (files: unknown[], messages: string[]) => {
    const response = await review(a, a.entry.id, { files });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ files: messages });
    expect(await statusOf(a.entry.id)).toBe(ENTRY_STATUS.inadequate);
  };

  it('a file for a group that was not found inadequate', async () => {
    const invoice = await upload(a.agent, 'invoice');
    const additional = await upload(a.agent, 'additional_doc');
    const pl = await upload(a.agent, 'pl');
    await refusedWith(
      [
        { id: invoice, group: 'invoice', claim_id: claimId },
        { id: pl, group: 'financial_statements' },
        { id: additional, group: 'additional_doc', claim_id: claimId },
      ],
      [ENTRY_LIFE_MESSAGES.fileNotAccepted],
    );
  });

  it('a file of a kind its group does not take', async () => {
    const pl = await upload(a.agent, 'pl');
    const notAnInvoice = await upload(a.agent, 'bs');
    await refusedWith(
      [
        { id: notAnInvoice, group: 'invoice', claim_id: claimId },
        { id: pl, group: 'financial_statements' },
      ],
      [ENTRY_LIFE_MESSAGES.fileNotAccepted],
    );
  });

  it('another applicant’s upload (and an id no upload has)', async () => {
    const pl = await upload(a.agent, 'pl');
    const theirs = await upload(other.agent, 'invoice');
    await refusedWith(
      [
        { id: theirs, group: 'invoice', claim_id: claimId },
        { id: pl, group: 'financial_statements' },
      ],
      [ENTRY_LIFE_MESSAGES.fileNotAccepted],
    );
    await refusedWith(
      [
        { id: UNKNOWN_ID, group: 'invoice', claim_id: claimId },
        { id: pl, group: 'financial_statements' },
      ],
      [ENTRY_LIFE_MESSAGES.fileNotAccepted],
    );
  });

  it('an upload already attached to an entry (the one found inadequate, or the same file twice)', async () => {
    const pl = await upload(a.agent, 'pl');
    await refusedWith(
      [
        { id: a.files.invoice, group: 'invoice', claim_id: claimId },
        { id: pl, group: 'financial_statements' },
      ],
      [ENTRY_LIFE_MESSAGES.fileNotAccepted],
    );
    const invoice = await upload(a.agent, 'invoice');
    await refusedWith(
      [
        { id: invoice, group: 'invoice', claim_id: claimId },
        { id: pl, group: 'financial_statements' },
        { id: pl, group: 'financial_statements' },
      ],
      [ENTRY_LIFE_MESSAGES.fileNotAccepted],
    );
  });

  it('a group found inadequate without a file, named in Japanese', async () => {
    const invoice = await upload(a.agent, 'invoice');
    await refusedWith(
      [{ id: invoice, group: 'invoice', claim_id: claimId }],
      [ENTRY_LIFE_MESSAGES.missingGroup(DOCUMENT_GROUP_LABELS.financial_statements)],
    );
  });

  it('a claim’s group without its claim, an entry’s group with one, or a claim of another entry', async () => {
    const invoice = await upload(a.agent, 'invoice');
    const pl = await upload(a.agent, 'pl');
    await refusedWith(
      [
        { id: invoice, group: 'invoice' },
        { id: pl, group: 'financial_statements' },
      ],
      [ENTRY_LIFE_MESSAGES.claimMismatch],
    );
    await refusedWith(
      [
        { id: invoice, group: 'invoice', claim_id: claimId },
        { id: pl, group: 'financial_statements', claim_id: claimId },
      ],
      [ENTRY_LIFE_MESSAGES.claimMismatch],
    );
    await refusedWith(
      [
        { id: invoice, group: 'invoice', claim_id: other.entry.claims[0]!.id },
        { id: pl, group: 'financial_statements' },
      ],
      [ENTRY_LIFE_MESSAGES.claimMismatch],
    );
  });

  it('no file at all (the contract’s own rule)', async () => {
    const response = await review(a, a.entry.id, { files: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ files: [ENTRY_LIFE_MESSAGES.missingGroup('再提出する書類')] });
  });

  it('nothing was attached, written or mailed by the refusals', async () => {
    const files = await sql('select count(*)::int as n from entry_files where entry_id = $1', [a.entry.id]);
    expect(files.rows[0]?.n).toBe(a.entry.addfiles.length + a.entry.claims[0]!.contentfiles.length);
    expect((await auditRows(api, 'entry.resubmitted')).filter((row) => row.subject_id === String(a.entry.id))).toEqual([]);
    expect((await mailsTo(api, a.user.email)).filter((m) => m.subject === MAIL_SUBJECTS.entryResubmitted)).toEqual([]);
  });

  it('then the right files are accepted', async () => {
    const invoice = await upload(a.agent, 'invoice');
    const taxReturns = await upload(a.agent, 'tax_returns');
    const response = await review(a, a.entry.id, {
      files: [
        { id: invoice, group: 'invoice', claim_id: claimId },
        { id: taxReturns, group: 'financial_statements' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(entryOf(response)).toMatchObject({
      status: ENTRY_STATUS.under_review,
      financial_statement_confirmation_status: REVIEW_STATUS.confirming,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Cancel
// ---------------------------------------------------------------------------------------------

describe('POST /api/entries/{id}/cancel/', () => {
  it.each([
    ['under_review', async (a: Submitted) => a],
    [
      'inadequate',
      async (a: Submitted) => markInadequate(a.entry, [{ group: 'invoice', claim_id: a.entry.claims[0]!.id, reason: '不鮮明です。' }]),
    ],
    ['reviewed', async (a: Submitted) => markReviewed(a.entry, '2026-04-30')],
  ] as const)('from %s: the entry is archived and its open claims cancelled, both with cancelled_at', async (from, prepare) => {
    const a = await submitted();
    await prepare(a);
    const response = await cancel(a, a.entry.id);
    expect(response.statusCode, response.body).toBe(200);
    const entry = entryOf(response);
    expect(entry).toMatchObject({ status: ENTRY_STATUS.archived, cancelled_at: '2026-04-01T09:00:00.000000+09:00' });
    expect(entry.claims.map((claim) => [claim.status, claim.cancelled_at])).toEqual([
      [CLAIM_STATUS.cancel, '2026-04-01T09:00:00.000000+09:00'],
    ]);

    const [row] = (await auditRows(api, 'entry.cancelled')).filter((r) => r.subject_id === String(a.entry.id));
    expect(row).toMatchObject({
      actor: `user:${a.user.id}`,
      data: {
        code: a.entry.code,
        before: { status: ENTRY_STATUS[from], cancelled_at: null },
        after: { status: ENTRY_STATUS.archived, cancelled_at: '2026-04-01T00:00:00.000Z', claims: [{ status: CLAIM_STATUS.cancel }] },
      },
    });
    const mail = (await mailsTo(api, a.user.email)).find((m) => m.subject === MAIL_SUBJECTS.entryCancelled);
    expect(mail?.text).toContain(`お申し込み（申込番号: ${a.entry.code}）を取り消しました`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/entry/detail/${a.entry.id}`);
  });

  it('a claim the operator declined stays declined (no cancelled_at)', async () => {
    const a = await submitted(2);
    const [first, second] = a.entry.claims;
    await markReviewed(a.entry, '2026-04-30', [second!.id]);
    const entry = entryOf(await cancel(a, a.entry.id));
    expect(entry.claims.map((claim) => [claim.id, claim.status, claim.cancelled_at])).toEqual([
      [first!.id, CLAIM_STATUS.cancel, '2026-04-01T09:00:00.000000+09:00'],
      [second!.id, CLAIM_STATUS.cannot_buy, null],
    ]);
  });

  it('two cancels at once (two tabs): the row lock lets one through, the other sees it archived (409)', async () => {
    const a = await submitted();
    const answers = await Promise.all([cancel(a, a.entry.id), cancel(a, a.entry.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual(notAllowed('archived', 'cancel'));
    expect((await auditRows(api, 'entry.cancelled')).filter((r) => r.subject_id === String(a.entry.id))).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Contract
// ---------------------------------------------------------------------------------------------

describe('POST /api/entries/{id}/contract/ and the signed contract', () => {
  let a: Submitted;
  let response: Awaited<ReturnType<typeof contract>>;
  let entry: Entry;
  beforeAll(async () => {
    a = await submitted(2);
    await markReviewed(a.entry, '2026-04-30', [a.entry.claims[1]!.id]);
    expect((await contractDocument(a, a.entry.id)).json()).toEqual({ detail: ENTRY_LIFE_MESSAGES.noContractDocument });
    response = await contract(a, a.entry.id);
    entry = entryOf(response);
  });

  it('contracts the entry and the claims that can be bought; a declined claim stays as it is', () => {
    expect(response.statusCode, response.body).toBe(200);
    expect(entry).toMatchObject({
      status: ENTRY_STATUS.contracted,
      contracted_at: '2026-04-01T09:00:00.000000+09:00',
      has_contract_document: true,
      contract_period: '2026-04-30',
    });
    expect(entry.claims.map((claim) => claim.status)).toEqual([CLAIM_STATUS.contracted, CLAIM_STATUS.cannot_buy]);
  });

  it('keeps the PDF in the app’s storage under the entry’s contract key', async () => {
    const { rows } = await sql('select contract_document_key as key from entries where id = $1', [a.entry.id]);
    const key = String(rows[0]?.key);
    expect(key).toMatch(new RegExp(`^contracts/${a.entry.id}/[0-9a-f-]{36}$`));
    const object = await api.context.storage.get(key);
    expect(object).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of object!) chunks.push(chunk as Buffer);
    const stored = Buffer.concat(chunks);
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('GET …/contract/document/ answers it as a download: attachment named after the entry, nosniff, sandboxed, not cached', async () => {
    const download = await contractDocument(a, a.entry.id);
    expect(download.statusCode).toBe(200);
    const name = contractDocumentName(a.entry.code);
    expect(name).toBe(`契約書_${a.entry.code}.pdf`);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Its text: the title, the entry, the claim bought (not the declined one), the consent.
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(download.rawPayload), isEvalSupported: false, verbosity: 0 }).promise;
    let text = '';
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
    }
    await pdf.destroy();
    const squeezed = text.replace(/\s+/g, '');
    expect(squeezed).toContain(CONTRACT_TITLE);
    expect(squeezed).toContain(`申込番号${a.entry.code}`);
    expect(squeezed).toContain('株式会社ヤマダ');
    expect(squeezed).toContain('〒100-0005東京都千代田区丸の内1-1-1');
    expect(squeezed).toContain('株式会社サンプル商事1,100,000円2026年6月30日80%880,000円3.5%30,800円440円848,760円');
    expect(squeezed).not.toContain('有限会社ニシ');
    expect(squeezed).toContain('合計（1件）');
    expect(squeezed).toContain(CONSENT_LINE);
    // The payout account the applicant entered, masked as everywhere (****567).
    expect(squeezed).toContain('譲渡代金の振込先りそな銀行新宿支店普通****567カ）ツムギシヨウジ');
    expect(squeezed).toContain(`同意したメールアドレス${a.user.email}`);
  });

  it('writes the move to the audit log with the document and the total', async () => {
    const rows = (await auditRows(api, 'entry.contracted')).filter((row) => row.subject_id === String(a.entry.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: `user:${a.user.id}`,
      data: {
        agreed: true,
        contract_period: '2026-04-30',
        purchase_amount: '848760',
        before: { status: ENTRY_STATUS.reviewed, contracted_at: null },
        after: {
          status: ENTRY_STATUS.contracted,
          contracted_at: '2026-04-01T00:00:00.000Z',
          claims: [
            { id: a.entry.claims[0]!.id, status: CLAIM_STATUS.contracted },
            { id: a.entry.claims[1]!.id, status: CLAIM_STATUS.cannot_buy },
          ],
        },
      },
    });
    expect(rows[0]?.data.contract_document_key).toMatch(/^contracts\//);
  });

  it('mails the contract with the total of the claims bought and the entry’s link', async () => {
    const mail = (await mailsTo(api, a.user.email)).find((m) => m.subject === MAIL_SUBJECTS.entryContracted);
    expect(mail?.text).toContain('お振込み予定額（合計）: 848,760円');
    expect(mail?.text).toContain(`${PUBLIC_URL}/entry/detail/${a.entry.id}`);
  });

  it('cannot be signed twice (409), and the document stays the first one', async () => {
    const before = (await sql('select contract_document_key as key from entries where id = $1', [a.entry.id])).rows[0]?.key as string;
    const again = await contract(a, a.entry.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(notAllowed('contracted', 'contract'));
    expect((await sql('select contract_document_key as key from entries where id = $1', [a.entry.id])).rows[0]?.key).toBe(before);
  });

  it('nor cancelled once signed (409)', async () => {
    const refused = await cancel(a, a.entry.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(notAllowed('contracted', 'cancel'));
  });
});

describe('POST /api/entries/{id}/contract/: what is refused', () => {
  it.each([
    ['agreed false', { agreed: false }],
    ['agreed missing', {}],
    ['agreed as a string', { agreed: 'true' }],
  ])('without consent (%s): 400 with the Japanese message', async (_, body) => {
    const a = await submitted();
    await markReviewed(a.entry, '2026-04-30');
    const response = await contract(a, a.entry.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ agreed: [ENTRY_LIFE_MESSAGES.agreementRequired] });
    expect(await statusOf(a.entry.id)).toBe(ENTRY_STATUS.reviewed);
  });

  it('after the offer’s last day (409 offerExpired); on the last day itself it can be signed', async () => {
    const late = await submitted();
    await markReviewed(late.entry, '2026-03-31');
    const refused = await contract(late, late.entry.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: ENTRY_LIFE_MESSAGES.offerExpired });
    expect(await statusOf(late.entry.id)).toBe(ENTRY_STATUS.reviewed);

    const onTime = await submitted();
    await markReviewed(onTime.entry, '2026-04-01');
    expect((await contract(onTime, onTime.entry.id)).statusCode).toBe(200);
  });

  it('the storage failing to keep the PDF leaves the entry reviewed (500, no document, no mail)', async () => {
    const a = await submitted();
    await markReviewed(a.entry, '2026-04-30');
    const put = vi.spyOn(api.context.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    const response = await contract(a, a.entry.id);
    put.mockRestore();
    expect(response.statusCode).toBe(500);
    const { rows } = await sql('select status, contract_document_key as key, contracted_at from entries where id = $1', [a.entry.id]);
    expect(rows[0]).toEqual({ status: ENTRY_STATUS.reviewed, key: null, contracted_at: null });
    expect((await mailsTo(api, a.user.email)).filter((m) => m.subject === MAIL_SUBJECTS.entryContracted)).toEqual([]);
    expect((await contract(a, a.entry.id)).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Illegal moves: every status
// ---------------------------------------------------------------------------------------------

describe('moves the transition table does not allow: 409 with the status and the action, nothing changes', () => {
  let a: Submitted;
  beforeAll(async () => {
    a = await submitted();
  });

  const table: [EntryStatusName, 'review' | 'cancel' | 'contract'][] = [
    ['under_review', 'review'],
    ['reviewed', 'review'],
    ['contracted', 'review'],
    ['transferred', 'review'],
    ['archived', 'review'],
    ['contracted', 'cancel'],
    ['transferred', 'cancel'],
    ['archived', 'cancel'],
    ['under_review', 'contract'],
    ['inadequate', 'contract'],
    ['contracted', 'contract'],
    ['transferred', 'contract'],
    ['archived', 'contract'],
  ];
  it.each(table)('%s: %s', async (status, action) => {
    await setStatus(a.entry.id, ENTRY_STATUS[status]);
    const invoice = await upload(a.agent, 'invoice');
    const response =
      action === 'review'
        ? await review(a, a.entry.id, { files: [{ id: invoice, group: 'invoice', claim_id: a.entry.claims[0]!.id }] })
        : action === 'cancel'
          ? await cancel(a, a.entry.id)
          : await contract(a, a.entry.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(notAllowed(status, action));
    expect(await statusOf(a.entry.id)).toBe(ENTRY_STATUS[status]);
  });
});

// ---------------------------------------------------------------------------------------------
// Whose entry
// ---------------------------------------------------------------------------------------------

describe('every route answers the applicant’s own entry only: another applicant’s id and an unknown id are 404', () => {
  let owner: Submitted;
  let stranger: Submitted;
  beforeAll(async () => {
    owner = await submitted();
    stranger = await submitted();
    await markReviewed(owner.entry, '2026-04-30');
    expect((await contract(owner, owner.entry.id)).statusCode).toBe(200);
    await markInadequate(stranger.entry, [{ group: 'invoice', claim_id: stranger.entry.claims[0]!.id, reason: '不鮮明です。' }]);
  });

  const calls = {
    review: async (a: Applicant, id: number) =>
      review(a, id, { files: [{ id: await upload(a.agent, 'invoice'), group: 'invoice', claim_id: 1 }] }),
    cancel: (a: Applicant, id: number) => cancel(a, id),
    contract: (a: Applicant, id: number) => contract(a, id),
    contractDocument: (a: Applicant, id: number) => contractDocument(a, id),
  };

  it.each(Object.keys(calls) as (keyof typeof calls)[])('%s', async (route) => {
    const theirs = await calls[route](stranger, owner.entry.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: NOT_FOUND_DETAIL });
    const unknown = await calls[route](stranger, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: NOT_FOUND_DETAIL });
    // The owner's entry is untouched (still contracted, its document still the owner's).
    expect(await statusOf(owner.entry.id)).toBe(ENTRY_STATUS.contracted);
    expect((await contractDocument(owner, owner.entry.id)).statusCode).toBe(200);
  });

  it('a visitor is refused before anything is looked at (403)', async () => {
    const visitor = await newAgent(api);
    expect((await visitor.post(`/api/entries/${owner.entry.id}/cancel/`, {})).statusCode).toBe(403);
    expect((await visitor.get(`/api/entries/${owner.entry.id}/contract/document/`)).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------
// Japan's day
// ---------------------------------------------------------------------------------------------

describe('the offer’s last day is a day in Japan (Asia/Tokyo), from the app’s clock', () => {
  it('at 00:00 in Japan on the next day (still that day in UTC), the offer has expired', async () => {
    const a = await submitted();
    await markReviewed(a.entry, '2026-04-01');
    // The test clock stands at 2026-04-01T00:00Z (09:00 in Japan); 15 hours later it is 2026-04-02 00:00 in Japan.
    api.clock.advance(15 * 60 * 60 * 1000);
    const again = { ...a, agent: await loggedIn(api, a.user) }; // the session of 15 hours ago has expired
    const refused = await contract(again, a.entry.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: ENTRY_LIFE_MESSAGES.offerExpired });
  });
});
