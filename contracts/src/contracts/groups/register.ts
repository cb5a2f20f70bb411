import { group } from '../endpoint';
import { ActivationRequestSchema, RegisterRequestSchema } from '../accounts';
import { AccountSummarySchema, DetailResponseSchema } from '../session';

export const register = group('register', { tag: 'accounts', access: 'visitor' }, ({ POST }) => ({
  create: POST('/api/register/', {
    summary: '会員登録（確認メールを送信）',
    body: RegisterRequestSchema,
    created: AccountSummarySchema,
    errors: ['throttled'],
  }),
  activate: POST('/api/register/activation/', {
    summary: '確認メールのリンクでアカウントを有効化',
    body: ActivationRequestSchema,
    ok: DetailResponseSchema,
    errors: ['throttled'],
  }),
}));
