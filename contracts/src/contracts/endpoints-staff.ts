import { defineCatalogue, endpoint } from './endpoint';
import { StaffLoginRequestSchema, StaffMeResponseSchema, StaffMemberListSchema, StaffSummarySchema } from './staff';
import {
  StaffApplicantSchema,
  StaffEntryDetailSchema,
  StaffEntryQueueQuerySchema,
  StaffEntryQueueSchema,
  StaffIdentityDecisionSchema,
} from './staff-review';
import {
  StaffClaimActionSchema,
  StaffClaimDecisionSchema,
  StaffDocumentDecisionSchema,
  StaffEntryActionSchema,
  StaffEntryApproveSchema,
  StaffEntryAssignSchema,
} from './staff-decisions';
import {
  StaffApplicantDetailSchema,
  StaffApplicantSearchQuerySchema,
  StaffApplicantSearchSchema,
  StaffIdentityQueueQuerySchema,
  StaffIdentityQueueSchema,
  StaffNoteRequestSchema,
  StaffNoteSchema,
} from './staff-applicants';
import { ReleaseStatusSchema } from './releases';
import { StaffExportQuerySchema } from './staff-exports';
import { IdParamsSchema } from './upload';

/** Every staff member may review: reviewers, approvers and admins. */
const REVIEWERS = { staff: ['reviewer', 'approver', 'admin'] } as const;
/** Offering the terms needs an approver (or an admin), never whoever priced a claim. */
const APPROVERS = { staff: ['approver', 'admin'] } as const;

/**
 * The back office's endpoints (issue 11), under `/api/staff/`: part of the catalogue (`endpoints`
 * spreads them in, ids `staff.…`). Staff have their own accounts, login (password and a TOTP
 * code) and session cookie (`staff_sessionid`); an applicant's session never reaches an endpoint
 * whose access is `{ staff: roles }`, and a staff session never acts as an applicant.
 */
