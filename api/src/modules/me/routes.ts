import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { issueCsrfToken } from '../../http/csrf';
import { implement, type Implementation } from '../../http/endpoints';
import { sessionTokenOf } from '../../http/session';
import { currentUserOf, markEntryPageVisited } from './service';

/** The current user (a visitor gets `{}`), and the first visit to the entry page. */
export const meRoutes = (ctx: AppContext): Implementation[] => [
  // The call that hands out the csrftoken cookie: see http/csrf.ts for why it may come without one.
  implement(endpoints.me.get, async ({ request, reply }) => {
    issueCsrfToken(request, reply, ctx.now());
    // One prepared query: the live session, the columns `me` reads and the attached files.
    return currentUserOf(ctx, sessionTokenOf(request));
  }),

  implement(endpoints.me.visitedEntryPage, async ({ auth }) => markEntryPageVisited(ctx, auth.user)),
];
