import { group, endpoint } from '../endpoint';
import { MailChangeConfirmSchema, MailChangeRequestSchema } from '../mail-change';
import { DetailResponseSchema } from '../session';

export const mailChange = group('mailChange', {
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
});
