// @vitest-environment node
// (Node's own fetch, FormData and File: jsdom's File is not one undici can send.)
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { safeParse } from 'zod/mini';
import { CLAIM_STATUS, ENTRY_STATUS, REVIEW_STATUS } from '@app/contracts/domain/statuses';
import { ContractError, OperationalError, ServerError, ValidationError, createApi } from './index';
import {
  ACCOUNT_MESSAGES,
  AccountSummarySchema,
  BankListSchema,
  BranchListSchema,
  CorporationListSchema,
  DetailResponseSchema,
  DraftEntryResponseSchema,
  EntryListSchema,
  EntrySchema,
  NewsListSchema,
  HealthSchema,
  MeResponseSchema,
  MeSchema,
  OpenApiDocumentSchema,
  POSTAL_CODE_MESSAGES,
  PostalCodeLookupSchema,
  ProfileResponseSchema,
  STAFF_MESSAGES,
  StaffMeResponseSchema,
  StaffApplicantSchema,
  StaffEntryDetailSchema,
  StaffEntryQueueSchema,
  StaffMemberListSchema,
  StaffSummarySchema,
  STAFF_REVIEW_MESSAGES,
  STAFF_DECISION_MESSAGES,
  SuppressEntriesSchema,
  endpoints,
  listEndpoints,
  type Schema,
  STAFF_EXPORTS,
} from '@app/contracts';
import {
  MOCK_ACCOUNT,
  MOCK_STAFF,
  MOCK_POSTAL_ADDRESSES,
  accountSummaryFixture,
  banksFixture,
  claimFixture,
  demoEntriesFixture,
  branchesFixture,
  corporationsFixture,
  draftFixture,
  entryFixture,
  newsFixture,
  createMockBackend,
  detailFixture,
  failureReply,
  healthFixture,
  initialMockState,
  meFixture,
  openApiFixture,
  postalCodeLookupFixture,
  profileFixture,
  staffApplicantFixture,
  staffEntryDetailFixture,
  staffEntryQueueFixture,
  staffMembersFixture,
  staffSummaryFixture,
  suppressEntriesFixture,
  visitorFixture,
} from '@app/mocks';

describe('fixtures: each a valid answer of its schema', () => {
  test.each<[string, Schema, unknown]>([
    ['me', MeSchema, meFixture()],
    ['visitor', MeResponseSchema, visitorFixture()],
    ['individual me', MeSchema, meFixture({ corporate_division: 'individual', company_name: null })],
    ['profile', ProfileResponseSchema, profileFixture()],
    ['account summary', AccountSummarySchema, accountSummaryFixture()],
    ['detail', DetailResponseSchema, detailFixture('x')],
    ['suppress entries', SuppressEntriesSchema, suppressEntriesFixture({ method: 'stop_new_entry', message: '停止中' })],
    ['health', HealthSchema, healthFixture()],
    ['openapi', OpenApiDocumentSchema, openApiFixture()],
    ['postal code', PostalCodeLookupSchema, postalCodeLookupFixture()],
    ['unknown postal code', PostalCodeLookupSchema, postalCodeLookupFixture({ code: '9999999', addresses: [] })],
    ['entry', EntrySchema, entryFixture()],
    ...demoEntriesFixture().map((entry): [string, Schema, unknown] => [`demo entry ${entry.code}`, EntrySchema, entry]),
    ['entries', EntryListSchema, [entryFixture(), entryFixture({ id: 22, claims: [] })]],
    ['draft', DraftEntryResponseSchema, draftFixture()],
    ['corporations', CorporationListSchema, corporationsFixture()],
    ['banks', BankListSchema, banksFixture()],
    ['branches', BranchListSchema, branchesFixture()],
    ['news', NewsListSchema, newsFixture()],
    ['staff summary', StaffSummarySchema, staffSummaryFixture()],
    ['staff me (none)', StaffMeResponseSchema, {}],
    ['staff members', StaffMemberListSchema, staffMembersFixture()],
    ['staff entry queue', StaffEntryQueueSchema, staffEntryQueueFixture()],
    ['staff entry detail', StaffEntryDetailSchema, staffEntryDetailFixture()],
    ['staff applicant (identity decision)', StaffApplicantSchema, staffApplicantFixture()],
    ...Object.entries(MOCK_POSTAL_ADDRESSES).map(([code, addresses]): [string, Schema, unknown] => [
      `mock postal code ${code}`,
      PostalCodeLookupSchema,
      { code, addresses },
    ]),
  ])('%s', (_name, schema, fixture) => {
    expect(safeParse(schema, fixture).error?.issues ?? []).toEqual([]);
  });
});

