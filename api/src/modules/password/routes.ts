import { ACCOUNT_MESSAGES, endpoints } from '@app/shared/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { changePassword, confirmPasswordReset, requestPasswordReset } from './service';

/** Password reset by mail, and password change. */
export const passwordRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.password.reset, async ({ request, body }) => {
    await requestPasswordReset(ctx, body, { ip: request.ip });
    return { detail: ACCOUNT_MESSAGES.passwordResetSent };
  }),

  implement(endpoints.password.resetConfirm, async ({ request, body }) => {
    await confirmPasswordReset(ctx, body, { ip: request.ip });
    return { detail: ACCOUNT_MESSAGES.passwordResetDone };
  }),

  implement(endpoints.password.change, async ({ request, body, auth }) => {
    await changePassword(ctx, auth, body, { ip: request.ip });
    return { detail: ACCOUNT_MESSAGES.passwordChanged };
  }),
];
