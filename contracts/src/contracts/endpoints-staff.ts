import { defineCatalogue, endpointsOf, type Schema } from './endpoint';
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
import {
  ReleaseHealthQuerySchema,
  ReleaseHealthSchema,
  ReleasePreviewEndSchema,
  ReleasePreviewRequestSchema,
  ReleasePreviewsSchema,
  ReleaseStatusSchema,
} from './releases';
import { StaffExportQuerySchema } from './staff-exports';
import { IdParamsSchema } from './upload';

/** Every staff member may review: reviewers, approvers and admins. */
const REVIEWERS = { staff: ['reviewer', 'approver', 'admin'] } as const;
/** Offering the terms needs an approver (or an admin), never whoever priced a claim. */
const APPROVERS = { staff: ['approver', 'admin'] } as const;

const { GET, POST } = endpointsOf({ tag: 'staff', access: REVIEWERS });

/**
 * A decision on an entry under review or on one of its claims (`body`, at the entry's or the claim's
 * id): answers the entry as staff see it, or 409 when the entry's status does not allow the decision.
 */
const decision = <const Body extends Schema>(body: Body) =>
  ({ params: IdParamsSchema, body, ok: StaffEntryDetailSchema, errors: ['notFound', 'conflict'] }) as const;

/**
 * The back office's endpoints (issue 11), under `/api/staff/`: part of the catalogue (`endpoints`
 * spreads them in, ids `staff.…`). Staff have their own accounts, login (password and a TOTP
 * code) and session cookie (`staff_sessionid`); an applicant's session never reaches an endpoint
 * whose access is `{ staff: roles }`, and a staff session never acts as an applicant.
 */
