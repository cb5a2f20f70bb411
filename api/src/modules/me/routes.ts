import { endpoints } from '@app/shared/contracts';
import type { AppContext } from '../../context';
import { issueCsrfToken } from '../../http/csrf';
import { implement, type Implementation } from '../../http/endpoints';
import { authenticate } from '../../http/session';
import { currentUser, markEntryPageVisited } from './service';

/** The current user (a visitor gets `{}`), and the first visit to the entry page. */
export const meRoutes = (ctx: AppContext): Implementation[] => [
  // The call that hands out the csrftoken cookie: see http/csrf.ts for why it may come without one.
  implement(endpoints.me.get, async ({ request, reply }) => {
    issueCsrfToken(request, reply, ctx.now());
    const auth = await authenticate(ctx, request);
    return currentUser(ctx, auth?.user ?? null);
  }),

  implement(endpoints.me.visitedEntryPage, async ({ auth }) => markEntryPageVisited(ctx, auth.user)),
];
