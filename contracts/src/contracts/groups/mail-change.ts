import { group, endpointsOf } from '../endpoint';
import { MailChangeConfirmSchema, MailChangeRequestSchema } from '../mail-change';
import { DetailResponseSchema } from '../session';

const { POST } = endpointsOf({ tag: 'profile', access: 'applicant' });

export const mailChange = group('mailChange', {
  request: POST('/api/profile/mail/change/', {
    summary: 'ログイン用メールアドレスの変更を申し込む（パスワードが必要。新しいアドレスに確認メール）',
    body: MailChangeRequestSchema,
    ok: DetailResponseSchema,
    errors: ['validation', 'throttled'],
  }),
  confirm: POST('/api/profile/mail/change/confirm/', {
    summary: '確認メールのリンク（token）でメールアドレスの変更を完了する',
    access: 'visitor',
    body: MailChangeConfirmSchema,
    ok: DetailResponseSchema,
    errors: ['validation'],
  }),
});
