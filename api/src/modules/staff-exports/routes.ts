import { STAFF_EXPORT_MESSAGES, endpoints, type StaffExportKind, type StaffExportQuery } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { isOwnPageRequest } from '../../http/csrf';
import { implement, type Implementation } from '../../http/endpoints';
import { ApiError } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import { exportCsv } from './service';

/**
 * Exports for accounting (`endpoints.staff.exports`): approvers and admins. Only the back office's own
 * request (X-CSRFToken or a same-origin fetch) gets the file: each download writes an audit row, and
 * a link on another site (the Lax staff cookie goes along with a top-level GET) would forge one.
 */
export const staffExportRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.staff.exports.payouts, async ({ request, reply, staff, query }) =>
    send(ctx, request, reply, staff, 'payouts', query),
  ),
  implement(endpoints.staff.exports.contracts, async ({ request, reply, staff, query }) =>
    send(ctx, request, reply, staff, 'contracts', query),
  ),
];

async function send(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staff: StaffPrincipal,
  kind: StaffExportKind,
  query: StaffExportQuery,
): Promise<FastifyReply> {
  if (!isOwnPageRequest(request)) throw new ApiError(403, { detail: STAFF_EXPORT_MESSAGES.notOwnPage });
  const file = await exportCsv(ctx, staff, kind, query);
  return reply
    .status(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.csv);
}
