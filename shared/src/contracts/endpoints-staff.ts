import { defineCatalogue, endpoint } from './endpoint';
import { StaffLoginRequestSchema, StaffMeResponseSchema, StaffMemberListSchema, StaffSummarySchema } from './staff';

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
  },
});
