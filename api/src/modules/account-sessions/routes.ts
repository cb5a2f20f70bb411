import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { clearSessionCookie } from '../../http/session';
import { listSessions, logoutEverywhere, revokeSession } from './service';

/** The applicant's sessions (/profile「ログイン中の端末」). */
export const accountSessionRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.accountSessions.list, async ({ auth }) => listSessions(ctx, auth)),

  implement(endpoints.accountSessions.revoke, async ({ request, auth, params }) => {
    await revokeSession(ctx, auth, params.id, { ip: request.ip });
    return undefined;
  }),

  implement(endpoints.accountSessions.logoutAll, async ({ request, reply, auth }) => {
    await logoutEverywhere(ctx, auth, { ip: request.ip });
    clearSessionCookie(request, reply);
    return undefined;
  }),
];
