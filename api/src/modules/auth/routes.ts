import { AccountSummarySchema, LoginRequestSchema } from '@app/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { rotateCsrfToken } from '../../http/csrf';
import { authenticate, clearSessionCookie, endSession, setSessionCookie } from '../../http/session';
import { login, recordLogout } from './service';

/** POST /api/auth/ (login) and POST /api/auth/session/delete (logout). */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/auth/', { schema: { body: LoginRequestSchema, response: { 200: AccountSummarySchema } } }, async (request, reply) => {
      const current = await authenticate(ctx, request);
      const { account, created } = await login(ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        currentSessionId: current?.session.id,
      });
      setSessionCookie(request, reply, created);
      rotateCsrfToken(request, reply, ctx.now());
      return account;
    });

    // Logging out without a session is fine too (204 either way), as the client logs out blindly.
    app.post('/api/auth/session/delete', async (request, reply) => {
      const user = await endSession(ctx, request);
      if (user !== null) await recordLogout(ctx, user, request.ip);
      clearSessionCookie(request, reply);
      return reply.code(204).send();
    });
  };
}
