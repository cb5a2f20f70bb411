import { endpoints, MAIL_CHANGE_MESSAGES } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { confirmMailChange, requestMailChange } from './service';

/** Changing the login address: asked for with the password, confirmed by the link mailed to the new address. */
export const mailChangeRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.mailChange.request, async ({ request, body, auth }) => {
    await requestMailChange(ctx, auth, body, { ip: request.ip });
    return { detail: MAIL_CHANGE_MESSAGES.sent };
  }),

  implement(endpoints.mailChange.confirm, async ({ request, body }) => {
    await confirmMailChange(ctx, body, { ip: request.ip });
    return { detail: MAIL_CHANGE_MESSAGES.done };
  }),
];
