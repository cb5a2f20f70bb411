import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { sendContractDocument } from '../contract-document/store';
import { entryDetail } from '../staff-review/service';
import { approveEntry, assignEntry, contractDocumentForStaff, decideClaim, moveClaim, moveEntry, reviewDocument } from './service';

/**
 * The back office's decisions (`endpoints.staff.entries.documents|action|approve|contractDocument`,
 * `endpoints.staff.claims.decision|action`): each answers the fresh entry view, as
 * `GET /api/staff/entries/{id}/` would. Roles come from the catalogue (approve: approvers and admins).
 */
export const staffDecisionRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.staff.entries.documents, async ({ staff, params, body }) =>
    entryDetail(ctx, await reviewDocument(ctx, staff, params.id, body)),
  ),

  implement(endpoints.staff.entries.action, async ({ staff, params, body }) =>
    entryDetail(ctx, await moveEntry(ctx, staff, params.id, body)),
  ),

  implement(endpoints.staff.entries.assignee, async ({ staff, params, body }) =>
    entryDetail(ctx, await assignEntry(ctx, staff, params.id, body)),
  ),

  implement(endpoints.staff.entries.approve, async ({ staff, params, body }) =>
    entryDetail(ctx, await approveEntry(ctx, staff, params.id, body)),
  ),

  // The same download as the applicant's own contract (contract-document/store.ts), audited as viewed by staff.
  implement(endpoints.staff.entries.contractDocument, async ({ reply, staff, params }) =>
    sendContractDocument(ctx, reply, await contractDocumentForStaff(ctx, staff, params.id)),
  ),

  implement(endpoints.staff.claims.decision, async ({ staff, params, body }) =>
    entryDetail(ctx, await decideClaim(ctx, staff, params.id, body)),
  ),

  implement(endpoints.staff.claims.action, async ({ staff, params, body }) =>
    entryDetail(ctx, await moveClaim(ctx, staff, params.id, body)),
  ),
];
