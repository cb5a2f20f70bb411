import { MeSchema } from '@app/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { issueCsrfToken } from '../../http/csrf';
import { loginRequired } from '../../http/login-required';
import { authenticate, requireUser } from '../../http/session';
import { currentUser, markEntryPageVisited } from './service';

/** A visitor gets `{}`: no id, no version. */
const VisitorSchema = z.strictObject({});

/** POST /api/me/ and POST /api/me/visited_at_entry_page_after_mail_verification. */
export function meRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/me/',
      // The call that hands out the csrftoken cookie: see http/csrf.ts for why it may come without one.
      { config: { csrf: 'bootstrap' }, schema: { response: { 200: z.union([MeSchema, VisitorSchema]) } } },
      async (request, reply) => {
        issueCsrfToken(request, reply, ctx.now());
        const auth = await authenticate(ctx, request);
        return currentUser(auth?.user ?? null);
      },
    );

    app.post(
      '/api/me/visited_at_entry_page_after_mail_verification',
      { preValidation: loginRequired(ctx), schema: { response: { 200: MeSchema } } },
      async (request) => markEntryPageVisited(ctx, await requireUser(ctx, request)),
    );
  };
}
