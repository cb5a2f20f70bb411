import { endpoints } from '@app/shared/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { notFound } from '../../http/errors';
import { decideIdentity, entryDetail, entryQueue, uploadForStaff } from './service';

/** RFC 5987 `filename*` for a Japanese name, plus an ASCII fallback (as the applicant's download). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The back office's review endpoints (`endpoints.staff.entries`, `.uploads`, `.users`): reviewers,
 * approvers and admins; an applicant's session never reaches them (403).
 */
export const staffReviewRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.staff.entries.list, async ({ query }) => entryQueue(ctx.db, query)),

  implement(endpoints.staff.entries.get, async ({ params }) => entryDetail(ctx, params.id)),

  // The headers of the applicant's own download (uploads/routes.ts): an attachment, the stored
  // type, nosniff (every answer), a sandbox CSP in case it is opened anyway, never cached.
  implement(endpoints.staff.uploads.content, async ({ reply, staff, params }) => {
    const row = await uploadForStaff(ctx, staff, params.id);
    const body = await ctx.storage.get(row.storageKey);
    if (body === null) throw notFound();
    reply
      .header('Content-Type', row.contentType)
      .header('Content-Length', String(row.size))
      .header('Content-Disposition', attachment(row.name))
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store');
    return body;
  }),

  implement(endpoints.staff.users.identity, async ({ staff, params, body }) => decideIdentity(ctx, staff, params.id, body)),
];
