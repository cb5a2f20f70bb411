import { group, endpoint } from '../endpoint';
import { AccountSummarySchema, LoginRequestSchema } from '../session';
import { sessionEndpoints } from '../endpoints-session';

export const auth = group('auth', {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/',
    tag: 'accounts',
    summary: 'ログイン（セッション開始、csrftoken を更新）',
    access: 'visitor',
    body: LoginRequestSchema,
    success: { status: 200, schema: AccountSummarySchema },
    errors: ['validation', 'operational', 'throttled'],
  }),
  ...sessionEndpoints.auth,
});
