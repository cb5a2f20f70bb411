import { group, type Schema } from '../endpoint';
import { PasswordChangeRequestSchema, PasswordResetConfirmRequestSchema, PasswordResetRequestSchema } from '../accounts';
import { DetailResponseSchema } from '../session';

/** A password form: its fields in `body`, a message (`{detail}`) in answer, 429 after too many tries. */
const passwordForm = <const Body extends Schema>(body: Body) => ({ body, ok: DetailResponseSchema, errors: ['throttled'] }) as const;

export const password = group('password', { tag: 'accounts', access: 'visitor' }, ({ POST }) => ({
  reset: POST('/api/password/reset/', {
    summary: 'パスワード再設定メールの送信（登録の有無にかかわらず同じ答え）',
    ...passwordForm(PasswordResetRequestSchema),
  }),
  resetConfirm: POST('/api/password/reset/confirm/', {
    summary: 'メールのリンクで新しいパスワードを設定',
    ...passwordForm(PasswordResetConfirmRequestSchema),
  }),
  change: POST('/api/password/change/', { summary: 'パスワードの変更', ...passwordForm(PasswordChangeRequestSchema), access: 'applicant' }),
}));
