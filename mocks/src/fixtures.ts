import type { AccountSummary, DetailResponse } from '@app/contracts/api/session';
import type { Health, OpenApiDocument } from '@app/contracts/api/health';
import type { AccountSession } from '@app/contracts/api/account-sessions';
import type { Me, VisitorMe } from '@app/contracts/api/me';
import type { DraftEntryResponse } from '@app/contracts/api/draft';
import type { Claim, ContractParty, Entry } from '@app/contracts/api/entry';
import type { Bank, Branch, Corporation } from '@app/contracts/api/lookups';
import type { NewsItem } from '@app/contracts/api/news';
import type { PostalAddress, PostalCodeLookup } from '@app/contracts/api/postal-code';
import type { ProfileResponse } from '@app/contracts/api/profile';
import type { SuppressEntries } from '@app/contracts/api/system-settings';
import type { StaffMember, StaffSummary } from '@app/contracts/api/staff';
import type {
  StaffApplicant,
  StaffAuditEvent,
  StaffEntryDetail,
  StaffEntryQueue,
  StaffEntryQueueItem,
} from '@app/contracts/api/staff-review';
import { calculatePurchase } from '@app/contracts/domain/money';
import { CLAIM_STATUS, DEFAULT_REVIEW_STATUS, ENTRY_STATUS, REVIEW_STATUS } from '@app/contracts/domain/statuses';

/**
 * Fixture factories: one per response schema of the catalogue, each a complete, valid answer (a
 * test parses every one with its schema), changed by `overrides`. Tests and the mock backend use
 * them, so a contract change shows up here first.
 */

const TIME = '2026-11-01T09:00:00.000000+09:00';

/** A logged-in corporate applicant whose profile is complete (`POST /api/me/`). */
export function meFixture(overrides: Partial<Me> = {}): Me {
  return {
    id: 7,
    email: 'taro@example.jp',
    first_name: '太郎',
    last_name: '山田',
    create_time: TIME,
    update_time: TIME,
    corporate_division: 'corporate',
    company_name: '株式会社ツムギ商事',
    office_zipcode: '1000001',
    owner_zipcode: '1000001',
    identity_confirmation: DEFAULT_REVIEW_STATUS,
    identity_valid_date: null,
    financial_statements_valid_date: null,
    last_withdrawals_detail_date: null,
    withdrawals_detail_status: DEFAULT_REVIEW_STATUS,
    financial_statements_status: DEFAULT_REVIEW_STATUS,
    addfiles: [],
    version: 1,
    has_usable_password: true,
    has_pre_entry_declined: false,
    has_satisfied_profile: true,
    allow_redirect_to_profile: false,
    last_login: TIME,
    visited_at_entry_page_after_mail_verification: null,
    user_segment: null,
    ...overrides,
  };
}

/** A visitor's answer to `POST /api/me/`. */
export const visitorFixture = (): VisitorMe => ({});

/** `GET /api/profile/` of the same applicant. */
export function profileFixture(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  return {
    id: 7,
    first_name: '太郎',
    last_name: '山田',
    corporate_division: 'corporate',
    company_name: '株式会社ツムギ商事',
    email: 'taro@example.jp',
    identity_confirmation: DEFAULT_REVIEW_STATUS,
    bank_account: null,
    office_phone: '03-1234-5678',
    office_zipcode: '1000001',
    office_prefecture: '東京都',
    office_city: '千代田区千代田',
    office_building_number: '1-1',
    owner_phone: '090-1234-5678',
    owner_zipcode: '1000001',
    owner_prefecture: '東京都',
    owner_city: '千代田区千代田',
    owner_building_number: '1-1',
    addfiles: [],
    identity_document_type: null,
    has_usable_password: true,
    sector: 'unknown',
    business_summary: null,
    can_edit_bank_account: true,
    has_entry_permission_when_delayed: true,
    version: 1,
    ...overrides,
  };
}

