import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { rotateCsrfToken } from '../../http/csrf';
import { implement, type Implementation } from '../../http/endpoints';
import { authenticate, clearSessionCookie, endSession, setSessionCookie } from '../../http/session';
import { login, recordLogout } from './service';
import { notifyApplicant, SESSION_ENDED } from '../events/notify';

/** Login and logout. */
export const authRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.auth.login, async ({ request, reply, body }) => {
    const current = await authenticate(ctx, request);
    const { account, created } = await login(ctx, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      currentSessionId: current?.session.id,
    });
    setSessionCookie(request, reply, created);
    rotateCsrfToken(request, reply, ctx.now());
    return account;
  }),

  // Logging out without a session is fine too (204 either way), as the client logs out blindly.
  implement(endpoints.auth.logout, async ({ request, reply }) => {
    const user = await endSession(ctx, request);
    if (user !== null) await recordLogout(ctx, user, request.ip);
    // Its open live-status streams (GET /api/events/) end now, in whichever API process they are.
    if (user !== null) await notifyApplicant(ctx.db, user.id, SESSION_ENDED);
    clearSessionCookie(request, reply);
    return undefined;
  }),
];