export const staffEndpoints = defineCatalogue({
  staff: {
    auth: {
      login: endpoint({
        method: 'POST',
        path: '/api/staff/auth/',
        tag: 'staff',
        summary:
          'スタッフのログイン（メールアドレス・パスワード・認証アプリの6桁の確認コード。staff_sessionid を発行し csrftoken を更新）。どれが誤っていても同じ 401',
        access: 'visitor',
        body: StaffLoginRequestSchema,
        success: { status: 200, schema: StaffSummarySchema },
        errors: ['validation', 'operational', 'throttled'],
      }),
      logout: endpoint({
        method: 'POST',
        path: '/api/staff/auth/session/delete',
        tag: 'staff',
        summary: 'スタッフのログアウト（スタッフのセッションがなくても 204。申込者のセッションには触れない）',
        access: 'visitor',
        success: { status: 204, schema: null },
      }),
    },
    me: {
      get: endpoint({
        method: 'POST',
        path: '/api/staff/me/',
        tag: 'staff',
        summary: 'ログイン中のスタッフ（スタッフのセッションがなければ {}）。csrftoken を発行',
        access: 'visitor',
        csrf: 'bootstrap',
        success: { status: 200, schema: StaffMeResponseSchema },
      }),
    },
    staffMembers: {
      list: endpoint({
        method: 'GET',
        path: '/api/staff/staff-members/',
        tag: 'staff',
        summary: 'スタッフアカウントの一覧（管理者のみ。パスワードや確認コードの秘密鍵は含まない）',
        access: { staff: ['admin'] },
        success: { status: 200, schema: StaffMemberListSchema },
      }),
    },
    entries: {
      list: endpoint({
        method: 'GET',
        path: '/api/staff/entries/',
        tag: 'staff',
        summary:
          '審査キュー：申し込みの一覧（申込者・件数・額面合計。status で絞り込み、既定は under_review。古い順、order=newest で新しい順。limit（最大100）・offset でページ分け）',
        access: REVIEWERS,
        query: StaffEntryQueueQuerySchema,
        success: { status: 200, schema: StaffEntryQueueSchema },
        errors: ['validation'],
      }),
      get: endpoint({
        method: 'GET',
        path: '/api/staff/entries/{id}/',
        tag: 'staff',
        summary: '申し込み1件（請求書・ファイル）と申込者のプロフィール（本人確認の状態と書類）、監査ログの履歴',
        access: REVIEWERS,
        params: IdParamsSchema,
        success: { status: 200, schema: StaffEntryDetailSchema },
        errors: ['notFound'],
      }),
      documents: endpoint({
        method: 'POST',
        path: '/api/staff/entries/{id}/documents/',
        tag: 'staff',
        summary:
          '書類の判定（入出金明細・決算書等・請求書・追加書類ごとに confirmed、または inadequate と申込者に伝える理由）。審査中のときだけ。監査ログに記録',
        access: REVIEWERS,
        params: IdParamsSchema,
        body: StaffDocumentDecisionSchema,
        success: { status: 200, schema: StaffEntryDetailSchema },
        errors: ['validation', 'notFound', 'conflict'],
      }),
      action: endpoint({
        method: 'POST',
        path: '/api/staff/entries/{id}/actions/',
        tag: 'staff',
        summary:
          '申し込みの操作：markInadequate（不備として申込者に再提出を依頼・メール）、reject（理由つきでお断り）、transfer（入金済み・メール）、archive（終了）。遷移表にない操作は 409',
        access: REVIEWERS,
        params: IdParamsSchema,
        body: StaffEntryActionSchema,
        success: { status: 200, schema: StaffEntryDetailSchema },
        errors: ['validation', 'notFound', 'conflict'],
      }),
      confirmBankAccount: endpoint({
        method: 'POST',
        path: '/api/staff/entries/{id}/bank_account/confirm/',
        tag: 'staff',
        summary: '申込者が変更した振込先口座の確認（入金の保留を解除し、監査ログに記録。保留がなければ 409）',
        access: REVIEWERS,
        params: IdParamsSchema,
        success: { status: 200, schema: StaffEntryDetailSchema },
        errors: ['notFound', 'conflict'],
      }),
      assignee: endpoint({
        method: 'POST',
        path: '/api/staff/entries/{id}/assignee/',
        tag: 'staff',
        summary:
          '担当：申し込みを担当する（take: true）・担当を外す（false）。current_assignee に画面の担当者（なしは null）。別の人が担当していれば 409 で名前を返す。監査ログに残る',
        access: REVIEWERS,
        params: IdParamsSchema,
        body: StaffEntryAssignSchema,
        success: { status: 200, schema: StaffEntryDetailSchema },
        errors: ['validation', 'notFound', 'conflict'],
      }),
      approve: endpoint({
        method: 'POST',
        path: '/api/staff/entries/{id}/approve/',
        tag: 'staff',
        summary:
          '買取条件の承認（承認者・管理者のみ。条件を設定した本人は 403）。契約期限を付けて申込者に提示し（reviewed）、メールで知らせる',
        access: APPROVERS,
        params: IdParamsSchema,
        body: StaffEntryApproveSchema,
        success: { status: 200, schema: StaffEntryDetailSchema },
        errors: ['validation', 'notFound', 'conflict'],
      }),
      contractDocument: endpoint({
        method: 'GET',
        path: '/api/staff/entries/{id}/contract/document/',
        tag: 'staff',
        summary: '署名済みの契約書 PDF（スタッフ用。契約前は 404）',
        access: REVIEWERS,
        params: IdParamsSchema,
        success: { status: 200, schema: null, file: true },
        errors: ['notFound'],
      }),
    },
    claims: {
      decision: endpoint({
        method: 'POST',
        path: '/api/staff/claims/{id}/decision/',
        tag: 'staff',
        summary:
          '請求書の買取可否：can_buy（掛目・手数料率・振込手数料。金額はドメインの計算で算出）または cannot_buy。申し込みが審査中のときだけ、承認まではやり直せる',
        access: REVIEWERS,
        params: IdParamsSchema,
        body: StaffClaimDecisionSchema,
        success: { status: 200, schema: StaffEntryDetailSchema },
        errors: ['validation', 'notFound', 'conflict'],
      }),
      action: endpoint({
        method: 'POST',
        path: '/api/staff/claims/{id}/actions/',
        tag: 'staff',
        summary: '入金後の請求書：delay（支払期日を過ぎて未回収）、return（回収済み）。遷移表にない操作は 409',
        access: REVIEWERS,
        params: IdParamsSchema,
        body: StaffClaimActionSchema,
        success: { status: 200, schema: StaffEntryDetailSchema },
        errors: ['validation', 'notFound', 'conflict'],
      }),
    },
    uploads: {
      content: endpoint({
        method: 'GET',
        path: '/api/staff/uploads/{id}/content/',
        tag: 'staff',
        summary: '申込者のファイルの中身（スタッフ用。添付ファイルとして。閲覧は監査ログに記録）',
        access: REVIEWERS,
        params: IdParamsSchema,
        success: { status: 200, schema: null, file: true },
        errors: ['notFound'],
      }),
    },
    releases: {
      status: endpoint({
        method: 'GET',
        path: '/api/staff/releases/',
        tag: 'staff',
        summary: 'リリースの状況：リモートごとの公開中・カナリアのバージョンと最近の変更履歴（pnpm release の記録）',
        access: REVIEWERS,
        success: { status: 200, schema: ReleaseStatusSchema },
      }),
    },
    // The operations desk (issue 25): every staff member finds applicants, reads an applicant's
    // page, writes staff notes and reviews identities (as the identity decision itself).
    applicants: {
      search: endpoint({
        method: 'GET',
        path: '/api/staff/applicants/',
        tag: 'staff',
        summary:
          '申込者の検索：会社名・氏名（かな・半角カナも）・メールアドレス・電話番号の前方一致と申込番号。本人確認の状態・お申し込み中・支払遅延で絞り込み。新しい順、cursor でページ送り',
        access: REVIEWERS,
        query: StaffApplicantSearchQuerySchema,
        success: { status: 200, schema: StaffApplicantSearchSchema },
        errors: ['validation'],
      }),
      get: endpoint({
        method: 'GET',
        path: '/api/staff/applicants/{id}/',
        tag: 'staff',
        summary: '申込者1人：プロフィールと本人確認書類、すべてのお申し込み、送ったメール（件名と日時）、スタッフメモ',
        access: REVIEWERS,
        params: IdParamsSchema,
        success: { status: 200, schema: StaffApplicantDetailSchema },
        errors: ['notFound'],
      }),
      addNote: endpoint({
        method: 'POST',
        path: '/api/staff/applicants/{id}/notes/',
        tag: 'staff',
        summary: 'スタッフメモを追加（社内用。申込者には見えない。監査ログに記録）',
        access: REVIEWERS,
        params: IdParamsSchema,
        body: StaffNoteRequestSchema,
        success: { status: 201, schema: StaffNoteSchema },
        errors: ['validation', 'notFound'],
      }),
    },
    exports: {
      payouts: endpoint({
        method: 'GET',
        path: '/api/staff/exports/payouts/',
        tag: 'staff',
        summary:
          '入金（お振込み）一覧の CSV（期間 from〜to、日本時間の日付、366日まで）。UTF-8（BOM つき）、数式になるセルは無害化。承認者と管理者のみ、管理画面からの要求のみ。ダウンロードは監査ログに残る',
        access: APPROVERS,
        query: StaffExportQuerySchema,
        success: { status: 200, schema: null, file: true },
        errors: ['validation'],
      }),
      contracts: endpoint({
        method: 'GET',
        path: '/api/staff/exports/contracts/',
        tag: 'staff',
        summary:
          '契約一覧の CSV（期間 from〜to、日本時間の日付、366日まで。契約者は承認時に確定したもの）。UTF-8（BOM つき）、数式になるセルは無害化。承認者と管理者のみ、管理画面からの要求のみ。ダウンロードは監査ログに残る',
        access: APPROVERS,
        query: StaffExportQuerySchema,
        success: { status: 200, schema: null, file: true },
        errors: ['validation'],
      }),
    },
    identityQueue: {
      list: endpoint({
        method: 'GET',
        path: '/api/staff/identity-queue/',
        tag: 'staff',
        summary: '本人確認の待ち行列：本人確認が「確認中」の申込者（書類つき）、提出の古い順',
        access: REVIEWERS,
        query: StaffIdentityQueueQuerySchema,
        success: { status: 200, schema: StaffIdentityQueueSchema },
        errors: ['validation'],
      }),
    },
    users: {
      identity: endpoint({
        method: 'POST',
        path: '/api/staff/users/{id}/identity/',
        tag: 'staff',
        summary:
          '本人確認の判定（confirmed と有効期限、または inadequate と理由）。確認中のときだけ。結果は監査ログに記録し、申込者のプロフィールを返す',
        access: REVIEWERS,
        params: IdParamsSchema,
        body: StaffIdentityDecisionSchema,
        success: { status: 200, schema: StaffApplicantSchema },
        errors: ['validation', 'notFound'],
      }),
    },
  },
});
