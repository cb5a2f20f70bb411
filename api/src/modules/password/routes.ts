import {
  ACCOUNT_MESSAGES,
  DetailResponseSchema,
  PasswordChangeRequestSchema,
  PasswordResetConfirmRequestSchema,
  PasswordResetRequestSchema,
} from '@app/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { loginRequired } from '../../http/login-required';
import { requireAuth } from '../../http/session';
import { changePassword, confirmPasswordReset, requestPasswordReset } from './service';

const detail = { 200: DetailResponseSchema };

/** POST /api/password/reset/, /api/password/reset/confirm/, /api/password/change/. */
export function passwordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/password/reset/', { schema: { body: PasswordResetRequestSchema, response: detail } }, async (request) => {
      await requestPasswordReset(ctx, request.body, { ip: request.ip });
      return { detail: ACCOUNT_MESSAGES.passwordResetSent };
    });

    app.post('/api/password/reset/confirm/', { schema: { body: PasswordResetConfirmRequestSchema, response: detail } }, async (request) => {
      await confirmPasswordReset(ctx, request.body, { ip: request.ip });
      return { detail: ACCOUNT_MESSAGES.passwordResetDone };
    });

    const guarded = { preValidation: loginRequired(ctx) };
    app.post('/api/password/change/', { ...guarded, schema: { body: PasswordChangeRequestSchema, response: detail } }, async (request) => {
      const auth = await requireAuth(ctx, request);
      await changePassword(ctx, auth, request.body, { ip: request.ip });
      return { detail: ACCOUNT_MESSAGES.passwordChanged };
    });
  };
}
