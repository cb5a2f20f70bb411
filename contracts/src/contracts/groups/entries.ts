import { group, endpoint } from '../endpoint';
import { DraftEntryResponseSchema, DraftSaveRequestSchema, EntryCreateRequestSchema } from '../draft';
import { EntryListSchema, EntrySchema } from '../entry';
import { EntryContractRequestSchema, EntryReviewRequestSchema } from '../entry-life';
import { EntryBankAccountChangeRequestSchema } from '../payout-account';
import { IdParamsSchema } from '../upload';

export const entries = group('entries', {
  list: endpoint({
    method: 'GET',
    path: '/api/entries/',
    tag: 'entries',
    summary: '自分の申し込みの一覧（新しい順）',
    access: 'applicant',
    success: { status: 200, schema: EntryListSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/entries/{id}/',
    tag: 'entries',
    summary: '自分の申し込み（ほかの人の id は 404）',
    access: 'applicant',
    params: IdParamsSchema,
    success: { status: 200, schema: EntrySchema },
    errors: ['notFound'],
  }),
  review: endpoint({
    method: 'POST',
    path: '/api/entries/{id}/review/',
    tag: 'entries',
    summary:
      '再提出（不備の書類グループごとに新しいファイル。ほかの内容はそのまま）。書類の不備ありのときだけ。審査中に戻し、監査ログに記録',
    access: 'applicant',
    params: IdParamsSchema,
    body: EntryReviewRequestSchema,
    success: { status: 200, schema: EntrySchema },
    errors: ['validation', 'notFound', 'conflict'],
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/entries/{id}/cancel/',
    tag: 'entries',
    summary: '申し込みの取り消し（審査中・書類の不備あり・審査完了のときだけ。終了にして cancelled_at、メール）',
    access: 'applicant',
    params: IdParamsSchema,
    success: { status: 200, schema: EntrySchema },
    errors: ['notFound', 'conflict'],
  }),
  contract: endpoint({
    method: 'POST',
    path: '/api/entries/{id}/contract/',
    tag: 'entries',
    summary: 'ご契約（同意 agreed: true。審査完了で契約期限内のときだけ。買取できる請求書を契約済みにし、契約書 PDF を保存、メール）',
    access: 'applicant',
    params: IdParamsSchema,
    body: EntryContractRequestSchema,
    success: { status: 200, schema: EntrySchema },
    errors: ['validation', 'notFound', 'conflict'],
  }),
  changeBankAccount: endpoint({
    method: 'POST',
    path: '/api/entries/{id}/bank_account/',
    tag: 'entries',
    summary:
      '振込先口座の変更（審査完了・契約済みのときだけ。can_edit_bank_account とパスワードの再入力が必要。新旧の口座をメールで知らせ、監査ログに記録し、担当者が確認するまで入金を保留）',
    access: 'applicant',
    params: IdParamsSchema,
    body: EntryBankAccountChangeRequestSchema,
    success: { status: 200, schema: EntrySchema },
    errors: ['validation', 'notFound', 'conflict', 'throttled'],
  }),
  contractDocument: endpoint({
    method: 'GET',
    path: '/api/entries/{id}/contract/document/',
    tag: 'entries',
    summary: '署名済みの契約書 PDF（本人のみ。契約前・ほかの人の id は 404）',
    access: 'applicant',
    params: IdParamsSchema,
    success: { status: 200, schema: null, file: true },
    errors: ['notFound'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/entries/',
    tag: 'entries',
    summary:
      '申し込み（下書きの内容と version。§5 の初回提出のルールと §4 の新規申し込みの条件を確認し、審査中で作成、下書きを消去、確認メール）',
    access: 'applicant',
    body: EntryCreateRequestSchema,
    success: { status: 201, schema: EntrySchema },
    errors: ['validation', 'conflict'],
  }),
  draft: endpoint({
    method: 'GET',
    path: '/api/entries/draft/',
    tag: 'entries',
    summary: '申し込みの下書き（なければ version 0 の空の下書き）',
    access: 'applicant',
    success: { status: 200, schema: DraftEntryResponseSchema },
  }),
  saveDraft: endpoint({
    method: 'PUT',
    path: '/api/entries/draft/',
    tag: 'entries',
    summary: '下書きの保存（全体を version つきで。古い version は 409 で何も上書きしない）',
    access: 'applicant',
    body: DraftSaveRequestSchema,
    success: { status: 200, schema: DraftEntryResponseSchema },
    errors: ['validation', 'conflict'],
  }),
});
