import { group } from '../endpoint';
import { DraftEntryResponseSchema, DraftSaveRequestSchema, EntryCreateRequestSchema } from '../draft';
import { EntryListSchema, EntrySchema } from '../entry';
import { EntryContractRequestSchema, EntryReviewRequestSchema } from '../entry-life';
import { EntryBankAccountChangeRequestSchema } from '../payout-account';
import { IdParamsSchema } from '../upload';

export const entries = group('entries', { tag: 'entries', access: 'applicant' }, ({ GET, POST, PUT }) => ({
  list: GET('/api/entries/', {
    summary: '自分の申し込みの一覧（新しい順）',
    ok: EntryListSchema,
  }),
  get: GET('/api/entries/{id}/', {
    summary: '自分の申し込み（ほかの人の id は 404）',
    params: IdParamsSchema,
    ok: EntrySchema,
    errors: ['notFound'],
  }),
  review: POST('/api/entries/{id}/review/', {
    idempotent: true,
    summary:
      '再提出（不備の書類グループごとに新しいファイル。ほかの内容はそのまま）。書類の不備ありのときだけ。審査中に戻し、監査ログに記録',
    params: IdParamsSchema,
    body: EntryReviewRequestSchema,
    ok: EntrySchema,
    errors: ['notFound', 'conflict'],
  }),
  cancel: POST('/api/entries/{id}/cancel/', {
    idempotent: true,
    summary: '申し込みの取り消し（審査中・書類の不備あり・審査完了のときだけ。終了にして cancelled_at、メール）',
    params: IdParamsSchema,
    ok: EntrySchema,
    errors: ['notFound', 'conflict'],
  }),
  contract: POST('/api/entries/{id}/contract/', {
    idempotent: true,
    summary: 'ご契約（同意 agreed: true。審査完了で契約期限内のときだけ。買取できる請求書を契約済みにし、契約書 PDF を保存、メール）',
    params: IdParamsSchema,
    body: EntryContractRequestSchema,
    ok: EntrySchema,
    errors: ['notFound', 'conflict'],
  }),
  changeBankAccount: POST('/api/entries/{id}/bank_account/', {
    summary:
      '振込先口座の変更（審査完了・契約済みのときだけ。can_edit_bank_account とパスワードの再入力が必要。新旧の口座をメールで知らせ、監査ログに記録し、担当者が確認するまで入金を保留）',
    params: IdParamsSchema,
    body: EntryBankAccountChangeRequestSchema,
    ok: EntrySchema,
    errors: ['notFound', 'conflict', 'throttled'],
  }),
  contractDocument: GET('/api/entries/{id}/contract/document/', {
    summary: '署名済みの契約書 PDF（本人のみ。契約前・ほかの人の id は 404）',
    params: IdParamsSchema,
    file: true,
    errors: ['notFound'],
  }),
  create: POST('/api/entries/', {
    idempotent: true,
    summary:
      '申し込み（下書きの内容と version。§5 の初回提出のルールと §4 の新規申し込みの条件を確認し、審査中で作成、下書きを消去、確認メール）',
    body: EntryCreateRequestSchema,
    created: EntrySchema,
    errors: ['conflict'],
  }),
  draft: GET('/api/entries/draft/', {
    summary: '申し込みの下書き（なければ version 0 の空の下書き）',
    ok: DraftEntryResponseSchema,
  }),
  saveDraft: PUT('/api/entries/draft/', {
    summary: '下書きの保存（全体を version つきで。古い version は 409 で何も上書きしない）',
    body: DraftSaveRequestSchema,
    ok: DraftEntryResponseSchema,
    errors: ['conflict'],
  }),
}));
