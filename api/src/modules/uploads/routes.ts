import { UPLOAD_MAX_FILE_BYTES, endpoints } from '@app/shared/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { activateDelinquency, createUpload, findOwnUpload, listUploads, removeUpload } from './service';
import { notFound } from '../../http/errors';

/** RFC 5987 `filename*` for a Japanese name, plus an ASCII fallback. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Uploads: the applicant's own files only (another user's id is 404, like a missing one). */
export const uploadRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.uploads.list, async ({ auth }) => listUploads(ctx, auth.user)),

  implement(endpoints.uploads.create, async ({ request, auth }) =>
    createUpload(
      ctx,
      auth.user, // preservePath: the name as sent, so a name with a path in it is refused rather than silently cut.
      request.parts({ preservePath: true, limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 200 } }),
    ),
  ),

  // Served as an attachment, never rendered by the browser: the stored type (decided from the
  // bytes), nosniff (every answer), and a sandbox CSP in case it is opened anyway.
  implement(endpoints.uploads.content, async ({ reply, auth, params }) => {
    const row = await findOwnUpload(ctx, auth.user, params.id);
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

  implement(endpoints.uploads.delete, async ({ auth, params }) => {
    await removeUpload(ctx, auth.user, params.id);
    return undefined;
  }),

  implement(endpoints.uploads.activeDelinquency, async ({ auth, body }) => activateDelinquency(ctx, auth.user, body.ids)),
];
