import type { AccountSummary, DetailResponse } from '../contracts/session';
import type { Health, OpenApiDocument } from '../contracts/health';
import type { Me, VisitorMe } from '../contracts/me';
import type { NewsItem } from '../contracts/news';
import type { PostalAddress, PostalCodeLookup } from '../contracts/postal-code';
import type { ProfileResponse } from '../contracts/profile';
import type { SuppressEntries } from '../contracts/system-settings';
import { DEFAULT_REVIEW_STATUS } from '../domain/statuses';

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
  return { status: 'ok', database: { status: 'ok', embedded: true, version: '17.10' }, ...overrides };
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