/** `POST /api/register/` 201, `POST /api/auth/` 200. */
export function accountSummaryFixture(overrides: Partial<AccountSummary> = {}): AccountSummary {
  return { id: 7, email: 'taro@example.jp', corporate_division: 'corporate', ...overrides };
}

export const detailFixture = (detail: string): DetailResponse => ({ detail });

/** `GET /api/system_settings/supress_entries/`: nothing suppressed. */
export function suppressEntriesFixture(overrides: Partial<SuppressEntries> = {}): SuppressEntries {
  return { method: null, segment: null, message: null, ...overrides };
}

export function healthFixture(overrides: Partial<Health> = {}): Health {
  return { status: 'ok', ...overrides };
}

/** The sessions of the mock applicant: this browser and a phone kept logged in. */
export function accountSessionsFixture(): AccountSession[] {
  return [
    {
      id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      device: 'Chrome / Windows',
      created_at: '2026-11-20T01:00:00.000Z',
      last_seen_at: '2026-11-21T03:00:00.000Z',
      persistent: false,
      current: true,
    },
    {
      id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      device: 'Safari / iPhone',
      created_at: '2026-11-15T09:30:00.000Z',
      last_seen_at: '2026-11-19T12:45:00.000Z',
      persistent: true,
      current: false,
    },
  ];
}

/** A minimal OpenAPI document (the mock backend does not generate the real one). */
export const openApiFixture = (): OpenApiDocument => ({ openapi: '3.1.0', info: { title: 'mock' }, paths: {} });

/** `GET /api/postal-codes/{code}/` for 1000001, as Japan Post lists it. */
export function postalCodeLookupFixture(overrides: Partial<PostalCodeLookup> = {}): PostalCodeLookup {
  return { code: '1000001', addresses: [{ prefecture: '東京都', city: '千代田区', town: '千代田' }], ...overrides };
}

/**
 * The postal codes the mock backend knows, as Japan Post lists them (the API knows every code):
 * one town each in Tokyo, Osaka and Sapporo, a code for four towns, and one for three towns' "other
 * addresses" (`town: ""`). Any other 7 digits answer no address.
 */
export const MOCK_POSTAL_ADDRESSES: Readonly<Record<string, readonly PostalAddress[]>> = {
  '1000001': [{ prefecture: '東京都', city: '千代田区', town: '千代田' }],
  '1500002': [{ prefecture: '東京都', city: '渋谷区', town: '渋谷' }],
  '5300001': [{ prefecture: '大阪府', city: '大阪市北区', town: '梅田' }],
  '0600042': [{ prefecture: '北海道', city: '札幌市中央区', town: '大通西' }],
  '4150531': ['一町田', '伊浜', '落居', '天神原'].map((town) => ({ prefecture: '静岡県', city: '賀茂郡南伊豆町', town })),
  '2580000': ['足柄上郡大井町', '足柄上郡松田町', '足柄上郡開成町'].map((city) => ({ prefecture: '神奈川県', city, town: '' })),
};

/** `GET /api/news/`: two notices as the WordPress adapter maps them. */
export function newsFixture(): NewsItem[] {
  return [
    { id: 2, title: '年末年始の営業日のお知らせ', url: 'https://example.jp/news/2', published_at: '2026-11-20T10:00:00.000000+09:00' },
    {
      id: 1,
      title: '本人確認書類にマイナンバーカードをご利用いただけるようになりました',
      url: 'https://example.jp/news/1',
      published_at: '2026-11-01T10:00:00.000000+09:00',
    },
  ];
}

