import { group } from '../endpoint';
import { AccountSummarySchema, LoginRequestSchema } from '../session';
import { sessionEndpoints } from '../endpoints-session';

export const auth = group('auth', { tag: 'accounts', access: 'visitor' }, ({ POST }) => ({
  login: POST('/api/auth/', {
    summary: 'ログイン（セッション開始、csrftoken を更新）',
    body: LoginRequestSchema,
    ok: AccountSummarySchema,
    errors: ['operational', 'throttled'],
  }),
  ...sessionEndpoints.auth,
}));
