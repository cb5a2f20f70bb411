import { ACCOUNT_MESSAGES, endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { setSessionCookie } from '../../http/session';
import { changePassword, confirmPasswordReset, requestPasswordReset } from './service';
import { installCommonPasswordList } from './common-passwords';

/** Password reset by mail, and password change. */
export const passwordRoutes = (ctx: AppContext): Implementation[] => {
  installCommonPasswordList();
  return [
    implement(endpoints.password.reset, async ({ request, body }) => {
      await requestPasswordReset(ctx, body, { ip: request.ip });
      return { detail: ACCOUNT_MESSAGES.passwordResetSent };
    }),

    implement(endpoints.password.resetConfirm, async ({ request, body }) => {
      await confirmPasswordReset(ctx, body, { ip: request.ip });
      return { detail: ACCOUNT_MESSAGES.passwordResetDone };
    }),

    // A successful change rotates the session: the response carries the new session cookie.
    implement(endpoints.password.change, async ({ request, reply, body, auth }) => {
      const created = await changePassword(ctx, auth, body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookie(request, reply, created);
      return { detail: ACCOUNT_MESSAGES.passwordChanged };
    }),
  ];
};
