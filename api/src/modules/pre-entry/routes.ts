import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { answerPreEntry, preEntryResultOf } from './service';

/** The pre-entry screening (事前審査): its result, and the one-time answer. */
export const preEntryRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.preEntry.get, async ({ auth }) => preEntryResultOf(auth.user)),
  implement(endpoints.preEntry.submit, async ({ request, auth, body }) => answerPreEntry(ctx, auth.user, body, { ip: request.ip })),
];