/** A claim under review (`GET /api/entries/{id}/` → claims). */
export function claimFixture(overrides: Partial<Claim> = {}): Claim {
  return {
    id: 31,
    code: 'C-000031',
    status: CLAIM_STATUS.under_review,
    invoice_confirmation_status: REVIEW_STATUS.confirming,
    additional_doc_confirmation_status: REVIEW_STATUS.nothing,
    obliger_company_name: '株式会社サンプル商事',
    houjinbangou: '1234567890123',
    houjinbangou_address: '東京都千代田区丸の内1-1-1',
    amount: '1100000',
    scheduled_deposit_amount_from_obliger: '1100000',
    purchase_principal_amount: null,
    purchase_amount: null,
    purchase_ratio: null,
    purchase_fee: null,
    purchase_fee_ratio: null,
    bank_charge: null,
    obliger_payment_date: '2026-12-31',
    is_fixed_debt: true,
    is_bank_transfer_from_obliger: true,
    return_date: null,
    returned_at: null,
    cancelled_at: null,
    created_at: TIME,
    updated_at: TIME,
    contentfiles: [{ id: 1001, kind: 'invoice-1', name: '請求書.pdf', content_type: 'application/pdf' }],
    metadata: null,
    receive_payment_account: {
      bank_name: 'みずほ銀行',
      deposit_type: 'ordinary',
      bank_account_number: '1234567',
      obliger_accounts: [{ holder_name: 'サンプルシヨウジ（カ' }],
    },
    ...overrides,
  };
}

/** An entry under review (`GET /api/entries/`, `GET /api/entries/{id}/`). */
export function entryFixture(overrides: Partial<Entry> = {}): Entry {
  return {
    id: 21,
    code: 'E-000021',
    status: ENTRY_STATUS.under_review,
    account_activity_statement_confirmation_status: REVIEW_STATUS.confirming,
    financial_statement_confirmation_status: REVIEW_STATUS.confirming,
    channel_type: null,
    purchase_amount_desired: '1000000',
    purpose: '仕入れ資金',
    description_of_inadequate_document: null,
    inadequate_documents: [],
    has_contract_document: false,
    payout_hold_at: null,
    payout_hold_previous_bank_account: null,
    contracted_at: null,
    transferred_at: null,
    cancelled_at: null,
    reviewed_at: null,
    rejected_at: null,
    transaction_completed_at: null,
    created_at: TIME,
    updated_at: TIME,
    user: 7,
    claims: [claimFixture()],
    addfiles: [],
    metadata: null,
    draft_entry_id: null,
    auto_rejection_started_at: null,
    contract_period: null,
    bank_account: null,
    contract_party: null,
    ...overrides,
  };
}

/** The contracting party an approval fixed (`Entry.contract_party`): the mock applicant's corporation and office. */
export function contractPartyFixture(overrides: Partial<ContractParty> = {}): ContractParty {
  return {
    corporate_division: 'corporate',
    company_name: '株式会社ツムギ商事',
    last_name: '山田',
    first_name: '太郎',
    address: { zipcode: '1000001', prefecture: '東京都', city: '千代田区千代田', building_number: '1-1' },
    ...overrides,
  };
}

/** A claim the back office priced: 掛目 0.8, 手数料率 5%, 振込手数料 660 円 on its face amount. */
function pricedClaim(overrides: Partial<Claim>): Claim {
  const claim = claimFixture(overrides);
  const terms = { amount: claim.amount, purchase_ratio: '0.8000', purchase_fee_ratio: '0.0500', bank_charge: '660' };
  return { ...claim, ...terms, ...calculatePurchase(terms), amount: claim.amount };
}

/**
 * Entries at each step of their life, for `dev:mock` (a team working on the entry pages alone sees
 * every state without an API): one sent back for a document, one offered (sign by the deadline),
 * one paid with its contract. Ids 51–53.
 */
