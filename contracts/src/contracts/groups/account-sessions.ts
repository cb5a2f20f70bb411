import { group, endpoint } from '../endpoint';
import { AccountSessionListSchema, SessionParamsSchema } from '../account-sessions';

export const accountSessions = group('accountSessions', {
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
});
