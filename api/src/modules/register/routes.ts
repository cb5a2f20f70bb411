import {
  ACCOUNT_MESSAGES,
  AccountSummarySchema,
  ActivationRequestSchema,
  DetailResponseSchema,
  RegisterRequestSchema,
} from '@app/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { activate, register } from './service';

/** POST /api/register/ and POST /api/register/activation/. */
export function registerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/register/',
      { schema: { body: RegisterRequestSchema, response: { 201: AccountSummarySchema } } },
      async (request, reply) => reply.code(201).send(await register(ctx, request.body, { ip: request.ip })),
    );

    app.post(
      '/api/register/activation/',
      { schema: { body: ActivationRequestSchema, response: { 200: DetailResponseSchema } } },
      async (request) => {
        await activate(ctx, request.body, { ip: request.ip });
        return { detail: ACCOUNT_MESSAGES.activated };
      },
    );
  };
}
