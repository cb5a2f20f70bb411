import { group } from '../endpoint';
import { MailChangeConfirmSchema, MailChangeRequestSchema } from '../mail-change';
import { DetailResponseSchema } from '../session';

export const mailChange = group('mailChange', { tag: 'profile', access: 'applicant' }, ({ POST }) => ({
  request: POST('/api/profile/mail/change/', {
    summary: 'ログイン用メールアドレスの変更を申し込む（パスワードが必要。新しいアドレスに確認メール）',
    body: MailChangeRequestSchema,
    ok: DetailResponseSchema,
    errors: ['throttled'],
  }),
  confirm: POST('/api/profile/mail/change/confirm/', {
    summary: '確認メールのリンク（token）でメールアドレスの変更を完了する',
    access: 'visitor',
    body: MailChangeConfirmSchema,
    ok: DetailResponseSchema,
  }),
}));
