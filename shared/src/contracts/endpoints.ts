import {
  ActivationRequestSchema,
  PasswordChangeRequestSchema,
  PasswordResetConfirmRequestSchema,
  PasswordResetRequestSchema,
  RegisterRequestSchema,
} from './accounts';
import { defineCatalogue, endpoint, type Schema } from './endpoint';
import { AccountSessionListSchema, SessionParamsSchema } from './account-sessions';
import { HealthSchema, OpenApiDocumentSchema } from './health';
import { ProfileNameAndIdentityPatchSchema, ProfilePatchSchema, ProfileResponseSchema, ProfileWithoutSectorPatchSchema } from './profile';
import { sessionEndpoints } from './endpoints-session';
import { staffEndpoints } from './endpoints-staff';
import { PostalCodeLookupSchema, PostalCodeParamsSchema } from './postal-code';
import { ActiveDelinquencyRequestSchema, IdParamsSchema, UploadListSchema, UploadRequestFieldsSchema, UploadSchema } from './upload';
import { AccountSummarySchema, DetailResponseSchema, LoginRequestSchema } from './session';
import { EntryListSchema, EntrySchema } from './entry';
import { EntryContractRequestSchema, EntryReviewRequestSchema } from './entry-life';
import { DraftEntryResponseSchema, DraftSaveRequestSchema, EntryCreateRequestSchema } from './draft';
import {
  BankCodeParamsSchema,
  BankListSchema,
  BankQuerySchema,
  BranchListSchema,
  CorporationListSchema,
  HoujinbangouQuerySchema,
} from './lookups';
import { MailChangeConfirmSchema, MailChangeRequestSchema } from './mail-change';
import { NewsListSchema } from './news';
import { PreEntryRequestSchema, PreEntryResultSchema } from './pre-entry';

/** The profile's PATCHes: the applicant's own profile, the fields in `body`, the `version` lock (409). */
const profilePatch = <const Path extends string, const Body extends Schema>(path: Path, summary: string, body: Body) =>
  endpoint({
    method: 'PATCH',
    path,
    tag: 'profile',
    summary,
    access: 'applicant',
    body,
    success: { status: 200, schema: ProfileResponseSchema },
    errors: ['validation', 'conflict'],
  });

/**
 * Every endpoint of the API, once (spec §7 plus ours); the session endpoints live in
 * endpoints-session.ts (the pages' shared runtime loads only those). The API registers exactly these routes
 * (a test fails on any route missing here or any entry not registered), the client calls them by
 * name, the mocks answer for them and `/api/schema/` documents them. Add an endpoint here first.
 */