describe('failureReply', () => {
  test('answers only failures the endpoint declares', () => {
    expect(failureReply(endpoints.profile.patch, 'conflict', { detail: 'x' }).status).toBe(409);
    expect(() => failureReply(endpoints.me.get, 'conflict', { detail: 'x' })).toThrow('me.get does not answer conflict');
  });
});

describe('the mock backend', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const api = createApi({
    baseUrl: 'http://localhost',
    getCookies: () => '',
    onContractError: () => undefined,
    onStaleCredentials: () => undefined,
  });
  const start = () => {
    const backend = createMockBackend(initialMockState());
    server.use(...backend.handlers);
    return backend;
  };

  test('answers every endpoint of the catalogue', () => {
    expect(createMockBackend().handlers).toHaveLength(listEndpoints(endpoints).length);
  });

  test('an idempotent call carries its Idempotency-Key (issue 27), and the mock backend answers it as any call', async () => {
    start();
    const keys: (string | null)[] = [];
    const listener = ({ request }: { request: Request }) => void keys.push(request.headers.get('Idempotency-Key'));
    server.events.on('request:start', listener);
    try {
      await api(endpoints.auth.login, { body: MOCK_ACCOUNT });
      const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], '損益計算書.pdf', { type: 'application/pdf' });
      const upload = await api(endpoints.uploads.create, { fields: { kind: 'pl' }, file: pdf });
      expect(upload.kind).toBe('pl');
    } finally {
      server.events.removeListener('request:start', listener);
    }
    expect(keys).toEqual([null, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  test('the entry draft: read, saved under its version (a stale one is 409), not mistaken for an entry id', async () => {
    start();
    await api(endpoints.auth.login, { body: MOCK_ACCOUNT });
    const empty = await api(endpoints.entries.draft);
    expect(empty.version).toBe(0);
    const saved = await api(endpoints.entries.saveDraft, { body: { version: 0, data: { ...empty.data, purpose: '仕入れ' } } });
    expect(saved).toMatchObject({ version: 1, data: { purpose: '仕入れ' } });
    expect(await api(endpoints.entries.draft)).toMatchObject({ version: 1, data: { purpose: '仕入れ' } });
    const stale = await api(endpoints.entries.saveDraft, { body: { version: 0, data: empty.data } }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ status: 409 });
  });

  test('a visitor, a refused login, a login, the user, a logout — every answer through the real client', async () => {
    start();
    expect(await api(endpoints.me.get)).toEqual({});
    const refused = await api(endpoints.auth.login, { body: { email: MOCK_ACCOUNT.email, password: 'nope' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OperationalError);
    expect((refused as OperationalError).message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    await api(endpoints.auth.login, { body: MOCK_ACCOUNT });
    expect(await api(endpoints.me.get)).toMatchObject({ email: MOCK_ACCOUNT.email });
    await api(endpoints.auth.logout);
    expect(await api(endpoints.me.get)).toEqual({});
  });

  test('staff: a login apart from the applicant’s (password and code), their own me, the admin-only list with its two 403s', async () => {
    start();
    expect(await api(endpoints.staff.me.get)).toEqual({});
    await expect(api(endpoints.staff.staffMembers.list)).rejects.toMatchObject({ status: 403, message: STAFF_MESSAGES.notAuthenticated });
    // An applicant's login is not a staff login.
    await api(endpoints.auth.login, { body: MOCK_ACCOUNT });
    expect(await api(endpoints.staff.me.get)).toEqual({});
    const wrongCode = await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, otp: '654321' } }).catch((e: unknown) => e);
    expect(wrongCode).toBeInstanceOf(OperationalError);
    expect((wrongCode as OperationalError).message).toBe(STAFF_MESSAGES.invalidCredentials);
    const badCode = await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, otp: '12345' } }).catch((e: unknown) => e);
    expect((badCode as ValidationError).fieldErrors).toEqual({ otp: STAFF_MESSAGES.otpFormat });

    expect(await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, otp: '123 456' } })).toEqual(staffSummaryFixture());
    expect(await api(endpoints.staff.me.get)).toEqual(staffSummaryFixture());
    expect(await api(endpoints.staff.staffMembers.list)).toEqual(staffMembersFixture());
    await api(endpoints.staff.auth.logout);
    expect(await api(endpoints.staff.me.get)).toEqual({});
    // The applicant is still logged in.
    expect(await api(endpoints.me.get)).toMatchObject({ email: MOCK_ACCOUNT.email });

    await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, email: 'reviewer@tsumugi.example.jp' } });
    await expect(api(endpoints.staff.staffMembers.list)).rejects.toMatchObject({ status: 403, message: STAFF_MESSAGES.permissionDenied });
    // A disabled account cannot log in.
    await expect(api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, email: 'former@tsumugi.example.jp' } })).rejects.toBeInstanceOf(
      OperationalError,
    );
  });

  test('staff exports: a CSV of the period for an approver (BOM, the header), 403 for a reviewer, 400 for a period backwards', async () => {
    start();
    await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, email: 'reviewer@tsumugi.example.jp' } });
    expect((await fetch('http://localhost/api/staff/exports/payouts/?from=2026-01-01&to=2026-12-31')).status).toBe(403);
    await api(endpoints.staff.auth.logout);
    await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, otp: '123456' } });
    const file = await fetch('http://localhost/api/staff/exports/contracts/?from=2000-01-01&to=2000-12-31');
    expect([file.status, file.headers.get('content-type'), file.headers.get('content-disposition')]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'attachment; filename="contracts_2000-01-01_2000-12-31.csv"',
    ]);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(`"${STAFF_EXPORTS.contracts.header.join('","')}"\r\n`);
    expect((await fetch('http://localhost/api/staff/exports/payouts/?from=2026-02-01&to=2026-01-01')).status).toBe(400);
  });

  test('staff review: the queue, an entry, a file, the identity decision (only from 確認中); 403 without a staff login', async () => {
    start();
    await expect(api(endpoints.staff.entries.list, { query: {} })).rejects.toMatchObject({ status: 403 });
    await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, email: 'reviewer@tsumugi.example.jp' } });
    expect(await api(endpoints.staff.entries.list, { query: {} })).toEqual(staffEntryQueueFixture());
    expect((await api(endpoints.staff.entries.list, { query: { status: 'archived' } })).results).toEqual([]);
    expect(await api(endpoints.staff.entries.get, { params: { id: 21 } })).toEqual(staffEntryDetailFixture());
    await expect(api(endpoints.staff.entries.get, { params: { id: 999 } })).rejects.toMatchObject({ status: 404 });
    const file = await fetch('http://localhost/api/staff/uploads/901/content/');
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect((await fetch('http://localhost/api/staff/uploads/999/content/')).status).toBe(404);
    const blank = await api(endpoints.staff.users.identity, { params: { id: 7 }, body: { decision: 'inadequate', reason: ' ' } }).catch(
      (e: unknown) => e,
    );
    expect((blank as ValidationError).fieldErrors).toEqual({ reason: 'この項目は空にできません' });
    const decided = await api(endpoints.staff.users.identity, {
      params: { id: 7 },
      body: { decision: 'inadequate', reason: '画像が不鮮明です。' },
    });
    expect(decided).toMatchObject({ identity_confirmation: 2, identity_valid_date: null });
    const again = await api(endpoints.staff.users.identity, {
      params: { id: 7 },
      body: { decision: 'confirmed', valid_date: '2099-12-31' },
    }).catch((e: unknown) => e);
    expect((again as ValidationError).nonFieldErrors).toEqual([STAFF_REVIEW_MESSAGES.identityNotConfirming('不備')]);
  });

  test('staff decisions: documents, inadequate, pricing by the domain, the second-person approval, illegal moves 409', async () => {
    const backend = start();
    await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, email: 'reviewer@tsumugi.example.jp' } });
    const nothingInadequate = await api(endpoints.staff.entries.action, { params: { id: 21 }, body: { action: 'markInadequate' } }).catch(
      (e: unknown) => e,
    );
    expect(nothingInadequate).toMatchObject({ status: 409, message: STAFF_DECISION_MESSAGES.noInadequateDocument });
    const priced = await api(endpoints.staff.claims.decision, {
      params: { id: 31 },
      body: { decision: 'can_buy', purchase_ratio: '0.8', purchase_fee_ratio: '0.05', bank_charge: '660' },
    });
    const claim = priced.entry.claims[0];
    expect([claim?.status, claim?.purchase_principal_amount, claim?.purchase_fee, claim?.purchase_amount]).toEqual([
      3,
      '880000.00',
      '44000.00',
      '835340.00',
    ]);
    expect(priced.pricing).toMatchObject([{ claim_id: 31, priced_by: { staff_id: 2 } }]);
    // A reviewer may not approve (role), and neither may whoever priced (the second person).
    await expect(
      api(endpoints.staff.entries.approve, { params: { id: 21 }, body: { contract_period: '2099-01-31' } }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await api(endpoints.staff.auth.login, { body: MOCK_STAFF });
    // The fixture's applicant is 確認中: approval waits for the identity (issue 23), as the API.
    await expect(
      api(endpoints.staff.entries.approve, { params: { id: 21 }, body: { contract_period: '2099-01-31' } }),
    ).rejects.toMatchObject({ status: 409, message: STAFF_DECISION_MESSAGES.identity.unconfirmed });
    const item = backend.state.review[0];
    if (item === undefined) throw new Error('no review item');
    item.applicant = { ...item.applicant, identity_confirmation: REVIEW_STATUS.confirmed, identity_valid_date: '2099-12-31' };
    const approved = await api(endpoints.staff.entries.approve, { params: { id: 21 }, body: { contract_period: '2099-01-31' } });
    expect([approved.entry.status, approved.entry.contract_period, approved.approval?.staff_id]).toEqual([3, '2099-01-31', 1]);
    const twice = await api(endpoints.staff.entries.approve, { params: { id: 21 }, body: { contract_period: '2099-01-31' } }).catch(
      (e: unknown) => e,
    );
    expect(twice).toMatchObject({ status: 409, message: STAFF_DECISION_MESSAGES.entryNotAllowed('審査完了・ご契約手続き待ち') });
  });

  test('the party is fixed at approval (issue 23): identity 不備, without a valid date or expired → 409 as the API; the entry carries the party', async () => {
    const backend = start();
    await api(endpoints.staff.auth.login, { body: MOCK_STAFF });
    const offerable = entryFixture({
      account_activity_statement_confirmation_status: REVIEW_STATUS.confirmed,
      financial_statement_confirmation_status: REVIEW_STATUS.confirmed,
      claims: [claimFixture({ status: CLAIM_STATUS.can_buy })],
    });
    const approve = () => api(endpoints.staff.entries.approve, { params: { id: 21 }, body: { contract_period: '2099-01-31' } });
    for (const [identity, problem] of [
      [{ identity_confirmation: REVIEW_STATUS.inadequate, identity_valid_date: '2099-12-31' }, 'unconfirmed'],
      [{ identity_confirmation: REVIEW_STATUS.confirmed, identity_valid_date: null }, 'noValidDate'],
      [{ identity_confirmation: REVIEW_STATUS.confirmed, identity_valid_date: '2001-01-01' }, 'expired'],
    ] as const) {
      backend.state.review = [staffEntryDetailFixture({ entry: offerable, applicant: staffApplicantFixture(identity) })];
      await expect(approve(), problem).rejects.toMatchObject({ status: 409, message: STAFF_DECISION_MESSAGES.identity[problem] });
      expect(backend.state.review[0]?.entry.status).toBe(ENTRY_STATUS.under_review);
    }
    // A confirmed, unexpired identity: the entry is offered with the party as the back office read it.
    const individual = staffApplicantFixture({
      identity_confirmation: REVIEW_STATUS.confirmed,
      identity_valid_date: '2099-12-31',
      corporate_division: 'individual',
      company_name: 'やまだ商店',
      owner_zipcode: '5300001',
      owner_prefecture: '大阪府',
      owner_city: '大阪市北区梅田',
      owner_building_number: '1-1',
    });
    backend.state.review = [staffEntryDetailFixture({ entry: offerable, applicant: individual })];
    const approved = await approve();
    expect(safeParse(StaffEntryDetailSchema, approved).success).toBe(true);
    expect(approved.entry.contract_party).toEqual({
      corporate_division: 'individual',
      company_name: 'やまだ商店',
      last_name: individual.last_name,
      first_name: individual.first_name,
      address: { zipcode: '5300001', prefecture: '大阪府', city: '大阪市北区梅田', building_number: '1-1' },
    });
  });

  test('an offer still open ends only by an approver with a reason (issue 23); a lapsed one by anyone, as the API', async () => {
    const backend = start();
    const offered = (contract_period: string) =>
      staffEntryDetailFixture({
        entry: entryFixture({ status: ENTRY_STATUS.reviewed, contract_period, claims: [claimFixture({ status: CLAIM_STATUS.can_buy })] }),
      });
    const archive = (reason?: string | null) =>
      api(endpoints.staff.entries.action, { params: { id: 21 }, body: { action: 'archive', ...(reason === undefined ? {} : { reason }) } });
    backend.state.review = [offered('2099-12-31')];
    await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, email: 'reviewer@tsumugi.example.jp' } });
    await expect(archive('お客様のご依頼により終了します。')).rejects.toMatchObject({
      status: 403,
      message: STAFF_DECISION_MESSAGES.archiveOpenOffer,
    });
    await api(endpoints.staff.auth.login, { body: MOCK_STAFF });
    expect(((await archive().catch((e: unknown) => e)) as ValidationError).fieldErrors).toEqual({ reason: ACCOUNT_MESSAGES.required });
    expect(((await archive(null).catch((e: unknown) => e)) as ValidationError).fieldErrors).toEqual({ reason: ACCOUNT_MESSAGES.required });
    expect(backend.state.review[0]?.entry.status).toBe(ENTRY_STATUS.reviewed);
    const ended = await archive('お客様のご依頼により終了します。');
    expect(ended.entry.status).toBe(ENTRY_STATUS.archived);
    // A lapsed offer (its last day before today) is archived by a reviewer, without a reason.
    backend.state.review = [offered('2001-01-31')];
    await api(endpoints.staff.auth.login, { body: { ...MOCK_STAFF, email: 'reviewer@tsumugi.example.jp' } });
    expect((await archive()).entry.status).toBe(ENTRY_STATUS.archived);
  });

  test('staff decisions: a document found inadequate, then the entry sent back with the reasons as one text', async () => {
    start();
    await api(endpoints.staff.auth.login, { body: MOCK_STAFF });
    const noClaim = await api(endpoints.staff.entries.documents, {
      params: { id: 21 },
      body: { group: 'invoice', decision: 'confirmed' },
    }).catch((e: unknown) => e);
    expect((noClaim as ValidationError).fieldErrors).toEqual({ claim_id: STAFF_DECISION_MESSAGES.claimMismatch });
    const found = await api(endpoints.staff.entries.documents, {
      params: { id: 21 },
      body: { group: 'invoice', claim_id: 31, decision: 'inadequate', reason: '請求書の日付が読めません。' },
    });
    expect(found.entry.inadequate_documents).toEqual([{ group: 'invoice', claim_id: 31, reason: '請求書の日付が読めません。' }]);
    const sent = await api(endpoints.staff.entries.action, { params: { id: 21 }, body: { action: 'markInadequate' } });
    expect([sent.entry.status, sent.entry.description_of_inadequate_document]).toEqual([
      2,
      '「請求書（請求書1: 株式会社サンプル商事）」請求書の日付が読めません。',
    ]);
  });

  test('the applicant’s entry life: resubmit only when inadequate, contract when reviewed, cancel; 404 for an unknown id', async () => {
    const inadequate = entryFixture({
      id: 41,
      status: 2,
      account_activity_statement_confirmation_status: 2,
      inadequate_documents: [{ group: 'withdrawals_detail', claim_id: null, reason: '3か月分が必要です。' }],
    });
    const reviewed = entryFixture({ id: 42, status: 3, claims: [claimFixture({ id: 32, status: 3 })] });
    server.use(...createMockBackend(initialMockState({ me: meFixture(), entries: [inadequate, reviewed] })).handlers);
    const resubmitted = await api(endpoints.entries.review, {
      params: { id: 41 },
      body: { files: [{ id: 77, group: 'withdrawals_detail' }] },
    });
    expect([resubmitted.status, resubmitted.account_activity_statement_confirmation_status, resubmitted.inadequate_documents]).toEqual([
      1,
      1,
      [],
    ]);
    await expect(
      api(endpoints.entries.review, { params: { id: 42 }, body: { files: [{ id: 78, group: 'invoice', claim_id: 32 }] } }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await expect(api(endpoints.entries.contract, { params: { id: 42 }, body: { agreed: false as true } })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const contracted = await api(endpoints.entries.contract, { params: { id: 42 }, body: { agreed: true } });
    expect([contracted.status, contracted.claims[0]?.status, contracted.has_contract_document]).toEqual([4, 4, true]);
    expect((await fetch('http://localhost/api/entries/42/contract/document/')).headers.get('content-type')).toBe('application/pdf');
    await expect(api(endpoints.entries.cancel, { params: { id: 42 } })).rejects.toMatchObject({ status: 409 });
    const cancelled = await api(endpoints.entries.cancel, { params: { id: 41 } });
    expect([cancelled.status, cancelled.claims[0]?.status, cancelled.cancelled_at === null]).toEqual([6, 9, false]);
    await expect(api(endpoints.entries.cancel, { params: { id: 999 } })).rejects.toMatchObject({ status: 404 });
  });

  test('bodies are validated with the contract, as the API does', async () => {
    start();
    const error = await api(endpoints.auth.login, { body: { email: 'not-an-address', password: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({ email: ACCOUNT_MESSAGES.invalidEmail, password: 'この項目は空にできません' });
  });

  test('registering adds an account that can log in; the same address twice is refused', async () => {
    start();
    const body = {
      email: 'hanako@example.jp',
      password: 'kawa-no-nagare-7',
      corporate_division: 'individual',
      last_name: '佐藤',
      first_name: '花子',
    } as const;
    expect(await api(endpoints.register.create, { body })).toMatchObject({ email: 'hanako@example.jp', corporate_division: 'individual' });
    await expect(api(endpoints.register.create, { body })).rejects.toMatchObject({ fieldErrors: { email: ACCOUNT_MESSAGES.emailTaken } });
    await api(endpoints.auth.login, { body: { email: body.email, password: body.password } });
    expect(await api(endpoints.me.get)).toMatchObject({ email: 'hanako@example.jp' });
  });

  test('the profile: 403 for a visitor; a PATCH bumps the version; a stale version is 409 and changes nothing', async () => {
    start();
    await expect(api(endpoints.profile.get)).rejects.toMatchObject({ status: 403, message: ACCOUNT_MESSAGES.notAuthenticated });
    await api(endpoints.auth.login, { body: MOCK_ACCOUNT });
    const before = await api(endpoints.profile.get);
    const after = await api(endpoints.profile.patch, { body: { office_city: '大阪市北区', version: before.version } });
    expect([after.office_city, after.version]).toEqual(['大阪市北区', before.version + 1]);
    const stale = await api(endpoints.profile.patch, { body: { office_city: '札幌市', version: before.version } }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ServerError);
    expect((stale as ServerError).status).toBe(409);
    expect((await api(endpoints.profile.get)).office_city).toBe('大阪市北区');
  });

  test('uploads: a file through the client (the multipart body built from the contract), listed, refused when the kind does not take its type, deleted', async () => {
    start();
    await api(endpoints.auth.login, { body: MOCK_ACCOUNT });
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], '損益計算書.pdf', { type: 'application/pdf' });
    const upload = await api(endpoints.uploads.create, { fields: { kind: 'pl' }, file: pdf });
    expect(upload).toMatchObject({ kind: 'pl', name: '損益計算書.pdf', content_type: 'application/pdf', size: 4 });
    expect(await api(endpoints.uploads.list)).toEqual([upload]);
    const content = await fetch(`http://localhost/api/uploads/${upload.id}/content/`);
    expect([content.status, content.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect([...new Uint8Array(await content.arrayBuffer())]).toEqual([0x25, 0x50, 0x44, 0x46]);
    expect((await fetch('http://localhost/api/uploads/999/content/')).status).toBe(404);
    const csv = new File(['a,b'], 'a.csv', { type: 'text/csv' });
    await expect(api(endpoints.uploads.create, { fields: { kind: 'pl' }, file: csv })).rejects.toMatchObject({
      kind: 'validation',
      fieldErrors: { content_file: expect.stringContaining('形式') as unknown },
    });
    await api(endpoints.uploads.delete, { params: { id: upload.id } });
    expect(await api(endpoints.uploads.list)).toEqual([]);
  });

  test('postal codes: a few known ones, any other 7 digits unknown, anything else 400; no login needed', async () => {
    start();
    expect(await api(endpoints.postalCodes.get, { params: { code: '1000001' } })).toEqual(postalCodeLookupFixture());
    expect((await api(endpoints.postalCodes.get, { params: { code: '4150531' } })).addresses).toHaveLength(4);
    expect(await api(endpoints.postalCodes.get, { params: { code: '9999999' } })).toEqual({ code: '9999999', addresses: [] });
    const error = await api(endpoints.postalCodes.get, { params: { code: '100-0001' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({ code: POSTAL_CODE_MESSAGES.invalid });
  });

  test('what it answers always matches the contract (no ContractError on any read)', async () => {
    start();
    await api(endpoints.auth.login, { body: MOCK_ACCOUNT });
    for (const call of [
      () => api(endpoints.health.get),
      () => api(endpoints.schema.get),
      () => api(endpoints.me.visitedEntryPage),
      () => api(endpoints.systemSettings.suppressEntries),
      () => api(endpoints.postalCodes.get, { params: { code: '0600042' } }),
      () => api(endpoints.password.reset, { body: { email: MOCK_ACCOUNT.email } }),
    ]) {
      await expect(call()).resolves.not.toBeInstanceOf(ContractError);
    }
  });
});
