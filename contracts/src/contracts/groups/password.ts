import { group, endpoint } from '../endpoint';
import { PasswordChangeRequestSchema, PasswordResetConfirmRequestSchema, PasswordResetRequestSchema } from '../accounts';
import { DetailResponseSchema } from '../session';

export const password = group('password', {
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
});
