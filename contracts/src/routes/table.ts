/**
 * The one route table of the site (spec §2). single-spa activity functions, every remote's router,
 * links, guards and tests read it; nothing else repeats a path.
 *
 * Path syntax: static segments, `:entryId` (digits only — anything else is not this route, so it
 * falls through to 404, spec §5) and a final `*` (one or more segments, the spec's `$`).
 * Ownership and layouts follow docs/architecture.md §3; guard placement is our reading of the spec
 * and is written next to each route.
 */
import type { RemoteName } from '../remotes';

// The remotes themselves are listed once, in contracts/remotes.json (read by ../remotes).
export { REMOTES, type RemoteName } from '../remotes';

export const LAYOUTS = [
  'anonymous',
  'default',
  'entry',
  'marketing',
  'mypage',
  'plain',
  'simple-header',
  'simple-header-no-footer',
  'static',
  // The back office's own chrome (staff header, no site footer), drawn by mfe-backoffice itself.
  'backoffice',
] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const GUARDS = [
  'alreadyLoginToMypage',
  'authenticated',
  'authenticatedRedirect',
  'entryStep',
  'profileRedirect',
  'propagateErrorsInHashJson',
  'systemSettings',
] as const;
export type GuardName = (typeof GUARDS)[number];

export interface RouteDef {
  /** Stable id used by links (`href('entryDetail', …)`) and tests. */
  readonly id: string;
  readonly path: string;
  readonly remote: RemoteName;
  readonly layout: LayoutName;
  /** Japanese page title (the document title is `title | brand`). */
  readonly title: string;
  /** Applied in this order; the first that does not allow wins. */
  readonly guards: readonly GuardName[];
  /** Query parameters without which the route answers 404 (spec §5). */
  readonly requiredQuery?: readonly string[];
}

const route = (
  id: string,
  path: string,
  remote: RemoteName,
  layout: LayoutName,
  title: string,
  guards: readonly GuardName[] = [],
  requiredQuery?: readonly string[],
): RouteDef => (requiredQuery ? { id, path, remote, layout, title, guards, requiredQuery } : { id, path, remote, layout, title, guards });

const ENTRY_GUARDS = ['authenticated', 'profileRedirect', 'systemSettings', 'entryStep'] as const;