export function demoEntriesFixture(): Entry[] {
  return [
    entryFixture({
      id: 51,
      code: 'E-000051',
      status: ENTRY_STATUS.inadequate,
      account_activity_statement_confirmation_status: REVIEW_STATUS.inadequate,
      description_of_inadequate_document: '「入出金明細」直近3か月分の通帳の明細が必要です。',
      inadequate_documents: [{ group: 'withdrawals_detail', claim_id: null, reason: '直近3か月分の通帳の明細が必要です。' }],
      claims: [claimFixture({ id: 61, code: 'C-000061' })],
    }),
    entryFixture({
      id: 52,
      code: 'E-000052',
      status: ENTRY_STATUS.reviewed,
      account_activity_statement_confirmation_status: REVIEW_STATUS.confirmed,
      financial_statement_confirmation_status: REVIEW_STATUS.confirmed,
      reviewed_at: TIME,
      contract_period: '2099-12-31',
      contract_party: contractPartyFixture(),
      claims: [
        pricedClaim({ id: 62, code: 'C-000062', status: CLAIM_STATUS.can_buy, invoice_confirmation_status: REVIEW_STATUS.confirmed }),
      ],
    }),
    entryFixture({
      id: 53,
      code: 'E-000053',
      status: ENTRY_STATUS.transferred,
      account_activity_statement_confirmation_status: REVIEW_STATUS.confirmed,
      financial_statement_confirmation_status: REVIEW_STATUS.confirmed,
      reviewed_at: TIME,
      contracted_at: TIME,
      transferred_at: TIME,
      contract_period: '2026-11-08',
      has_contract_document: true,
      contract_party: contractPartyFixture(),
      claims: [
        pricedClaim({ id: 63, code: 'C-000063', status: CLAIM_STATUS.transferred, invoice_confirmation_status: REVIEW_STATUS.confirmed }),
      ],
    }),
  ];
}

/** `GET /api/entries/draft/` before anything was saved. */
export function draftFixture(overrides: Partial<DraftEntryResponse> = {}): DraftEntryResponse {
  return {
    version: 0,
    updated_at: null,
    data: {
      purchase_amount_desired: null,
      purpose: null,
      claims: [],
      bank_account: null,
      banks: [],
      can_submit_financial_statements: null,
      tax_return_submissions: null,
      no_sga_expenses: null,
      financial_statement_files: [],
    },
    ...overrides,
  };
}

/** `GET /api/ext/houjinbangou/?name=`: a few corporations (check digits valid). */
export function corporationsFixture(): Corporation[] {
  return [
    { houjinbangou: '1010001000006', name: '株式会社サンプル商事', address: '東京都千代田区丸の内１丁目１－１' },
    { houjinbangou: '2010001000005', name: 'サンプル物産株式会社', address: '大阪府大阪市北区梅田２丁目２－２' },
  ];
}

/** `GET /api/banks/?q=`. */
export function banksFixture(): Bank[] {
  return [
    { code: '0001', name: 'みずほ', kana: 'ミズホ' },
    { code: '0005', name: '三菱ＵＦＪ', kana: 'ミツビシユーエフジエイ' },
    { code: '0009', name: '三井住友', kana: 'ミツイスミトモ' },
  ];
}

/** `GET /api/banks/{code}/branches/?q=`. */
export function branchesFixture(): Branch[] {
  return [
    { code: '001', name: '東京営業部', kana: 'トウキヨウ' },
    { code: '110', name: '渋谷', kana: 'シブヤ' },
  ];
}

/** A logged-in staff member (`POST /api/staff/auth/` 200, `POST /api/staff/me/`): an admin by default. */
export function staffSummaryFixture(overrides: Partial<StaffSummary> = {}): StaffSummary {
  return { id: 1, email: 'admin@tsumugi.example.jp', name: '管理 花子', role: 'admin', ...overrides };
}

/** One staff account as an admin lists it (`GET /api/staff/staff-members/`). */
export function staffMemberFixture(overrides: Partial<StaffMember> = {}): StaffMember {
  return { ...staffSummaryFixture(), created_at: TIME, last_login_at: TIME, disabled_at: null, ...overrides };
}

/** The staff accounts of the mock back office: an admin, a reviewer, an approver and a disabled reviewer. */
export function staffMembersFixture(): StaffMember[] {
  return [
    staffMemberFixture(),
    staffMemberFixture({ id: 2, email: 'reviewer@tsumugi.example.jp', name: '審査 一郎', role: 'reviewer' }),
    staffMemberFixture({ id: 3, email: 'approver@tsumugi.example.jp', name: '承認 次郎', role: 'approver', last_login_at: null }),
    staffMemberFixture({ id: 4, email: 'former@tsumugi.example.jp', name: '退職 三郎', role: 'reviewer', disabled_at: TIME }),
  ];
}

