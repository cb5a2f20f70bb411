import { group, endpointsOf } from '../endpoint';
import { ActivationRequestSchema, RegisterRequestSchema } from '../accounts';
import { AccountSummarySchema, DetailResponseSchema } from '../session';

const { POST } = endpointsOf({ tag: 'accounts', access: 'visitor' });

export const register = group('register', {
  create: POST('/api/register/', {
    summary: '会員登録（確認メールを送信）',
    body: RegisterRequestSchema,
    created: AccountSummarySchema,
    errors: ['validation', 'throttled'],
  }),
  activate: POST('/api/register/activation/', {
    summary: '確認メールのリンクでアカウントを有効化',
    body: ActivationRequestSchema,
    ok: DetailResponseSchema,
    errors: ['validation', 'throttled'],
  }),
});