export const staffEndpoints = defineCatalogue({
  staff: {
    auth: {
      login: POST('/api/staff/auth/', {
        summary:
          'スタッフのログイン（メールアドレス・パスワード・認証アプリの6桁の確認コード。staff_sessionid を発行し csrftoken を更新）。どれが誤っていても同じ 401',
        access: 'visitor',
        body: StaffLoginRequestSchema,
        ok: StaffSummarySchema,
        errors: ['operational', 'throttled'],
      }),
      logout: POST('/api/staff/auth/session/delete', {
        summary: 'スタッフのログアウト（スタッフのセッションがなくても 204。申込者のセッションには触れない）',
        access: 'visitor',
        noContent: true,
      }),
    },
    me: {
      get: POST('/api/staff/me/', {
        summary: 'ログイン中のスタッフ（スタッフのセッションがなければ {}）。csrftoken を発行',
        access: 'visitor',
        csrf: 'bootstrap',
        ok: StaffMeResponseSchema,
      }),
    },
    staffMembers: {
      list: GET('/api/staff/staff-members/', {
        summary: 'スタッフアカウントの一覧（管理者のみ。パスワードや確認コードの秘密鍵は含まない）',
        access: { staff: ['admin'] },
        ok: StaffMemberListSchema,
      }),
    },
    entries: {
      list: GET('/api/staff/entries/', {
        summary:
          '審査キュー：申し込みの一覧（申込者・件数・額面合計。status で絞り込み、既定は under_review。古い順、order=newest で新しい順。limit（最大100）・offset でページ分け）',
        query: StaffEntryQueueQuerySchema,
        ok: StaffEntryQueueSchema,
      }),
      get: GET('/api/staff/entries/{id}/', {
        summary: '申し込み1件（請求書・ファイル）と申込者のプロフィール（本人確認の状態と書類）、監査ログの履歴',
        params: IdParamsSchema,
        ok: StaffEntryDetailSchema,
        errors: ['notFound'],
      }),
      documents: POST('/api/staff/entries/{id}/documents/', {
        idempotent: true,
        summary:
          '書類の判定（入出金明細・決算書等・請求書・追加書類ごとに confirmed、または inadequate と申込者に伝える理由）。審査中のときだけ。監査ログに記録',
        ...decision(StaffDocumentDecisionSchema),
      }),
      action: POST('/api/staff/entries/{id}/actions/', {
        idempotent: true,
        summary:
          '申し込みの操作：markInadequate（不備として申込者に再提出を依頼・メール）、reject（理由つきでお断り）、transfer（入金済み・メール）、archive（終了）。遷移表にない操作は 409',
        ...decision(StaffEntryActionSchema),
      }),
      confirmBankAccount: POST('/api/staff/entries/{id}/bank_account/confirm/', {
        idempotent: true,
        summary: '申込者が変更した振込先口座の確認（入金の保留を解除し、監査ログに記録。保留がなければ 409）',
        params: IdParamsSchema,
        ok: StaffEntryDetailSchema,
        errors: ['notFound', 'conflict'],
      }),
      assignee: POST('/api/staff/entries/{id}/assignee/', {
        summary:
          '担当：申し込みを担当する（take: true）・担当を外す（false）。current_assignee に画面の担当者（なしは null）。別の人が担当していれば 409 で名前を返す。監査ログに残る',
        ...decision(StaffEntryAssignSchema),
      }),
      approve: POST('/api/staff/entries/{id}/approve/', {
        idempotent: true,
        summary:
          '買取条件の承認（承認者・管理者のみ。条件を設定した本人は 403）。契約期限を付けて申込者に提示し（reviewed）、メールで知らせる',
        ...decision(StaffEntryApproveSchema),
        access: APPROVERS,
      }),
      contractDocument: GET('/api/staff/entries/{id}/contract/document/', {
        summary: '署名済みの契約書 PDF（スタッフ用。契約前は 404）',
        params: IdParamsSchema,
        file: true,
        errors: ['notFound'],
      }),
    },
    claims: {
      decision: POST('/api/staff/claims/{id}/decision/', {
        idempotent: true,
        summary:
          '請求書の買取可否：can_buy（掛目・手数料率・振込手数料。金額はドメインの計算で算出）または cannot_buy。申し込みが審査中のときだけ、承認まではやり直せる',
        ...decision(StaffClaimDecisionSchema),
      }),
      action: POST('/api/staff/claims/{id}/actions/', {
        idempotent: true,
        summary: '入金後の請求書：delay（支払期日を過ぎて未回収）、return（回収済み）。遷移表にない操作は 409',
        ...decision(StaffClaimActionSchema),
      }),
    },
    uploads: {
      content: GET('/api/staff/uploads/{id}/content/', {
        summary: '申込者のファイルの中身（スタッフ用。添付ファイルとして。閲覧は監査ログに記録）',
        params: IdParamsSchema,
        file: true,
        errors: ['notFound'],
      }),
    },
    releases: {
      status: GET('/api/staff/releases/', {
        summary: 'リリースの状況：リモートごとの公開中・カナリアのバージョンと最近の変更履歴（pnpm release の記録）',
        ok: ReleaseStatusSchema,
      }),
      preview: POST('/api/staff/releases/preview/', {
        summary:
          '公開準備済みのバージョンをこのブラウザーだけでプレビュー（スタッフのセッションに結び付いた Cookie。ログアウトで終了。公開中の版には影響しない）',
        body: ReleasePreviewRequestSchema,
        ok: ReleasePreviewsSchema,
        errors: ['notFound'],
      }),
      endPreview: POST('/api/staff/releases/preview/delete', {
        summary: 'プレビューの終了（remote を省くとすべて）',
        body: ReleasePreviewEndSchema,
        ok: ReleasePreviewsSchema,
      }),
      health: GET('/api/staff/releases/health/', {
        summary:
          'カナリアの健全性：カナリアのあるリモートごとに、同じ時間帯（windowMinutes 分、既定 60）・同じルートでの公開中とカナリアのセッション・エラー率（1,000 ページビューあたり）・新しいエラー・LCP と INP の p75、判定（healthy / worse / not-enough-data）と理由、グラフ用の時系列。プレビューの計測は除く',
        query: ReleaseHealthQuerySchema,
        ok: ReleaseHealthSchema,
      }),
    },
    // The operations desk (issue 25): every staff member finds applicants, reads an applicant's
    // page, writes staff notes and reviews identities (as the identity decision itself).
    applicants: {
      search: GET('/api/staff/applicants/', {
        summary:
          '申込者の検索：会社名・氏名（かな・半角カナも）・メールアドレス・電話番号の前方一致と申込番号。本人確認の状態・お申し込み中・支払遅延で絞り込み。新しい順、cursor でページ送り',
        query: StaffApplicantSearchQuerySchema,
        ok: StaffApplicantSearchSchema,
      }),
      get: GET('/api/staff/applicants/{id}/', {
        summary: '申込者1人：プロフィールと本人確認書類、すべてのお申し込み、送ったメール（件名と日時）、スタッフメモ',
        params: IdParamsSchema,
        ok: StaffApplicantDetailSchema,
        errors: ['notFound'],
      }),
      addNote: POST('/api/staff/applicants/{id}/notes/', {
        summary: 'スタッフメモを追加（社内用。申込者には見えない。監査ログに記録）',
        params: IdParamsSchema,
        body: StaffNoteRequestSchema,
        created: StaffNoteSchema,
        errors: ['notFound'],
      }),
    },
    exports: {
      payouts: GET('/api/staff/exports/payouts/', {
        summary:
          '入金（お振込み）一覧の CSV（期間 from〜to、日本時間の日付、366日まで）。UTF-8（BOM つき）、数式になるセルは無害化。承認者と管理者のみ、管理画面からの要求のみ。ダウンロードは監査ログに残る',
        access: APPROVERS,
        query: StaffExportQuerySchema,
        file: true,
      }),
      contracts: GET('/api/staff/exports/contracts/', {
        summary:
          '契約一覧の CSV（期間 from〜to、日本時間の日付、366日まで。契約者は承認時に確定したもの）。UTF-8（BOM つき）、数式になるセルは無害化。承認者と管理者のみ、管理画面からの要求のみ。ダウンロードは監査ログに残る',
        access: APPROVERS,
        query: StaffExportQuerySchema,
        file: true,
      }),
    },
    identityQueue: {
      list: GET('/api/staff/identity-queue/', {
        summary: '本人確認の待ち行列：本人確認が「確認中」の申込者（書類つき）、提出の古い順',
        query: StaffIdentityQueueQuerySchema,
        ok: StaffIdentityQueueSchema,
      }),
    },
    users: {
      identity: POST('/api/staff/users/{id}/identity/', {
        summary:
          '本人確認の判定（confirmed と有効期限、または inadequate と理由）。確認中のときだけ。結果は監査ログに記録し、申込者のプロフィールを返す',
        params: IdParamsSchema,
        body: StaffIdentityDecisionSchema,
        ok: StaffApplicantSchema,
        errors: ['notFound'],
      }),
    },
  },
});
