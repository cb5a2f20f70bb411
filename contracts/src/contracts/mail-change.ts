import type * as z from 'zod/mini';
import { body, EmailFieldSchema, LinkParamSchema, PasswordFieldSchema } from './fields';

/**
 * Changing the login address (/profile → mail to the new address → /profile/mail/change/done):
 * requested with the current password, confirmed by the link's token.
 */
export const MailChangeRequestSchema = body({ email: EmailFieldSchema, password: PasswordFieldSchema });
export type MailChangeRequest = z.infer<typeof MailChangeRequestSchema>;

export const MailChangeConfirmSchema = body({ token: LinkParamSchema });
export type MailChangeConfirm = z.infer<typeof MailChangeConfirmSchema>;

export const MAIL_CHANGE_MESSAGES = {
  sent: '新しいメールアドレスに確認メールを送信しました。メールのリンクを開くと変更が完了します（有効期限24時間）。',
  sameAddress: '現在のメールアドレスと同じです。',
  taken: 'このメールアドレスは既に登録されています。',
  passwordIncorrect: 'パスワードが正しくありません。',
  done: 'メールアドレスを変更しました。次回から新しいメールアドレスでログインしてください。',
} as const;
