import { group } from '../endpoint';
import { AccountSessionListSchema, SessionParamsSchema } from '../account-sessions';

export const accountSessions = group('accountSessions', { tag: 'profile', access: 'applicant' }, ({ GET, POST, DELETE }) => ({
  list: GET('/api/profile/sessions/', {
    summary: 'ログイン中の端末（セッション）の一覧。端末の種類、最終利用日時、この端末かどうか',
    ok: AccountSessionListSchema,
  }),
  revoke: DELETE('/api/profile/sessions/{id}/', {
    summary: 'ほかの端末のセッションを終了する（本人のみ。この端末のセッションは 400: ログアウトで終了）',
    params: SessionParamsSchema,
    noContent: true,
    errors: ['validation', 'notFound'],
  }),
  logoutAll: POST('/api/profile/sessions/logout_all/', {
    summary: 'すべての端末からログアウトする（この端末を含む。セッション Cookie は削除される）',
    noContent: true,
  }),
}));