export const ROUTES = [
  // marketing: public pages
  route('home', '/', 'marketing', 'marketing', '請求書買取のオンライン申し込み'),
  route('statement', '/statement', 'marketing', 'marketing', '私たちの約束'),
  route('terms', '/terms', 'marketing', 'static', '利用規約'),
  route('privacy', '/policy/privacy', 'marketing', 'static', 'プライバシーポリシー'),
  route('security', '/policy/security', 'marketing', 'static', '情報セキュリティ方針'),
  route('sct', '/legal/sct', 'marketing', 'static', '特定商取引法に基づく表記'),
  route('maintenance', '/maintenance', 'marketing', 'simple-header-no-footer', 'メンテナンス中'),
  route('unsupported', '/unsupported', 'marketing', 'simple-header', '個人事業主の方のお申し込みについて'),
  route('notFound', '/404', 'marketing', 'simple-header', 'ページが見つかりません'),

  // auth: login, registration, password reset, external authentication
  route('login', '/login', 'auth', 'anonymous', 'ログイン', ['propagateErrorsInHashJson', 'alreadyLoginToMypage']),
  route('callback', '/callback', 'auth', 'plain', 'ログイン処理中'),
  route('extSignup', '/ext/signup', 'auth', 'anonymous', '外部サービスのアカウントで登録'),
  route('extAuthError', '/ext/authentication_error', 'auth', 'anonymous', '外部認証エラー'),
  route('companyMailComplete', '/company/mail/complete', 'auth', 'anonymous', 'メールアドレスの確認完了'),
  route('register', '/register', 'auth', 'anonymous', '無料会員登録', ['alreadyLoginToMypage']),
  route('registerActivation', '/register/activation', 'auth', 'anonymous', 'メールアドレスの確認'),
  route('registerComplete', '/register/complete', 'auth', 'anonymous', '会員登録が完了しました'),
  route('registerPreEntry', '/register/pre_entry', 'auth', 'simple-header', 'お申し込み前の確認', [
    'authenticated',
    'authenticatedRedirect',
  ]),
  route('preEntryResult', '/pre_entry/result', 'auth', 'simple-header', '事前確認の結果', ['authenticated']),
  route('passwordRecover', '/profile/password/reset/recover', 'auth', 'anonymous', 'パスワードの再設定'),
  route('passwordRecoverWith', '/profile/password/reset/recover/*', 'auth', 'anonymous', 'パスワードの再設定'),
  route('passwordResetSent', '/profile/password/reset/done', 'auth', 'anonymous', '再設定メールを送信しました'),
  route('passwordResetConfirm', '/profile/password/reset/reset/*', 'auth', 'anonymous', '新しいパスワードの設定', [], ['uid', 'token']),
  route('passwordResetDone', '/profile/password/reset/reset/done', 'auth', 'anonymous', 'パスワードを再設定しました'),

  // mypage: the logged-in home and profile
  // The logged-in home always opens (it tells what to do next); the profile redirect guards the
  // entry wizard, which needs a complete profile.
  route('mypage', '/mypage', 'mypage', 'mypage', 'マイページ', ['authenticated']),
  // Owned by mypage, not auth (architecture.md lists it under auth): the first profile step is the
  // same profile and identity form as /profile, and a remote never imports another remote's code.
  route('registerProfile', '/register/profile', 'mypage', 'simple-header', '基本情報の登録', ['authenticated']),
  route('profile', '/profile', 'mypage', 'mypage', '登録情報', ['authenticated']),
  route('profileBeforeEntry', '/profile/before_entry', 'mypage', 'mypage', 'お申し込み前の登録情報の確認', ['authenticated']),
  // Reached from the link in a confirmation mail, possibly in a browser that is not logged in.
  route('mailChangeDone', '/profile/mail/change/done', 'mypage', 'mypage', 'メールアドレスを変更しました'),

  // entry: the wizard (financial step = /entry, spec §2) and an entry's life
  route('entryFinancial', '/entry', 'entry', 'entry', '決算書・確定申告書の提出', ENTRY_GUARDS),
  route('entryInvoice', '/entry/entry_invoice', 'entry', 'entry', '請求書の登録', ENTRY_GUARDS),
  route('entryWithdrawal', '/entry/withdrawal_details', 'entry', 'entry', '入出金明細の提出', ENTRY_GUARDS),
  route('entryComplete', '/entry/complete', 'entry', 'anonymous', 'お申し込みを受け付けました', ['authenticated']),
  route('entryCancelComplete', '/entry/cancel/complete', 'entry', 'default', 'お申し込みを取り消しました', ['authenticated']),
  route('entryContractComplete', '/entry/contract/complete', 'entry', 'default', 'ご契約手続きが完了しました', ['authenticated']),
  route('entryContract', '/entry/contract/:entryId', 'entry', 'default', 'ご契約手続き', ['authenticated']),
  route('entryDetail', '/entry/detail/:entryId', 'entry', 'default', 'お申し込み内容', ['authenticated']),
  route('entryResubmit', '/entry/resubmit/:entryId', 'entry', 'default', '書類の再提出', ['authenticated']),
  route('entryAgreement', '/entry/:entryId/factoring_service_agreement', 'entry', 'plain', '債権譲渡契約書', ['authenticated']),

  // backoffice (issue 11; not in the spec, which shows no admin side): the operations team's remote,
  // for staff only. Its pages check the *staff* session themselves (`POST /api/staff/me/`, never the
  // applicants' auth store), so no applicant guard applies: without a staff session every page but
  // the login sends the person to /backoffice/login. Unknown /backoffice/* paths are the back
  // office's own 404 (its layout, not the public site's).
  route('backofficeQueue', '/backoffice', 'backoffice', 'backoffice', '審査キュー'),
  route('backofficeLogin', '/backoffice/login', 'backoffice', 'backoffice', 'スタッフログイン'),
  route('backofficeEntry', '/backoffice/entries/:entryId', 'backoffice', 'backoffice', '申し込みの審査'),
  route('backofficeReleases', '/backoffice/releases', 'backoffice', 'backoffice', 'リリース状況'),
  // The operations desk (issue 25): find any applicant, one applicant's page, the identity queue.
  route('backofficeApplicants', '/backoffice/applicants', 'backoffice', 'backoffice', '申込者の検索'),
  route('backofficeApplicant', '/backoffice/applicants/:applicantId', 'backoffice', 'backoffice', '申込者'),
  route('backofficeIdentityQueue', '/backoffice/identity', 'backoffice', 'backoffice', '本人確認の待ち行列'),
  // Exports for accounting (issue 25): approvers and admins.
  route('backofficeExports', '/backoffice/exports', 'backoffice', 'backoffice', '会計用データ'),
  route('backofficeNotFound', '/backoffice/*', 'backoffice', 'backoffice', 'ページが見つかりません'),
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

export const NOT_FOUND_ROUTE: RouteDef = ROUTES.find((r) => r.id === 'notFound')!;
