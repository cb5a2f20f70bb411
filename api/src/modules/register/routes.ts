import { ACCOUNT_MESSAGES, endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { activate, register } from './service';
import { installCommonPasswordList } from '../password/common-passwords';

/** Registration and activation. */
export const registerRoutes = (ctx: AppContext): Implementation[] => {
  installCommonPasswordList();
  return [
    implement(endpoints.register.create, async ({ request, body }) => register(ctx, body, { ip: request.ip })),

    implement(endpoints.register.activate, async ({ request, body }) => {
      await activate(ctx, body, { ip: request.ip });
      return { detail: ACCOUNT_MESSAGES.activated };
    }),
  ];
};
