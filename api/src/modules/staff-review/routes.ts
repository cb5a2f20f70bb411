import { STAFF_REVIEW_MESSAGES, endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { isOwnPageRequest } from '../../http/csrf';
import { implement, type Implementation } from '../../http/endpoints';
import { ApiError } from '../../http/errors';
import { staffDecisionRoutes } from '../staff-decisions/routes';
import { sendStoredFile } from '../uploads/download';
import { decideIdentity, entryDetail, entryQueue, uploadForStaff } from './service';

/**
 * The back office's review endpoints (`endpoints.staff.entries`, `.uploads`, `.users`): reviewers,
 * approvers and admins; an applicant's session never reaches them (403).
 */
export const staffReviewRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.staff.entries.list, async ({ query }) => entryQueue(ctx.db, ctx.now(), query, ctx.reviewWaitLimitHours)),

  implement(endpoints.staff.entries.get, async ({ params }) => entryDetail(ctx, params.id)),

  // The same download as the applicant's own (uploads/download.ts), audited as viewed by staff —
  // only for the back office's own request (X-CSRFToken or a same-origin fetch): a link or an <img>
  // on another site (the Lax staff cookie goes along) would forge "viewed" rows. It is refused
  // rather than served unaudited, so that no applicant file leaves without its audit row.
  implement(endpoints.staff.uploads.content, async ({ request, reply, staff, params }) => {
    if (!isOwnPageRequest(request)) throw new ApiError(403, { detail: STAFF_REVIEW_MESSAGES.fileViewNotFromBackoffice });
    return sendStoredFile(ctx, reply, await uploadForStaff(ctx, staff, params.id));
  }),

  implement(endpoints.staff.users.identity, async ({ staff, params, body }) => decideIdentity(ctx, staff, params.id, body)),

  // The decisions on an entry and its claims (staff-decisions/).
  ...staffDecisionRoutes(ctx),
];