// --- The back office's review (issue 11) -------------------------------------------------------

/** The applicant of `entryFixture` as the reviewer sees them: identity under review, both sides uploaded. */
export function staffApplicantFixture(overrides: Partial<StaffApplicant> = {}): StaffApplicant {
  return {
    id: 7,
    email: 'taro@example.jp',
    first_name: '太郎',
    last_name: '山田',
    company_name: '株式会社ツムギ商事',
    corporate_division: 'corporate',
    office_phone: '03-1234-5678',
    office_zipcode: '1000005',
    office_prefecture: '東京都',
    office_city: '千代田区丸の内1-1-1',
    office_building_number: '',
    owner_phone: '090-1234-5678',
    owner_zipcode: '1500002',
    owner_prefecture: '東京都',
    owner_city: '渋谷区渋谷1-1-1',
    owner_building_number: '',
    identity_confirmation: REVIEW_STATUS.confirming,
    identity_valid_date: null,
    identity_document_type: 'drivingLicence',
    identity_files: [
      { id: 901, kind: 'identity', name: '運転免許証（表）.jpg', content_type: 'image/jpeg', side: 'front' },
      { id: 902, kind: 'identity', name: '運転免許証（裏）.jpg', content_type: 'image/jpeg', side: 'back' },
    ],
    ...overrides,
  };
}

/** One row of the review queue (`GET /api/staff/entries/`): `entryFixture` and its applicant. */
export function staffEntryQueueItemFixture(overrides: Partial<StaffEntryQueueItem> = {}): StaffEntryQueueItem {
  const entry = entryFixture();
  const applicant = staffApplicantFixture();
  return {
    id: entry.id,
    code: entry.code,
    status: entry.status,
    created_at: entry.created_at,
    waiting_since: entry.created_at,
    updated_at: entry.updated_at,
    purchase_amount_desired: entry.purchase_amount_desired,
    claim_count: entry.claims.length,
    face_total: '1100000',
    assignee_name: null,
    applicant: {
      id: applicant.id,
      email: applicant.email,
      first_name: applicant.first_name,
      last_name: applicant.last_name,
      company_name: applicant.company_name,
      corporate_division: applicant.corporate_division,
    },
    ...overrides,
  };
}

/** `GET /api/staff/entries/`: one page. */
export function staffEntryQueueFixture(overrides: Partial<StaffEntryQueue> = {}): StaffEntryQueue {
  return {
    count: 1,
    counts: { under_review: 1, inadequate: 0, reviewed: 0, contracted: 0, transferred: 0, archived: 0 },
    wait_limit_hours: 24,
    limit: 50,
    offset: 0,
    results: [staffEntryQueueItemFixture()],
    ...overrides,
  };
}

/** The entry's creation as the audit log recorded it. */
export function staffAuditEventFixture(overrides: Partial<StaffAuditEvent> = {}): StaffAuditEvent {
  return {
    id: 1,
    occurred_at: TIME,
    actor: 'user:7',
    actor_name: null,
    event: 'entry.created',
    subject_type: 'entry',
    subject_id: '21',
    before: { withdrawals_detail_status: REVIEW_STATUS.nothing, financial_statements_status: REVIEW_STATUS.nothing },
    after: { withdrawals_detail_status: REVIEW_STATUS.confirming, financial_statements_status: REVIEW_STATUS.confirming },
    data: { code: 'E-000021', status: ENTRY_STATUS.under_review },
    ...overrides,
  };
}

/** `GET /api/staff/entries/{id}/`. */
export function staffEntryDetailFixture(overrides: Partial<StaffEntryDetail> = {}): StaffEntryDetail {
  return {
    entry: entryFixture(),
    applicant: staffApplicantFixture(),
    history: [staffAuditEventFixture()],
    pricing: [],
    approval: null,
    assignee: null,
    ...overrides,
  };
}
