import { group, endpoint } from '../endpoint';
import { ActivationRequestSchema, RegisterRequestSchema } from '../accounts';
import { AccountSummarySchema, DetailResponseSchema } from '../session';

export const register = group('register', {
  create: endpoint({
    method: 'POST',
    path: '/api/register/',
    tag: 'accounts',
    summary: '会員登録（確認メールを送信）',
    access: 'visitor',
    body: RegisterRequestSchema,
    success: { status: 201, schema: AccountSummarySchema },
    errors: ['validation', 'throttled'],
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/register/activation/',
    tag: 'accounts',
    summary: '確認メールのリンクでアカウントを有効化',
    access: 'visitor',
    body: ActivationRequestSchema,
    success: { status: 200, schema: DetailResponseSchema },
    errors: ['validation', 'throttled'],
  }),
});
