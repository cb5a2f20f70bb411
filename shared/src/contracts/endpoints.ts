import {
  ActivationRequestSchema,
  PasswordChangeRequestSchema,
  PasswordResetConfirmRequestSchema,
  PasswordResetRequestSchema,
  RegisterRequestSchema,
} from './accounts';
import { defineCatalogue, endpoint, type Schema } from './endpoint';
import { HealthSchema, OpenApiDocumentSchema } from './health';
import { ProfileNameAndIdentityPatchSchema, ProfilePatchSchema, ProfileResponseSchema, ProfileWithoutSectorPatchSchema } from './profile';
import { sessionEndpoints } from './endpoints-session';
import { AccountSummarySchema, DetailResponseSchema, LoginRequestSchema } from './session';

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
      errors: ['validation'],
    }),
    activate: endpoint({
      method: 'POST',
      path: '/api/register/activation/',
      tag: 'accounts',
      summary: '確認メールのリンクでアカウントを有効化',
      access: 'visitor',
      body: ActivationRequestSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation'],
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
      errors: ['validation'],
    }),
    resetConfirm: endpoint({
      method: 'POST',
      path: '/api/password/reset/confirm/',
      tag: 'accounts',
      summary: 'メールのリンクで新しいパスワードを設定',
      access: 'visitor',
      body: PasswordResetConfirmRequestSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation'],
    }),
    change: endpoint({
      method: 'POST',
      path: '/api/password/change/',
      tag: 'accounts',
      summary: 'パスワードの変更',
      access: 'applicant',
      body: PasswordChangeRequestSchema,
      success: { status: 200, schema: DetailResponseSchema },
      errors: ['validation'],
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
});

export type Endpoints = typeof endpoints;
