import { endpoints } from '@app/shared/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { staffDecisionRoutes } from '../staff-decisions/routes';
import { sendStoredFile } from '../uploads/download';
import { decideIdentity, entryDetail, entryQueue, uploadForStaff } from './service';

/**
 * The back office's review endpoints (`endpoints.staff.entries`, `.uploads`, `.users`): reviewers,
 * approvers and admins; an applicant's session never reaches them (403).
 */
export const staffReviewRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.staff.entries.list, async ({ query }) => entryQueue(ctx.db, ctx.now(), query)),

  implement(endpoints.staff.entries.get, async ({ params }) => entryDetail(ctx, params.id)),

  // The same download as the applicant's own (uploads/download.ts), audited as viewed by staff.
  implement(endpoints.staff.uploads.content, async ({ reply, staff, params }) =>
    sendStoredFile(ctx, reply, await uploadForStaff(ctx, staff, params.id)),
  ),

  implement(endpoints.staff.users.identity, async ({ staff, params, body }) => decideIdentity(ctx, staff, params.id, body)),

  // The decisions on an entry and its claims (staff-decisions/).
  ...staffDecisionRoutes(ctx),
];
