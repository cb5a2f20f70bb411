import { group, endpointsOf } from '../endpoint';
import { PasswordChangeRequestSchema, PasswordResetConfirmRequestSchema, PasswordResetRequestSchema } from '../accounts';
import { DetailResponseSchema } from '../session';

const { POST } = endpointsOf({ tag: 'accounts', access: 'visitor' });

export const password = group('password', {
  reset: POST('/api/password/reset/', {
    summary: 'パスワード再設定メールの送信（登録の有無にかかわらず同じ答え）',
    body: PasswordResetRequestSchema,
    ok: DetailResponseSchema,
    errors: ['validation', 'throttled'],
  }),
  resetConfirm: POST('/api/password/reset/confirm/', {
    summary: 'メールのリンクで新しいパスワードを設定',
    body: PasswordResetConfirmRequestSchema,
    ok: DetailResponseSchema,
    errors: ['validation', 'throttled'],
  }),
  change: POST('/api/password/change/', {
    summary: 'パスワードの変更',
    access: 'applicant',
    body: PasswordChangeRequestSchema,
    ok: DetailResponseSchema,
    errors: ['validation', 'throttled'],
  }),
});