export const endpoints = defineCatalogue({
  health: {
    get: endpoint({
      method: 'GET',
      path: '/api/health/',
      tag: 'system',
      summary: 'API とデータベースの稼働状況',
      access: 'visitor',
      success: { status: 200, schema: HealthSchema },
      errors: ['unavailable'],
      errorBodies: { unavailable: HealthSchema },
    }),
  },
  schema: {
    get: endpoint({
      method: 'GET',
      path: '/api/schema/',
      tag: 'system',
      summary: 'この API の OpenAPI 3.1 ドキュメント',
      access: 'visitor',
      success: { status: 200, schema: OpenApiDocumentSchema },
    }),
  },
  register: {
    create: endpoint({
      method: 'POST',
      path: '/api/register/',
      tag: 'accounts',
      summary: '会員登録（確認メールを送信）',
      access: 'visitor',
      body: RegisterRequestSchema,
      success: { status: 201, schema: AccountSummarySchema },
      errors: ['validation', 'throttled'],
    }),
    activate: endpoint({
      method: 'POST',
      path: '/api/register/activation/',
      tag: 'accounts',
      summary: '確認メールのリンクでアカウントを有効化',
      access: 'visitor',
      body: ActivationRequestSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation', 'throttled'],
    }),
  },
  ...sessionEndpoints,
  auth: {
    login: endpoint({
      method: 'POST',
      path: '/api/auth/',
      tag: 'accounts',
      summary: 'ログイン（セッション開始、csrftoken を更新）',
      access: 'visitor',
      body: LoginRequestSchema,
      success: { status: 200, schema: AccountSummarySchema },
      errors: ['validation', 'operational', 'throttled'],
    }),
    ...sessionEndpoints.auth,
  },
  password: {
    reset: endpoint({
      method: 'POST',
      path: '/api/password/reset/',
      tag: 'accounts',
      summary: 'パスワード再設定メールの送信（登録の有無にかかわらず同じ答え）',
      access: 'visitor',
      body: PasswordResetRequestSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation', 'throttled'],
    }),
    resetConfirm: endpoint({
      method: 'POST',
      path: '/api/password/reset/confirm/',
      tag: 'accounts',
      summary: 'メールのリンクで新しいパスワードを設定',
      access: 'visitor',
      body: PasswordResetConfirmRequestSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation', 'throttled'],
    }),
    change: endpoint({
      method: 'POST',
      path: '/api/password/change/',
      tag: 'accounts',
      summary: 'パスワードの変更',
      access: 'applicant',
      body: PasswordChangeRequestSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation', 'throttled'],
    }),
  },
  profile: {
    get: endpoint({
      method: 'GET',
      path: '/api/profile/',
      tag: 'profile',
      summary: 'プロフィール',
      access: 'applicant',
      success: { status: 200, schema: ProfileResponseSchema },
    }),
    patch: profilePatch('/api/profile/', 'プロフィールの更新（addfiles: 添付するアップロード済みファイル）', ProfilePatchSchema),
    patchWithoutSector: profilePatch(
      '/api/profile_without_sector_and_business_summary/',
      'プロフィールの更新（業種・事業内容を除く）',
      ProfileWithoutSectorPatchSchema,
    ),
    patchNameAndIdentity: profilePatch('/api/profile_name_and_identity/', '氏名と本人確認書類の更新', ProfileNameAndIdentityPatchSchema),
  },
  accountSessions: {
    list: endpoint({
      method: 'GET',
      path: '/api/profile/sessions/',
      tag: 'profile',
      summary: 'ログイン中の端末（セッション）の一覧。端末の種類、最終利用日時、この端末かどうか',
      access: 'applicant',
      success: { status: 200, schema: AccountSessionListSchema },
    }),
    revoke: endpoint({
      method: 'DELETE',
      path: '/api/profile/sessions/{id}/',
      tag: 'profile',
      summary: 'ほかの端末のセッションを終了する（本人のみ。この端末のセッションは 400: ログアウトで終了）',
      access: 'applicant',
      params: SessionParamsSchema,
      success: { status: 204, schema: null },
      errors: ['validation', 'notFound'],
    }),
    logoutAll: endpoint({
      method: 'POST',
      path: '/api/profile/sessions/logout_all/',
      tag: 'profile',
      summary: 'すべての端末からログアウトする（この端末を含む。セッション Cookie は削除される）',
      access: 'applicant',
      success: { status: 204, schema: null },
    }),
  },
  mailChange: {
    request: endpoint({
      method: 'POST',
      path: '/api/profile/mail/change/',
      tag: 'profile',
      summary: 'ログイン用メールアドレスの変更を申し込む（パスワードが必要。新しいアドレスに確認メール）',
      access: 'applicant',
      body: MailChangeRequestSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation', 'throttled'],
    }),
    confirm: endpoint({
      method: 'POST',
      path: '/api/profile/mail/change/confirm/',
      tag: 'profile',
      summary: '確認メールのリンク（token）でメールアドレスの変更を完了する',
      access: 'visitor',
      body: MailChangeConfirmSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation'],
    }),
  },
  preEntry: {
    get: endpoint({
      method: 'GET',
      path: '/api/pre_entry/',
      tag: 'profile',
      summary: '事前確認の結果（未回答・通過・お断り）',
      access: 'applicant',
      success: { status: 200, schema: PreEntryResultSchema },
    }),
    submit: endpoint({
      method: 'POST',
      path: '/api/pre_entry/',
      tag: 'profile',
      summary: '事前確認の回答（質問 id → 選択肢 id）。お断りの場合 has_pre_entry_declined が立つ。回答は一度だけ',
      access: 'applicant',
      body: PreEntryRequestSchema,
      success: { status: 200, schema: PreEntryResultSchema },
      errors: ['validation', 'conflict'],
    }),
  },
  entries: {
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
  },
  ext: {
    houjinbangou: endpoint({
      method: 'GET',
      path: '/api/ext/houjinbangou/',
      tag: 'lookups',
      summary: '法人名から法人番号の候補（国税庁法人番号 Web-API、未設定なら同梱の索引）',
      access: 'applicant',
      query: HoujinbangouQuerySchema,
      success: { status: 200, schema: CorporationListSchema },
      errors: ['validation'],
    }),
  },
  banks: {
    search: endpoint({
      method: 'GET',
      path: '/api/banks/',
      tag: 'lookups',
      summary: '金融機関の検索（漢字・ひらがな・カタカナ・半角カナ・コード。全銀データ）',
      access: 'applicant',
      query: BankQuerySchema,
      success: { status: 200, schema: BankListSchema },
      errors: ['validation'],
    }),
    branches: endpoint({
      method: 'GET',
      path: '/api/banks/{code}/branches/',
      tag: 'lookups',
      summary: '支店の検索（漢字・ひらがな・カタカナ・半角カナ・コード）',
      access: 'applicant',
      params: BankCodeParamsSchema,
      query: BankQuerySchema,
      success: { status: 200, schema: BranchListSchema },
      errors: ['validation', 'notFound'],
    }),
  },
  news: {
    list: endpoint({
      method: 'GET',
      path: '/api/news/',
      tag: 'system',
      summary: 'お知らせ（WordPress のタグ 15、キャッシュ。未設定・停止中は空の一覧）',
      access: 'applicant',
      success: { status: 200, schema: NewsListSchema },
    }),
  },
  uploads: {
    list: endpoint({
      method: 'GET',
      path: '/api/uploads/',
      tag: 'uploads',
      summary: '自分がアップロードしたファイルの一覧',
      access: 'applicant',
      success: { status: 200, schema: UploadListSchema },
    }),
    create: endpoint({
      method: 'POST',
      path: '/api/uploads/',
      tag: 'uploads',
      summary: 'ファイルのアップロード（multipart: kind、本人確認書類は side、最後に content_file）。形式はファイルの中身で判定',
      access: 'applicant',
      multipart: UploadRequestFieldsSchema,
      success: { status: 201, schema: UploadSchema },
      errors: ['validation'],
    }),
    content: endpoint({
      method: 'GET',
      path: '/api/uploads/{id}/content/',
      tag: 'uploads',
      summary: 'アップロードしたファイルの中身（添付ファイルとして、本人のみ）',
      access: 'applicant',
      params: IdParamsSchema,
      success: { status: 200, schema: null, file: true },
      errors: ['notFound'],
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/api/uploads/{id}/',
      tag: 'uploads',
      summary: 'アップロードしたファイルの削除（本人のみ。プロフィールで提出済みの書類は 400）',
      access: 'applicant',
      params: IdParamsSchema,
      success: { status: 204, schema: null },
      errors: ['validation', 'notFound'],
    }),
    activeDelinquency: endpoint({
      method: 'PATCH',
      path: '/api/uploads/active_delinquency/',
      tag: 'uploads',
      summary: '滞納に関する書類を有効にする（ids: 自分の delinquency ファイル）',
      access: 'applicant',
      body: ActiveDelinquencyRequestSchema,
      success: { status: 200, schema: UploadListSchema },
      errors: ['validation'],
    }),
  },
  postalCodes: {
    get: endpoint({
      method: 'GET',
      path: '/api/postal-codes/{code}/',
      tag: 'address',
      summary: '郵便番号（7桁の数字）から住所（都道府県・市区町村・町域）を引く。日本郵便のデータ（オフライン）。該当なしは addresses が空',
      access: 'visitor',
      params: PostalCodeParamsSchema,
      success: { status: 200, schema: PostalCodeLookupSchema },
      errors: ['validation'],
    }),
  },
  ...staffEndpoints,
});

export type Endpoints = typeof endpoints;
