import { group, endpointsOf } from '../endpoint';
import { AccountSummarySchema, LoginRequestSchema } from '../session';
import { sessionEndpoints } from '../endpoints-session';

const { POST } = endpointsOf({ tag: 'accounts', access: 'visitor' });

export const auth = group('auth', {
  login: POST('/api/auth/', {
    summary: 'ログイン（セッション開始、csrftoken を更新）',
    body: LoginRequestSchema,
    ok: AccountSummarySchema,
    errors: ['validation', 'operational', 'throttled'],
  }),
  ...sessionEndpoints.auth,
});
