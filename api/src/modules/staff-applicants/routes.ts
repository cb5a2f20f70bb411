import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { addNote, applicantDetail, identityQueue, searchApplicants } from './service';

/**
 * The operations desk (`endpoints.staff.applicants`, `.identityQueue`): reviewers, approvers and
 * admins; an applicant's session never reaches them (403). The identity decision itself is
 * `POST /api/staff/users/{id}/identity/` (staff-review/), the same as in the entry view.
 */
export const staffApplicantRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.staff.applicants.search, async ({ query }) => searchApplicants(ctx.db, query)),
  implement(endpoints.staff.applicants.get, async ({ params }) => applicantDetail(ctx.db, params.id)),
  implement(endpoints.staff.applicants.addNote, async ({ staff, params, body }) => addNote(ctx, staff, params.id, body)),
  implement(endpoints.staff.identityQueue.list, async ({ query }) => identityQueue(ctx.db, query)),
];
